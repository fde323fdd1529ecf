import { randomInt } from "node:crypto";
import type {
  CreateQuizRequest,
  DashboardModel,
  OnboardingProfile,
  PlayerQuestion,
  QuestionReview,
  QuizModel,
  QuizSummary,
  TrackInfo,
  UpdateQuizRequest,
} from "@academy/contract/quiz";
import { EXAM_SECONDS_PER_QUESTION } from "@academy/contract/quiz";
import { createEmptyCard, fsrs, Rating } from "ts-fsrs";
import type { Db } from "../../db/client.ts";
import type { AnswerResponse, QuizSettings } from "../../db/schema/quiz.ts";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error.ts";
import { getEntitlements } from "../entitlements/service.ts";
import { generateQuiz, type QuestionHistory } from "./generate.ts";
import { readiness, themeMastery } from "./readiness.ts";
import * as repo from "./repo.ts";
import { checkResponseShape, correctResponse, scoreResponse } from "./scoring.ts";

const DAY = 86_400_000;
/** Network slack after an exam's deadline before answers are refused. */
const DEADLINE_GRACE_MS = 5_000;
const scheduler = fsrs();

// ---------------------------------------------------------------- catalogue

export async function listTracks(db: Db): Promise<TrackInfo[]> {
  const [trackRows, themeRows, latest, counts] = await Promise.all([
    repo.listTracks(db),
    repo.listThemes(db),
    repo.latestBlueprints(db),
    repo.activeQuestionCounts(db),
  ]);
  const themeBySlug = new Map(themeRows.map((t) => [t.slug, t]));
  return trackRows.map((t) => {
    const bp = latest.get(t.slug);
    return {
      slug: t.slug,
      name: t.name,
      description: t.description,
      blueprintVersion: bp?.version ?? 0,
      themes: (bp?.themes ?? []).map((w) => ({
        slug: w.theme,
        name: themeBySlug.get(w.theme)?.name ?? w.theme,
        description: themeBySlug.get(w.theme)?.description ?? "",
        weight: w.weight,
        questionCount: counts.get(w.theme) ?? 0,
      })),
    };
  });
}

async function resolveTrack(db: Db, track: string) {
  const info = (await listTracks(db)).find((t) => t.slug === track);
  if (!info?.blueprintVersion) throw badRequest("Unknown track", { track: "Unknown track" });
  return info;
}

function checkThemes(info: TrackInfo, chosen: string[]) {
  const known = new Set(info.themes.map((t) => t.slug));
  const unknown = chosen.filter((t) => !known.has(t));
  if (unknown.length) throw badRequest(`Unknown theme for this track: ${unknown.slice(0, 5).join(", ")}`, { themes: "Unknown theme" });
  if (new Set(chosen).size !== chosen.length) throw badRequest("A theme is listed twice", { themes: "A theme is listed twice" });
}

// ---------------------------------------------------------------- onboarding

export async function getOnboarding(db: Db, userId: number) {
  return (await repo.getProfile(db, userId)) ?? {};
}

export async function saveOnboarding(db: Db, userId: number, patch: OnboardingProfile) {
  const current = (await repo.getProfile(db, userId)) ?? {};
  const next = { ...current, ...patch };
  if (next.track && (patch.themes || patch.track)) {
    const info = await resolveTrack(db, next.track);
    if (patch.track && patch.track !== current.track && !patch.themes) delete next.themes;
    if (next.themes) checkThemes(info, next.themes);
  }
  if (patch.confidence) {
    const all = new Set((await repo.listThemes(db)).map((t) => t.slug));
    if (Object.keys(patch.confidence).some((t) => !all.has(t))) throw badRequest("Unknown theme", { confidence: "Unknown theme" });
  }
  await repo.saveProfile(db, userId, next);
  return next;
}

// ---------------------------------------------------------------- mastery

async function masteryFor(db: Db, userId: number, themeSlugs: string[]) {
  const evidence = await repo.userEvidence(db, userId);
  return themeMastery(evidence, themeSlugs);
}

// ---------------------------------------------------------------- generation

type Settings = { track: string; themes: string[]; length: number; difficulty: QuizSettings["difficulty"]; mode: "practice" | "exam" };

