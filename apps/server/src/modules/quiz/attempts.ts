import type { PlayerQuestion, QuestionReview, QuizModel, QuizSummary, UpdateQuizRequest } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import type { AnswerResponse } from "../../db/schema/quiz.ts";
import { badRequest, conflict, notFound } from "../../lib/http-error.ts";
import { assertNotOnBreak, breaksOf } from "./break-state.ts";
import { listTracks } from "./catalogue.ts";
import { type BankQuestion, optionOrderFor } from "./generate.ts";
import { adaptiveLimits, adaptivePool, adaptiveState, extendAdaptive, mockResult } from "./mock-exam.ts";
import * as repo from "./repo.ts";
import { examDateOf, isEvidence, nextCard, ratingFor, shouldSchedule } from "./schedule.ts";
import { checkResponseShape, correctResponse, scoreResponse } from "./scoring.ts";
import { resolveQuestion } from "./variables.ts";

/** Taking a quiz: reading it, saving answers, submitting and scoring, discarding. */

/** Whether an adaptive exam in progress has every question answered and its stopping rule met. */
async function adaptiveComplete(db: Db, userId: number, quiz: repo.QuizRow, now: Date) {
  const [tracks, profile] = await readTogether(db, [() => listTracks(db), () => repo.getProfile(db, userId)]);
  const track = tracks.find((t) => t.slug === quiz.trackSlug);
  if (!track) return true;
  const state = await adaptiveState(db, quiz, track);
  if (state.answered < state.items.length) return false;
  if (state.stop) return true;
  // Nothing is added on a read: with every question answered and no next one, the exam is complete.
  const pool = await adaptivePool(db, track, profile?.region, userId, now);
  const asked = new Set(state.items.map((i) => i.questionId));
  return pool.every((q) => asked.has(q.id));
}

export const DAY = 86_400_000;
/** Network slack after an exam's deadline before answers are refused. */
export const DEADLINE_GRACE_MS = 5_000;

export async function loadQuiz(db: Db, userId: number, id: number, now: Date) {
  let quiz = await repo.findQuiz(db, userId, id);
  if (!quiz) throw notFound("Quiz not found");
  // An exam whose time is up closes itself on the next read: the answers given count.
  if (quiz.status === "in_progress" && quiz.deadlineAt && now.getTime() > quiz.deadlineAt.getTime() + DEADLINE_GRACE_MS) {
    await finish(db, userId, quiz.id, "expired", now);
    quiz = (await repo.findQuiz(db, userId, id))!;
  }
  return quiz;
}

export function summarise(quiz: repo.QuizRow, answered: number): QuizSummary {
  return {
    id: quiz.id,
    title: quiz.title,
    track: quiz.trackSlug,
    mode: quiz.mode,
    status: quiz.status,
    total: quiz.total,
    answered,
    correctCount: quiz.correctCount,
    score: quiz.score,
    createdAt: quiz.createdAt.toISOString(),
    submittedAt: quiz.submittedAt?.toISOString() ?? null,
    deadlineAt: quiz.deadlineAt?.toISOString() ?? null,
    missed: quiz.correctCount === null ? 0 : quiz.total - quiz.correctCount,
  };
}

type ResolvedQuestion = ReturnType<typeof resolveQuestion<repo.QuestionRow>>;

export function reviewOf(q: ResolvedQuestion, response: AnswerResponse | null): QuestionReview {
  return {
    isCorrect: response ? scoreResponse(q, response) : false,
    correct: correctResponse(q),
    explanation: q.explanation,
    options: q.options.map((o) => ({
      id: o.id,
      text: o.text,
      ...(o.correct !== undefined ? { correct: o.correct } : {}),
      explanation: o.explanation,
    })),
    ...(q.numeric ? { numeric: q.numeric } : {}),
    source: q.source,
    reference: q.reference,
    guideline: q.guideline ?? null,
  };
}

/** The accommodation a timed quiz was started with, as the player and the result show it. */
const extraTimeOf = (quiz: repo.QuizRow) => {
  const e = quiz.settings.extraTime;
  return e ? { factor: e.factor, break_minutes: e.breakMinutes, base_seconds: e.baseSeconds } : null;
};

