import { randomInt } from "node:crypto";
import type { CreateQuizRequest, QuizModel, TrackInfo } from "@academy/contract/quiz";
import { EXAM_SECONDS_PER_QUESTION } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import type { QuizSettings } from "../../db/schema/quiz.ts";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error.ts";
import { accommodationInForce } from "../accommodations/service.ts";
import { getEntitlements } from "../entitlements/service.ts";
import { DAY, DEADLINE_GRACE_MS, getQuiz } from "./attempts.ts";
import { checkThemes, resolveTrack } from "./catalogue.ts";
import { type BankQuestion, generateQuiz, optionOrderFor, type QuestionHistory, reviewShareFor } from "./generate.ts";
import { firstAdaptiveItem } from "./mock-exam.ts";
import { masteryFor } from "./progress.ts";
import { visibleInRegion } from "./regions.ts";
import * as repo from "./repo.ts";
import { todaysReviewSession } from "./review-session.ts";
import { DEFAULT_DAILY_REVIEWS } from "./schedule.ts";
import { drawParams, resolveQuestion } from "./variables.ts";

export type Settings = {
  track: string;
  themes: string[];
  length: number;
  difficulty: QuizSettings["difficulty"];
  mode: "practice" | "exam";
};

export async function resolveSettings(db: Db, userId: number, body: CreateQuizRequest) {
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

/** Picks a quiz's questions (generate.ts) from the candidate's bank, history and mastery. */
export async function plan(
  db: Db,
  userId: number,
  info: TrackInfo,
  settings: Settings,
  seed: number,
  now: Date,
  only?: Set<number>,
  blueprintOnly = false,
  options: { reviewShare?: number; exclude?: ReadonlySet<number> } = {},
) {
  const [allRows, reviews, seenRows, mastery, profile] = await readTogether(db, [
    () => repo.bankFor(db, settings.themes, settings.track),
    () => repo.reviewStates(db, userId),
    () => repo.lastSeen(db, userId),
    () => masteryFor(db, userId, settings.track, settings.themes),
    () => repo.getProfile(db, userId),
  ]);
  // Where standards differ, a candidate sees the global questions and their own region's.
  const bankRows = visibleInRegion(allRows, profile?.region).filter((q) => !options.exclude?.has(q.id));
  const history = new Map<number, QuestionHistory>(
    seenRows.map((r) => [r.questionId, { dueAt: null, lastCorrect: r.everRight, lastSeenAt: r.lastSeenAt.getTime() }]),
  );
  for (const r of reviews)
    history.set(r.questionId, { dueAt: r.dueAt.getTime(), lastCorrect: r.lastCorrect, lastSeenAt: r.lastSeenAt.getTime() });
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
    blueprintOnly,
    reviewShare:
      options.reviewShare ??
      reviewShareFor(reviews.filter((r) => r.dueAt.getTime() <= now.getTime()).length, profile?.dailyReviews ?? DEFAULT_DAILY_REVIEWS),
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
    const row = rows.find((r) => r.themeSlug === t);
    if (!row) return [];
    // A question whose numbers vary shows numbers drawn as a quiz would draw them, never "{volume} mL".
    const q = resolveQuestion(row, null, 1);
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
    const [items, given] = await readTogether(db, [() => repo.quizItems(db, source.id), () => repo.quizAnswers(db, source.id)]);
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
  if (body.reviewDue && body.missedToday)
    throw badRequest("Choose the review session or today's missed questions", { missedToday: "Not with reviewDue" });
  if (body.reviewDue) {
    const session = await todaysReviewSession(db, userId, now);
    if (session.due === 0) throw conflict("No questions are due for review right now");
    if (session.ids.length === 0)
      throw conflict(
        `You have done today's ${session.cap} reviews: the rest wait for tomorrow. You can raise your daily review limit in your settings.`,
      );
    only = new Set(session.ids);
    request = { ...request, length: session.ids.length };
    retryTitle = "Spaced review";
  }
  if (body.missedToday) {
    const ids = (await repo.missedOrFlaggedSince(db, userId, new Date(now.getTime() - DAY))).slice(0, 100);
    if (ids.length === 0) throw conflict("You have missed or flagged no questions in the last 24 hours");
    only = new Set(ids);
    request = { ...request, length: ids.length };
    retryTitle = "Missed and flagged today";
  }
  // The review session and today's missed questions are free: they do not use the plan's weekly quizzes.
  const isFree = body.reviewDue === true || body.missedToday === true;

  if (body.mock && (body.retryOf !== undefined || isFree))
    throw badRequest("A mock exam is neither a retry nor a review", { mock: "Not with retryOf, reviewDue or missedToday" });
  const { info, settings, profile } = await resolveSettings(db, userId, request);
  if (only && (!body.length || isFree)) settings.length = Math.min(only.size, 100);
  let minLength: number | undefined;
  let timeLimitOverride: number | undefined;
  if (body.mock) {
    const exam = info.exam;
    if (!exam) throw conflict(`The ${info.name} track names no real exam to copy yet`);
    // The real exam: every blueprint theme, its length and its time.
    settings.themes = info.themes.map((t) => t.slug);
    settings.mode = "exam";
    settings.difficulty = "adaptive";
    settings.length = body.mock === "adaptive" ? (exam.adaptive?.maxQuestions ?? exam.questions) : exam.questions;
    minLength = body.mock === "adaptive" ? (exam.adaptive?.minQuestions ?? Math.ceil(exam.questions / 2)) : undefined;
    timeLimitOverride = exam.minutes * 60;
  }

  // Everything that reads the allowance or open quizzes and then inserts runs under the
  // candidate's lock: two creates at once can neither both pass the last free slot nor both
  // make the quiz the other one should have resumed.
  const made = await db.transaction(async (tx) => {
    await repo.lockQuizCreation(tx, userId);
    if (!body.new) {
      const open = (await repo.openQuizzes(tx, userId)).find((q) => isSameRequest(q, settings, body, now));
      if (open) return { id: open.id, resumed: true };
    }
    if (!isFree) await checkQuota(tx, userId, now);

    const seed = body.seed ?? randomInt(0, 2 ** 31 - 1);
    let picked: { questionId: number; optionOrder: string[] }[];
    if (body.mock === "adaptive") {
      // The adaptive exam starts with a question drawn among those nearest the cut; each answer adds the next.
      const q = await firstAdaptiveItem(tx, info, profile.region, userId, seed, now);
      picked = q ? [{ questionId: q.id, optionOrder: optionOrderFor(q.type as BankQuestion["type"], q.optionIds, seed, q.id) }] : [];
    } else picked = (await plan(tx, userId, info, settings, seed, now, only, body.mock === "fixed")).picked;
    if (picked.length === 0) throw conflict("No questions match these choices yet: choose more themes or another difficulty");
    const numericKeys = await repo.numericKeysOf(
      tx,
      picked.map((p) => p.questionId),
    );

    const baseSeconds = timeLimitOverride ?? (settings.mode === "exam" ? picked.length * EXAM_SECONDS_PER_QUESTION : null);
    // An accommodation in force now stretches the time; the quiz keeps these terms whatever happens to it later.
    const accommodation = baseSeconds ? await accommodationInForce(tx, userId, now) : null;
    const extraTime = baseSeconds && accommodation ? { ...accommodation, baseSeconds } : undefined;
    // Breaks are not answering time: they stop the clock when taken (breaks.ts).
    const timeLimitSeconds = baseSeconds && extraTime ? Math.round(baseSeconds * extraTime.factor) : baseSeconds;
    const quiz = await repo.insertQuiz(
      tx,
      {
        userId,
        title:
          retryTitle ??
          (body.mock
            ? `${info.name} ${body.mock === "adaptive" ? "adaptive " : ""}mock exam`
            : `${info.name} ${settings.mode === "exam" ? "timed exam" : "practice"}`),
        trackSlug: settings.track,
        blueprintVersion: info.blueprintVersion,
        settings: {
          themes: settings.themes,
          length: settings.length,
          difficulty: settings.difficulty,
          ...(body.retryOf ? { retryOf: body.retryOf } : {}),
          ...(body.reviewDue ? { review: true as const } : {}),
          ...(body.missedToday ? { missed: true as const } : {}),
          ...(body.mock ? { mock: body.mock } : {}),
          ...(minLength !== undefined ? { minLength } : {}),
          ...(extraTime ? { extraTime } : {}),
        },
        mode: settings.mode,
        seed,
        total: picked.length,
        timeLimitSeconds,
        deadlineAt: timeLimitSeconds ? new Date(now.getTime() + timeLimitSeconds * 1000) : null,
        createdAt: now,
      },
      picked.map((p, position) => ({
        questionId: p.questionId,
        position,
        optionOrder: p.optionOrder,
        params: drawParams(numericKeys.get(p.questionId) ?? null, seed, p.questionId),
      })),
      !isFree,
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
  if (body.mock || quiz.settings.mock) return quiz.settings.mock === body.mock && quiz.trackSlug === settings.track;
  if (body.reviewDue) return quiz.settings.review === true;
  if (body.missedToday) return quiz.settings.missed === true;
  if (body.retryOf !== undefined) return quiz.settings.retryOf === body.retryOf;
  if (quiz.settings.review || quiz.settings.missed || quiz.settings.retryOf !== undefined) return false;
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

export async function checkQuota(db: Db, userId: number, now: Date) {
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