async function resolveSettings(db: Db, userId: number, body: CreateQuizRequest) {
  const profile = (await repo.getProfile(db, userId)) ?? {};
  const track = body.track ?? profile.track;
  if (!track) throw badRequest("Choose your track first", { track: "Choose your track" });
  const info = await resolveTrack(db, track);
  const themes = body.themes ?? (profile.track === track ? profile.themes : undefined) ?? info.themes.map((t) => t.slug);
  checkThemes(info, themes);
  const settings: Settings = {
    track,
    themes,
    length: body.length ?? profile.quiz?.length ?? 20,
    difficulty: body.difficulty ?? profile.quiz?.difficulty ?? "adaptive",
    mode: body.mode ?? profile.quiz?.mode ?? "practice",
  };
  return { info, settings, profile };
}

/** Before any answers, self-rated confidence (1..5) stands in for mastery: 1 → 0.2 … 5 → 0.8. */
export const confidenceToMastery = (c: number) => 0.2 + 0.15 * (c - 1);

async function plan(db: Db, userId: number, info: TrackInfo, settings: Settings, seed: number, now: Date, only?: Set<number>) {
  const [allRows, reviews, mastery, profile] = await Promise.all([
    repo.bankFor(db, settings.themes, settings.track),
    repo.reviewStates(db, userId),
    masteryFor(db, userId, settings.themes),
    repo.getProfile(db, userId),
  ]);
  // Where standards differ, a candidate sees the global questions and their own region's.
  const region = profile?.region ?? "global";
  const bankRows = region === "global" ? allRows : allRows.filter((q) => q.region === "global" || q.region === region);
  const history = new Map<number, QuestionHistory>(
    reviews.map((r) => [r.questionId, { dueAt: r.dueAt.getTime(), lastCorrect: r.lastCorrect, lastSeenAt: r.lastSeenAt.getTime() }]),
  );
  const weights = Object.fromEntries(info.themes.filter((t) => settings.themes.includes(t.slug)).map((t) => [t.slug, t.weight]));
  const picked = generateQuiz({
    bank: bankRows.map((q) => ({
      id: q.id,
      theme: q.theme,
      difficulty: q.difficulty,
      type: q.type,
      optionIds: q.options.map((o) => o.id),
    })),
    history,
    weights,
    mastery: Object.fromEntries(
      [...mastery.values()].map((m) => {
        const confidence = profile?.confidence?.[m.theme];
        return [m.theme, m.answered === 0 && confidence ? confidenceToMastery(confidence) : m.mastery];
      }),
    ),
    length: settings.length,
    difficulty: settings.difficulty,
    seed,
    now: now.getTime(),
    only,
  });
  return { picked, bankRows };
}

export async function previewQuiz(
  db: Db,
  userId: number,
  body: { track?: CreateQuizRequest["track"]; themes: string[]; length: number; difficulty: QuizSettings["difficulty"] },
) {
  const { info, settings } = await resolveSettings(db, userId, { ...body, mode: "practice" });
  const { picked, bankRows } = await plan(db, userId, info, settings, 1, new Date());
  const byId = new Map(bankRows.map((q) => [q.id, q]));
  const names = new Map(info.themes.map((t) => [t.slug, t.name]));
  const mix = settings.themes.map((t) => ({ theme: t, themeName: names.get(t) ?? t, count: picked.filter((p) => p.theme === t).length }));
  const difficulty = [1, 2, 3, 4, 5].map((d) => ({
    level: d,
    count: picked.filter((p) => byId.get(p.questionId)?.difficulty === d).length,
  }));
  // One sample per theme, from the questions the quiz would hold: stems and options, never keys.
  const sampleIds = settings.themes.map((t) => picked.find((p) => p.theme === t)?.questionId).filter((x): x is number => x !== undefined);
  const rows = await repo.questionsByIds(db, sampleIds);
  const samples = settings.themes.flatMap((t) => {
    const q = rows.find((r) => r.themeSlug === t);
    if (!q) return [];
    return [
      {
        theme: t,
        themeName: names.get(t) ?? t,
        type: q.type,
        difficulty: q.difficulty,
        stem: q.stem,
        options: q.options.map((o) => ({ id: o.id, text: o.text })),
      },
    ];
  });
  return { total: picked.length, mix, difficulty, samples };
}

/**
 * Generates a quiz, or answers the candidate's unfinished one made from the same choices (unless
 * `new` asks for another): revisiting the generate screen resumes the quiz instead of stacking
 * up new ones, and only a new quiz counts against the weekly allowance.
 */