export async function getQuiz(db: Db, userId: number, id: number, now = new Date()): Promise<QuizModel> {
  const quiz = await loadQuiz(db, userId, id, now);
  const [items, given, themeRows] = await readTogether(db, [
    () => repo.quizItems(db, id),
    () => repo.quizAnswers(db, id),
    () => repo.listThemes(db),
  ]);
  const rows = await repo.questionsByIds(
    db,
    items.map((i) => i.questionId),
  );
  const byId = new Map(rows.map((q) => [q.id, q]));
  const answerBy = new Map(given.map((a) => [a.questionId, a]));
  const themeName = new Map(themeRows.map((t) => [t.slug, t.name]));
  const closed = quiz.status !== "in_progress";

  const playerQuestions = items.map((item) => {
    // A question whose numbers vary shows and grades the numbers drawn for this quiz.
    const q = resolveQuestion(byId.get(item.questionId)!, item.params, quiz.seed);
    const optionById = new Map(q.options.map((o) => [o.id, o]));
    const answer = answerBy.get(q.id);
    const response = answer?.response ?? null;
    const player: PlayerQuestion & { review?: QuestionReview } = {
      questionId: q.contentId,
      position: item.position,
      theme: q.themeSlug,
      themeName: themeName.get(q.themeSlug) ?? q.themeSlug,
      type: q.type,
      difficulty: q.difficulty,
      stem: q.stem,
      image: q.image ? { url: `/content/images/${q.image.file}`, alt: q.image.alt } : null,
      options: item.optionOrder.map((oid) => ({ id: oid, text: optionById.get(oid)?.text ?? "" })),
      unit: q.numeric?.unit ?? "",
      ...(q.type === "multiple" ? { choose: q.options.filter((o) => o.correct).length } : {}),
      flagged: item.flagged,
      response,
    };
    // Keys and explanations leave the server only after submit, or in practice once answered.
    if (closed) player.review = reviewOf(q, response);
    else if (quiz.mode === "practice") player.feedback = answer ? reviewOf(q, response) : null;
    return player;
  });

  const breaks = breaksOf(quiz, now);
  const model: QuizModel = {
    ...summarise(quiz, given.length),
    blueprintVersion: quiz.blueprintVersion,
    settings: { themes: quiz.settings.themes, length: quiz.settings.length, difficulty: quiz.settings.difficulty },
    position: quiz.position,
    timeLimitSeconds: quiz.timeLimitSeconds,
    serverNow: now.toISOString(),
    // During a break the questions stay on the server: the clock is stopped, so they are not to be read.
    questions: breaks?.on_break_until && !closed ? [] : playerQuestions,
    mock: quiz.settings.mock ?? null,
    extraTime: extraTimeOf(quiz),
    breaks,
  };
  if (quiz.settings.mock === "adaptive") {
    const limits = adaptiveLimits(quiz);
    model.minQuestions = limits.min;
    model.maxQuestions = limits.max;
    if (!closed) model.complete = await adaptiveComplete(db, userId, quiz, now);
  }
  if (quiz.settings.mock && closed) {
    const track = (await listTracks(db)).find((t) => t.slug === quiz.trackSlug);
    model.examResult = await mockResult(db, quiz, track, themeName);
  }
  if (closed) {
    const breakdown = new Map<string, { theme: string; themeName: string; total: number; correct: number }>();
    for (const q of playerQuestions) {
      const b = breakdown.get(q.theme) ?? { theme: q.theme, themeName: q.themeName, total: 0, correct: 0 };
      b.total += 1;
      if (q.review?.isCorrect) b.correct += 1;
      breakdown.set(q.theme, b);
    }
    model.breakdown = [...breakdown.values()].sort((a, b) => a.themeName.localeCompare(b.themeName));
  }
  return model;
}

export async function listQuizzes(db: Db, userId: number, now = new Date()): Promise<QuizSummary[]> {
  const rows = await repo.listQuizzes(db, userId);
  const out: QuizSummary[] = [];
  for (const r of rows) {
    if (r.quiz.status === "in_progress" && r.quiz.deadlineAt && now.getTime() > r.quiz.deadlineAt.getTime() + DEADLINE_GRACE_MS) {
      const q = await loadQuiz(db, userId, r.quiz.id, now);
      out.push(summarise(q, r.answered));
    } else out.push(summarise(r.quiz, r.answered));
  }
  return out;
}

// ---------------------------------------------------------------- answering

