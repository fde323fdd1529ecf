import type { OfflineAnswer, SyncOfflineRequest } from "@academy/contract/offline";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { scheduleAnswers } from "./attempts.ts";
import * as offlineRepo from "./offline-repo.ts";
import * as repo from "./repo.ts";
import { isEvidence } from "./schedule.ts";
import { checkResponseShape, scoreResponse } from "./scoring.ts";
import { resolveQuestion } from "./variables.ts";

/** Slack for a device clock a little ahead of the server's. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * Records answers given offline from practice packs (decision 32), exactly once and in order, in
 * one transaction per call. Each answer carries the device's id: an id already recorded is skipped,
 * so a batch sent again, or cut off and sent again, records nothing twice. The answers of one
 * offline quiz of the device (its `session`) make one practice quiz "Offline practice" in the
 * history, finished, its questions added as their answers arrive. Each answer is graded on the
 * server by the pack's numbers and counts for readiness and the review schedule exactly as a
 * practice answer does (the evidence rule, then the scheduling of a submitted quiz).
 */
export async function syncOfflineAnswers(db: Db, userId: number, body: SyncOfflineRequest, now = new Date()) {
  const ids = body.answers.map((a) => a.id);
  if (new Set(ids).size !== ids.length) throw badRequest("An answer id appears twice in this batch", { answers: "Repeated id" });
  for (const a of body.answers)
    if (Date.parse(a.answeredAt) > now.getTime() + CLOCK_SLACK_MS)
      throw badRequest("An answer is dated in the future", { answers: "answeredAt is ahead of now" });

  return db.transaction(async (tx) => {
    // One candidate's syncs run one at a time: two tabs sending the same batch cannot both record it.
    await repo.lockQuizCreation(tx, userId);
    const packIds = [...new Set(body.answers.map((a) => a.packId))];
    const packs = new Map((await offlineRepo.packsOf(tx, userId, packIds)).map((p) => [p.id, p]));
    const missing = packIds.find((id) => !packs.has(id));
    if (missing !== undefined) throw notFound(`Practice pack ${missing} not found`);

    // The pack's questions, graded as the device graded them (the pack's numbers and option ids).
    const questionIds = [...new Set([...packs.values()].flatMap((p) => p.items.map((i) => i.questionId)))];
    const rows = new Map((await repo.questionsByIds(tx, questionIds)).map((q) => [q.id, q]));
    const graded = body.answers.map((a) => {
      const pack = packs.get(a.packId)!;
      const item = pack.items.find((i) => rows.get(i.questionId)?.contentId === a.questionId);
      if (!item) throw badRequest(`Question ${a.questionId} is not part of practice pack ${a.packId}`, { answers: "Unknown question" });
      const q = resolveQuestion(rows.get(item.questionId)!, item.params, pack.seed);
      const problem = checkResponseShape(q, a.response);
      if (problem) throw badRequest(`${a.questionId}: ${problem}`, { answers: problem });
      return { a, item, q, isCorrect: scoreResponse(q, a.response) };
    });

    const recorded = await offlineRepo.recordedClientIds(tx, userId, ids);
    const fresh = graded.filter((g) => !recorded.has(g.a.id));
    // Offline quizzes in the order their first new answer was given; answers in the order sent.
    const sessions = new Map<string, typeof fresh>();
    for (const g of fresh) sessions.set(g.a.session, [...(sessions.get(g.a.session) ?? []), g]);

    let count = 0;
    for (const [session, list] of sessions) count += await recordSession(tx, userId, session, list, packs, now);
    return { recorded: count, skipped: body.answers.length - count, ids };
  });
}

type PackRow = Awaited<ReturnType<typeof offlineRepo.packsOf>>[number];

type Graded = {
  a: OfflineAnswer;
  item: { questionId: number; optionOrder: string[]; params: Record<string, number> | null };
  q: { id: number; themeSlug: string };
  isCorrect: boolean;
};

/** Records one offline quiz's new answers in its quiz (made on its first sync) and schedules them. */
async function recordSession(tx: Db, userId: number, session: string, list: Graded[], packs: ReadonlyMap<number, PackRow>, now: Date) {
  const first = list[0]!;
  const pack = first.a.packId;
  let quiz = await offlineRepo.findOfflineQuiz(tx, userId, session);
  if (quiz && quiz.settings.offline?.pack !== pack)
    throw badRequest("An offline quiz takes its questions from one practice pack", { answers: "Another pack" });
  if (list.some((g) => g.a.packId !== pack))
    throw badRequest("An offline quiz takes its questions from one practice pack", { answers: "Another pack" });
  const packRow = packs.get(pack)!;
  if (!quiz) {
    const startedAt = new Date(Math.min(Date.parse(first.a.answeredAt), now.getTime()));
    quiz = await offlineRepo.insertOfflineQuiz(tx, {
      userId,
      title: "Offline practice",
      trackSlug: packRow.trackSlug,
      blueprintVersion: (await repo.latestBlueprints(tx)).get(packRow.trackSlug)?.version ?? 1,
      settings: { themes: [], length: 0, difficulty: "adaptive", offline: { pack, session } },
      mode: "practice",
      seed: packRow.seed,
      status: "submitted",
      total: 0,
      createdAt: startedAt,
    });
  }
  const quizId = quiz.id;
  const items = await repo.quizItems(tx, quizId);
  const inQuiz = new Set(items.map((i) => i.questionId));
  // A question answered already in this offline quiz keeps its first answer, as in practice mode.
  const added: Graded[] = [];
  for (const g of list) {
    if (inQuiz.has(g.item.questionId)) continue;
    inQuiz.add(g.item.questionId);
    added.push(g);
  }
  await offlineRepo.addItems(
    tx,
    quizId,
    added.map((g, i) => ({
      questionId: g.item.questionId,
      position: items.length + i,
      optionOrder: g.item.optionOrder,
      params: g.item.params,
    })),
  );

  const qids = added.map((g) => g.item.questionId);
  const counted = await repo.lastEvidence(tx, userId, qids, quizId);
  const cards = await repo.reviewStates(tx, userId);
  const dueAt = new Map(cards.map((c) => [c.questionId, c.dueAt]));
  const given = [];
  for (const g of added) {
    const answeredAt = new Date(Math.min(Date.parse(g.a.answeredAt), now.getTime()));
    const row = {
      quizId,
      questionId: g.item.questionId,
      userId,
      clientId: g.a.id,
      response: g.a.response,
      isCorrect: g.isCorrect,
      answeredAt,
      unsure: g.a.unsure ?? false,
      seconds: g.a.seconds ?? null,
      evidence: isEvidence(counted.get(g.item.questionId) ?? null, dueAt.get(g.item.questionId) ?? null, answeredAt),
    };
    if (await offlineRepo.insertOfflineAnswer(tx, row)) given.push(row);
  }
  await scheduleAnswers(tx, userId, quizId, given);
  const themes = new Set([...quiz.settings.themes, ...added.map((g) => g.q.themeSlug)]);
  await offlineRepo.rescoreOfflineQuiz(tx, quizId, { ...quiz.settings, themes: [...themes].sort() });
  return given.length;
}