export async function createQuiz(
  db: Db,
  userId: number,
  body: CreateQuizRequest,
  now = new Date(),
): Promise<{ quiz: QuizModel; resumed: boolean }> {
  let only: Set<number> | undefined;
  let retryTitle: string | undefined;
  let request = body;
  if (body.retryOf !== undefined) {
    const source = await repo.findQuiz(db, userId, body.retryOf);
    if (!source) throw notFound("Quiz not found");
    if (source.status === "in_progress") throw conflict("Finish that quiz before retrying its missed questions");
    const [items, given] = await Promise.all([repo.quizItems(db, source.id), repo.quizAnswers(db, source.id)]);
    const right = new Set(given.filter((a) => a.isCorrect).map((a) => a.questionId));
    only = new Set(items.filter((i) => !right.has(i.questionId)).map((i) => i.questionId));
    if (only.size === 0) throw conflict("You answered every question of that quiz correctly: nothing to retry");
    request = {
      ...body,
      track: source.trackSlug as CreateQuizRequest["track"],
      themes: source.settings.themes,
      length: Math.max(only.size, 1),
      mode: body.mode ?? "practice",
    };
    retryTitle = `Retry of missed questions (quiz #${source.id})`;
  }
  if (body.reviewDue) {
    const due = (await repo.reviewStates(db, userId)).filter((r) => r.dueAt.getTime() <= now.getTime()).map((r) => r.questionId);
    if (due.length === 0) throw conflict("No questions are due for review right now");
    only = new Set(due);
    request = { ...request, length: Math.min(request.length ?? 20, 100) };
    retryTitle = "Spaced review";
  }

  const { info, settings } = await resolveSettings(db, userId, request);
  if (only && !body.length) settings.length = Math.min(only.size, 100);

  // Everything that reads the allowance or open quizzes and then inserts runs under the
  // candidate's lock: two creates at once can neither both pass the last free slot nor both
  // make the quiz the other one should have resumed.
  const made = await db.transaction(async (tx) => {
    await repo.lockQuizCreation(tx, userId);
    if (!body.new) {
      const open = (await repo.openQuizzes(tx, userId)).find((q) => isSameRequest(q, settings, body, now));
      if (open) return { id: open.id, resumed: true };
    }
    await checkQuota(tx, userId, now);

    const seed = body.seed ?? randomInt(0, 2 ** 31 - 1);
    const { picked } = await plan(tx, userId, info, settings, seed, now, only);
    if (picked.length === 0) throw conflict("No questions match these choices yet: choose more themes or another difficulty");

    const timeLimitSeconds = settings.mode === "exam" ? picked.length * EXAM_SECONDS_PER_QUESTION : null;
    const quiz = await repo.insertQuiz(
      tx,
      {
        userId,
        title: retryTitle ?? `${info.name} ${settings.mode === "exam" ? "timed exam" : "practice"}`,
        trackSlug: settings.track,
        blueprintVersion: info.blueprintVersion,
        settings: {
          themes: settings.themes,
          length: settings.length,
          difficulty: settings.difficulty,
          ...(body.retryOf ? { retryOf: body.retryOf } : {}),
          ...(body.reviewDue ? { review: true as const } : {}),
        },
        mode: settings.mode,
        seed,
        total: picked.length,
        timeLimitSeconds,
        deadlineAt: timeLimitSeconds ? new Date(now.getTime() + timeLimitSeconds * 1000) : null,
        createdAt: now,
      },
      picked.map((p, position) => ({ questionId: p.questionId, position, optionOrder: p.optionOrder })),
    );
    return { id: quiz.id, resumed: false };
  });
  return { quiz: await getQuiz(db, userId, made.id, now), resumed: made.resumed };
}

/**
 * Whether an unfinished quiz is what this create asks for: a retry of the same quiz, a spaced
 * review, or a quiz of the same track, themes, length, difficulty and mode (and seed, when one
 * is given). An exam whose time is up is over, even before a read closes it.
 */
function isSameRequest(quiz: repo.QuizRow, settings: Settings, body: CreateQuizRequest, now: Date) {
  if (quiz.deadlineAt && now.getTime() > quiz.deadlineAt.getTime() + DEADLINE_GRACE_MS) return false;
  if (quiz.mode !== settings.mode) return false;
  if (body.reviewDue) return quiz.settings.review === true;
  if (body.retryOf !== undefined) return quiz.settings.retryOf === body.retryOf;
  if (quiz.settings.review || quiz.settings.retryOf !== undefined) return false;
  const themes = new Set(quiz.settings.themes);
  return (
    quiz.trackSlug === settings.track &&
    quiz.settings.length === settings.length &&
    quiz.settings.difficulty === settings.difficulty &&
    themes.size === settings.themes.length &&
    settings.themes.every((t) => themes.has(t)) &&
    (body.seed === undefined || body.seed === quiz.seed)
  );
}