export async function updateQuiz(db: Db, userId: number, id: number, body: UpdateQuizRequest, now = new Date()) {
  await loadQuiz(db, userId, id, now);
  const feedback = await db.transaction(async (tx) => {
    const quiz = await repo.lockQuiz(tx, userId, id);
    if (!quiz) throw notFound("Quiz not found");
    if (quiz.status === "expired") throw conflict("The time limit of this exam has passed: answers are no longer accepted");
    if (quiz.status !== "in_progress") throw conflict("This quiz is already submitted: its answers can no longer change");
    if (quiz.deadlineAt && now.getTime() > quiz.deadlineAt.getTime() + DEADLINE_GRACE_MS)
      throw conflict("The time limit of this exam has passed: answers are no longer accepted");
    assertNotOnBreak(quiz, now);
    const items = await repo.quizItems(tx, id);
    const rows = await repo.questionsByIds(
      tx,
      items.map((i) => i.questionId),
    );
    const paramsOf = new Map(items.map((i) => [i.questionId, i.params]));
    const byContentId = new Map(rows.map((q) => [q.contentId, resolveQuestion(q, paramsOf.get(q.id), quiz.seed)]));
    const existing = new Map((await repo.quizAnswers(tx, id)).map((a) => [a.questionId, a]));
    const out: { questionId: string; review: QuestionReview }[] = [];

    // Check everything first so a bad entry changes nothing.
    for (const a of body.answers ?? []) {
      const q = byContentId.get(a.questionId);
      if (!q) throw badRequest(`Question ${a.questionId} is not part of this quiz`, { answers: "Unknown question" });
      const problem = checkResponseShape(q, a.response);
      if (problem) throw badRequest(problem, { answers: problem });
      if (quiz.mode === "practice" && existing.has(q.id))
        throw conflict("In practice mode an answer is final once you have seen its feedback");
      // An adaptive exam asks one question at a time: its answer is final and decides the next.
      if (quiz.settings.mock === "adaptive") {
        if (existing.has(q.id)) throw conflict("In an adaptive exam an answer is final: the next question depends on it");
        if (q.id !== items.at(-1)?.questionId) throw conflict("In an adaptive exam only the current question can be answered");
      }
    }
    if (quiz.settings.mock === "adaptive" && (body.answers?.length ?? 0) > 1)
      throw badRequest("An adaptive exam takes one answer at a time", { answers: "One answer at a time" });
    for (const f of body.flags ?? [])
      if (!byContentId.has(f.questionId))
        throw badRequest(`Question ${f.questionId} is not part of this quiz`, { flags: "Unknown question" });
    if (body.position !== undefined && body.position >= items.length)
      throw badRequest("Position is outside the quiz", { position: "Out of range" });

    const answeredIds = (body.answers ?? []).map((a) => byContentId.get(a.questionId)!.id);
    const [counted, cards] = await readTogether(tx, [
      () => repo.lastEvidence(tx, userId, answeredIds, id),
      () => (body.answers?.length ? repo.reviewStates(tx, userId) : Promise.resolve([])),
    ]);
    const dueAt = new Map(cards.map((c) => [c.questionId, c.dueAt]));
    for (const a of body.answers ?? []) {
      const q = byContentId.get(a.questionId)!;
      await repo.upsertAnswer(tx, {
        quizId: id,
        questionId: q.id,
        userId,
        response: a.response,
        isCorrect: scoreResponse(q, a.response),
        answeredAt: now,
        unsure: a.unsure ?? false,
        seconds: a.seconds ?? null,
        evidence: isEvidence(counted.get(q.id) ?? null, dueAt.get(q.id) ?? null, now),
      });
      if (quiz.mode === "practice") out.push({ questionId: q.contentId, review: reviewOf(q, a.response) });
    }
    for (const f of body.flags ?? []) await repo.setFlag(tx, id, byContentId.get(f.questionId)!.id, f.flagged);
    if (body.position !== undefined) await repo.updateQuizRow(tx, id, { position: body.position });
    let complete: boolean | undefined;
    if (quiz.settings.mock === "adaptive" && body.answers?.length) {
      const [tracks, profile] = await readTogether(tx, [() => listTracks(tx), () => repo.getProfile(tx, userId)]);
      const track = tracks.find((t) => t.slug === quiz.trackSlug);
      if (track)
        complete = (
          await extendAdaptive(
            tx,
            quiz,
            track,
            profile?.region,
            (ids, type, qid) => optionOrderFor(type as BankQuestion["type"], ids, quiz.seed, qid),
            now,
          )
        ).complete;
    }
    return { out, complete };
  });
  return { feedback: feedback.out, ...(feedback.complete !== undefined ? { complete: feedback.complete } : {}) };
}

export async function submitQuiz(db: Db, userId: number, id: number, now = new Date()) {
  const quiz = await loadQuiz(db, userId, id, now);
  if (quiz.status !== "in_progress") throw conflict("This quiz is already submitted");
  if (quiz.settings.mock === "adaptive") {
    // Like the real adaptive exam, it cannot be cut short: it decides after its minimum length (or at the time limit).
    const { min } = adaptiveLimits(quiz);
    const answered = (await repo.quizAnswers(db, id)).length;
    if (answered < min)
      throw conflict(
        `An adaptive mock exam decides after at least ${min} answers: you have given ${answered}, ${min - answered} to go. Keep answering; if the time runs out first, the result is decided on your answers so far.`,
      );
  }
  await finish(db, userId, id, "submitted", now);
  return getQuiz(db, userId, id, now);
}

/** Scores the quiz and schedules the next review of each missed (or "not sure") question, in one transaction. */
async function finish(db: Db, userId: number, id: number, status: "submitted" | "expired", now: Date) {
  await db.transaction(async (tx) => {
    const quiz = await repo.lockQuiz(tx, userId, id);
    if (quiz?.status !== "in_progress") {
      // Two readers expiring the same exam at once: the first one did the work.
      if (status === "expired") return;
      throw conflict("This quiz is already submitted");
    }
    const given = await repo.quizAnswers(tx, id);
    const correctCount = given.filter((a) => a.isCorrect).length;
    await repo.updateQuizRow(tx, id, {
      status,
      correctCount,
      score: quiz.total ? correctCount / quiz.total : 0,
      submittedAt: status === "submitted" ? now : (quiz.deadlineAt ?? now),
    });
    await scheduleAnswers(tx, userId, id, given);
  });
}

type GivenAnswer = { questionId: number; isCorrect: boolean; unsure: boolean; seconds: number | null; answeredAt: Date };

/**
 * Schedules the next review of each of a quiz's answers that calls for one (a miss, a "not sure",
 * or a question already on the schedule), in the order given: what submitting a quiz does, and
 * what syncing answers given offline does (offline-sync.ts). Run inside the caller's transaction.
 */
export async function scheduleAnswers(tx: Db, userId: number, quizId: number, given: readonly GivenAnswer[]) {
  const cards = new Map((await repo.reviewStates(tx, userId)).map((r) => [r.questionId, r.card]));
  // No review is scheduled after the candidate's exam date.
  const examAt = examDateOf((await repo.getProfile(tx, userId))?.targetExamDate);
  const difficulty = new Map(
    (
      await repo.questionsByIds(
        tx,
        given.map((a) => a.questionId),
      )
    ).map((q) => [q.id, q.difficulty]),
  );
  for (const a of given) {
    const stored = cards.get(a.questionId) ?? null;
    const answer = { isCorrect: a.isCorrect, unsure: a.unsure, seconds: a.seconds, difficulty: difficulty.get(a.questionId) ?? 3 };
    // A right first answer is not brought back: only misses and "not sure" answers are scheduled.
    if (!shouldSchedule(answer, stored !== null)) continue;
    const next = nextCard(stored, answer, a.answeredAt, examAt);
    await repo.upsertReview(tx, {
      userId,
      questionId: a.questionId,
      card: next as unknown as Record<string, unknown>,
      dueAt: new Date(next.due),
      lastCorrect: a.isCorrect,
      lastSeenAt: a.answeredAt,
    });
    cards.set(a.questionId, next as unknown as Record<string, unknown>);
    await repo.setAnswerRating(tx, quizId, a.questionId, ratingFor(answer));
  }
}

export async function deleteQuiz(db: Db, userId: number, id: number) {
  const quiz = await repo.findQuiz(db, userId, id);
  if (!quiz) throw notFound("Quiz not found");
  // Results are the evidence behind readiness and review: only an unfinished quiz can be discarded.
  if (quiz.status !== "in_progress") throw conflict("A finished quiz stays in your history and cannot be deleted");
  await repo.deleteQuizRow(db, id);
}