async function checkQuota(db: Db, userId: number, now: Date) {
  const plan = await getEntitlements(db, userId);
  if (plan.quizzesPerWeek === null) return;
  const used = await repo.countQuizzesSince(db, userId, new Date(now.getTime() - 7 * DAY));
  if (used >= plan.quizzesPerWeek)
    throw new HttpError(
      402,
      `Your ${plan.packageName} plan includes ${plan.quizzesPerWeek} quizzes per week and you have used them all. Upgrade your plan for unlimited quizzes, or come back when the oldest of this week's quizzes is 7 days old.`,
      { code: "QUIZ_LIMIT" },
    );
}

// ---------------------------------------------------------------- reading

async function loadQuiz(db: Db, userId: number, id: number, now: Date) {
  let quiz = await repo.findQuiz(db, userId, id);
  if (!quiz) throw notFound("Quiz not found");
  // An exam whose time is up closes itself on the next read: the answers given count.
  if (quiz.status === "in_progress" && quiz.deadlineAt && now.getTime() > quiz.deadlineAt.getTime() + DEADLINE_GRACE_MS) {
    await finish(db, userId, quiz.id, "expired", now);
    quiz = (await repo.findQuiz(db, userId, id))!;
  }
  return quiz;
}

function summarise(quiz: repo.QuizRow, answered: number): QuizSummary {
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

function reviewOf(q: repo.QuestionRow, response: AnswerResponse | null): QuestionReview {
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
  };
}

export async function getQuiz(db: Db, userId: number, id: number, now = new Date()): Promise<QuizModel> {
  const quiz = await loadQuiz(db, userId, id, now);
  const [items, given, themeRows] = await Promise.all([repo.quizItems(db, id), repo.quizAnswers(db, id), repo.listThemes(db)]);
  const rows = await repo.questionsByIds(
    db,
    items.map((i) => i.questionId),
  );
  const byId = new Map(rows.map((q) => [q.id, q]));
  const answerBy = new Map(given.map((a) => [a.questionId, a]));
  const themeName = new Map(themeRows.map((t) => [t.slug, t.name]));
  const closed = quiz.status !== "in_progress";

  const playerQuestions = items.map((item) => {
    const q = byId.get(item.questionId)!;
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

  const model: QuizModel = {
    ...summarise(quiz, given.length),
    blueprintVersion: quiz.blueprintVersion,
    settings: { themes: quiz.settings.themes, length: quiz.settings.length, difficulty: quiz.settings.difficulty },
    position: quiz.position,
    timeLimitSeconds: quiz.timeLimitSeconds,
    serverNow: now.toISOString(),
    questions: playerQuestions,
  };
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
    const items = await repo.quizItems(tx, id);
    const rows = await repo.questionsByIds(
      tx,
      items.map((i) => i.questionId),
    );
    const byContentId = new Map(rows.map((q) => [q.contentId, q]));
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
    }
    for (const f of body.flags ?? [])
      if (!byContentId.has(f.questionId))
        throw badRequest(`Question ${f.questionId} is not part of this quiz`, { flags: "Unknown question" });
    if (body.position !== undefined && body.position >= items.length)
      throw badRequest("Position is outside the quiz", { position: "Out of range" });

    for (const a of body.answers ?? []) {
      const q = byContentId.get(a.questionId)!;
      await repo.upsertAnswer(tx, {
        quizId: id,
        questionId: q.id,
        userId,
        response: a.response,
        isCorrect: scoreResponse(q, a.response),
        answeredAt: now,
      });
      if (quiz.mode === "practice") out.push({ questionId: q.contentId, review: reviewOf(q, a.response) });
    }
    for (const f of body.flags ?? []) await repo.setFlag(tx, id, byContentId.get(f.questionId)!.id, f.flagged);
    if (body.position !== undefined) await repo.updateQuizRow(tx, id, { position: body.position });
    return out;
  });
  return { feedback };
}

export async function submitQuiz(db: Db, userId: number, id: number, now = new Date()) {
  const quiz = await loadQuiz(db, userId, id, now);
  if (quiz.status !== "in_progress") throw conflict("This quiz is already submitted");
  await finish(db, userId, id, "submitted", now);
  return getQuiz(db, userId, id, now);
}

/** Scores the quiz and schedules each answered question's next review, in one transaction. */
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
    const cards = new Map((await repo.reviewStates(tx, userId)).map((r) => [r.questionId, r.card]));
    for (const a of given) {
      const stored = cards.get(a.questionId);
      const card = stored ? (stored as unknown as Parameters<typeof scheduler.next>[0]) : createEmptyCard(a.answeredAt);
      const next = scheduler.next(card, a.answeredAt, a.isCorrect ? Rating.Good : Rating.Again).card;
      await repo.upsertReview(tx, {
        userId,
        questionId: a.questionId,
        card: next as unknown as Record<string, unknown>,
        dueAt: new Date(next.due),
        lastCorrect: a.isCorrect,
        lastSeenAt: a.answeredAt,
      });
    }
  });
}

export async function deleteQuiz(db: Db, userId: number, id: number) {
  const quiz = await repo.findQuiz(db, userId, id);
  if (!quiz) throw notFound("Quiz not found");
  // Results are the evidence behind readiness and review: only an unfinished quiz can be discarded.
  if (quiz.status !== "in_progress") throw conflict("A finished quiz stays in your history and cannot be deleted");
  await repo.deleteQuizRow(db, id);
}

// ---------------------------------------------------------------- dashboard and progress

export async function dashboard(db: Db, userId: number, now = new Date()): Promise<DashboardModel> {
  const [profile, tracksInfo, plan, used, due, recent] = await Promise.all([
    repo.getProfile(db, userId),
    listTracks(db),
    getEntitlements(db, userId),
    repo.countQuizzesSince(db, userId, new Date(now.getTime() - 7 * DAY)),
    repo.countDue(db, userId, now),
    listQuizzes(db, userId, now),
  ]);
  const track = tracksInfo.find((t) => t.slug === profile?.track) ?? null;
  let mastery: DashboardModel["mastery"] = [];
  let ready: DashboardModel["readiness"] = null;
  if (track) {
    const m = await masteryFor(
      db,
      userId,
      track.themes.map((t) => t.slug),
    );
    mastery = track.themes.map((t) => {
      const x = m.get(t.slug)!;
      return {
        theme: t.slug,
        themeName: t.name,
        mastery: x.mastery,
        low: x.low,
        high: x.high,
        answered: x.answered,
        correct: x.correct,
        weight: t.weight,
      };
    });
    ready = readiness(
      m,
      track.themes.map((t) => ({ theme: t.slug, weight: t.weight })),
    );
  }
  return {
    track: track?.slug ?? null,
    trackName: track?.name ?? null,
    readiness: ready,
    mastery,
    dueForReview: due,
    recent: recent.slice(0, 5),
    quota: { packageName: plan.packageName, quizzesPerWeek: plan.quizzesPerWeek, usedThisWeek: used },
    targetExamDate: profile?.targetExamDate ?? null,
  };
}

/** Readiness after each finished quiz, for the trend on /user/prev. */
export async function progress(db: Db, userId: number) {
  const [profile, tracksInfo, evidence, quizzes] = await Promise.all([
    repo.getProfile(db, userId),
    listTracks(db),
    repo.userEvidence(db, userId),
    listQuizzes(db, userId),
  ]);
  const track = tracksInfo.find((t) => t.slug === profile?.track);
  const finished = quizzes.filter((q) => q.status !== "in_progress").reverse();
  const trend = track
    ? finished.map((q) => {
        const upTo = new Set(finished.filter((f) => f.id <= q.id).map((f) => f.id));
        const m = themeMastery(
          evidence.filter((e) => upTo.has(e.quizId)),
          track.themes.map((t) => t.slug),
        );
        const r = readiness(
          m,
          track.themes.map((t) => ({ theme: t.slug, weight: t.weight })),
        );
        return { quizId: q.id, at: q.submittedAt ?? q.createdAt, score: q.score, ...r };
      })
    : [];
  return { attempts: quizzes, trend };
}

/**
 * What a coach should know before a session: readiness, the weakest themes first, the latest
 * quizzes and the questions missed most recently.
 */
export async function coachingBrief(db: Db, userId: number, now = new Date()) {
  const [board, missed] = await Promise.all([dashboard(db, userId, now), repo.recentlyMissed(db, userId, 5)]);
  const weakest = [...board.mastery]
    .filter((m) => m.answered > 0)
    .sort((a, b) => a.mastery - b.mastery)
    .slice(0, 3)
    .map((m) => ({ theme: m.theme, themeName: m.themeName, mastery: m.mastery }));
  return {
    trackName: board.trackName,
    readiness: board.readiness?.readiness ?? null,
    weakestThemes: weakest,
    recentQuizzes: board.recent.map((q) => ({
      id: q.id,
      title: q.title,
      status: q.status,
      score: q.score,
      at: q.submittedAt ?? q.createdAt,
    })),
    missedQuestions: missed.map((m) => ({ theme: m.theme, stem: m.stem })),
  };
}
