import type { MockExamResult, TrackInfo } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { abilityCut, type CatItem, examAbility, examResult, firstItem, MAX_EXPOSURE, nextItem, shouldStop } from "./cat.ts";
import { guessingOf, itemDifficulty, itemModel, probability } from "./irt.ts";
import * as offlineRepo from "./offline-repo.ts";
import { createRandom, hashString } from "./random.ts";
import { expectedShare } from "./readiness.ts";
import { visibleInRegion } from "./regions.ts";
import * as repo from "./repo.ts";
import { DAY_MS, EVIDENCE_PERIOD_DAYS } from "./schedule.ts";
import { drawParams } from "./variables.ts";

/**
 * Mock exams: the track's real exam (content/tracks.json `exam`). "fixed" follows the blueprint
 * exactly at the exam's length and time; "adaptive" (cat.ts) starts near the cut, picks each next
 * question among the most informative at the current ability with exposure control, leaves out
 * what the candidate practised (or downloaded in a practice pack) in the last 30 days, and stops once the 95 % interval of ability
 * clears the cut (between the exam's minimum and maximum length) or at the time limit.
 */

/** Pass mark when a track names no exam. */
export const DEFAULT_PASS_MARK = 0.7;
/** Exposure is measured over the adaptive exams of this many days, once there are EXPOSURE_MIN_EXAMS of them. */
const EXPOSURE_DAYS = 90;
const EXPOSURE_MIN_EXAMS = 50;

type PoolItem = CatItem & { optionIds: string[]; type: string };

/**
 * The adaptive exam's item pool: active questions of the blueprint's themes for the track and
 * region, with difficulties, less those the candidate answered in practice (keys shown) or
 * downloaded in a practice pack (keys on their device) within the evidence period.
 */
export async function adaptivePool(db: Db, track: TrackInfo, region: string | undefined, userId: number, now: Date): Promise<PoolItem[]> {
  const since = new Date(now.getTime() - EVIDENCE_PERIOD_DAYS * DAY_MS);
  const [rows, practised, packed] = await readTogether(db, [
    () =>
      repo.bankFor(
        db,
        track.themes.map((t) => t.slug),
        track.slug,
      ),
    () => repo.practisedSince(db, userId, since),
    // A practice pack put its questions' keys on the candidate's device (decision 32): like practised ones, they stay out.
    () => offlineRepo.packedSince(db, userId, since),
  ]);
  const visible = visibleInRegion(rows, region).filter((q) => !practised.has(q.id) && !packed.has(q.id));
  const fitted = await repo.calibratedOf(
    db,
    visible.map((q) => q.id),
  );
  return visible.map((q) => ({
    id: q.id,
    theme: q.theme,
    b: itemDifficulty({ difficulty: q.difficulty, calibrated: fitted.get(q.id)?.difficulty }),
    a: fitted.get(q.id)?.discrimination ?? 1,
    c: guessingOf(q.type, q.options.length),
    optionIds: q.options.map((o) => o.id),
    type: q.type,
  }));
}

export const blueprintWeights = (track: TrackInfo) => Object.fromEntries(track.themes.map((t) => [t.slug, t.weight]));

/** The track's bank as the exam scores it: each theme's item difficulties, its expected share on the grid, and the cut. */
async function examScale(db: Db, track: TrackInfo) {
  const difficulties = await repo.themeItemDifficulties(
    db,
    track.themes.map((t) => t.slug),
    track.slug,
  );
  // Each theme's items under the exam's model (difficulty, discrimination, the format's guessing).
  const banks = new Map<string, { b: number; a: number; c: number }[]>(track.themes.map((t) => [t.slug, []]));
  for (const q of difficulties) banks.get(q.theme)?.push(itemParameters(q));
  const passMark = track.exam?.passMark ?? DEFAULT_PASS_MARK;
  const blueprint = track.themes.map((t) => ({ weight: t.weight, shares: expectedShare(banks.get(t.slug)!) }));
  return { difficulties, passMark, blueprint, cut: abilityCut(blueprint, passMark) };
}

/** An item's model (irt.ts itemModel; an item no longer in the bank: b 0, a 1, no guessing). */
function itemParameters(q: Parameters<typeof itemModel>[0] | undefined) {
  return q ? itemModel(q) : { b: 0, a: 1, c: 0 };
}

/** The exam's length limits (the real exam's, per track in tracks.json). */
export const adaptiveLimits = (quiz: repo.QuizRow) => ({ min: quiz.settings.minLength ?? quiz.settings.length, max: quiz.settings.length });

/** Items shown to more than MAX_EXPOSURE of recent adaptive exams (none until there are enough exams). */
async function overexposure(db: Db, now: Date) {
  const { exams, shown } = await repo.mockExposure(db, new Date(now.getTime() - EXPOSURE_DAYS * DAY_MS));
  return (id: number) => exams >= EXPOSURE_MIN_EXAMS && (shown.get(id) ?? 0) / exams > MAX_EXPOSURE;
}

/** The first question of an adaptive exam: drawn at random among those nearest the cut. */
export async function firstAdaptiveItem(db: Db, track: TrackInfo, region: string | undefined, userId: number, seed: number, now: Date) {
  const [pool, scale] = await readTogether(db, [() => adaptivePool(db, track, region, userId, now), () => examScale(db, track)]);
  return firstItem(pool, scale.cut, createRandom(hashString("first", seed >>> 0))) as PoolItem | null;
}

/** Where an adaptive exam stands: its answers, the ability so far, and whether it may stop. */
export async function adaptiveState(db: Db, quiz: repo.QuizRow, track: TrackInfo) {
  const [items, given, scale] = await readTogether(db, [
    () => repo.quizItems(db, quiz.id),
    () => repo.quizAnswers(db, quiz.id),
    () => examScale(db, track),
  ]);
  const byId = new Map(scale.difficulties.map((q) => [q.id, q]));
  const right = new Map(given.map((a) => [a.questionId, a.isCorrect]));
  const answered = items.filter((i) => right.has(i.questionId));
  const est = examAbility(
    answered.map((i) => ({ ...itemParameters(byId.get(i.questionId)), isCorrect: right.get(i.questionId)! })),
    scale.cut,
  );
  const limits = { ...adaptiveLimits(quiz), cut: scale.cut };
  return { items, answered: answered.length, est, limits, stop: shouldStop(est, answered.length, limits) };
}

/**
 * After an answer to an adaptive exam: adds the next question, or answers that the exam is
 * complete (the interval cleared the cut after the minimum length, the maximum length is reached,
 * or the pool is used up).
 */
export async function extendAdaptive(
  db: Db,
  quiz: repo.QuizRow,
  track: TrackInfo,
  region: string | undefined,
  shuffleOptions: (ids: string[], type: string, questionId: number) => string[],
  now: Date,
) {
  const state = await adaptiveState(db, quiz, track);
  if (state.answered < state.items.length) return { complete: false };
  if (state.stop) return { complete: true };
  const pool = await adaptivePool(db, track, region, quiz.userId, now);
  const byId = new Map(pool.map((q) => [q.id, q]));
  const themeOf = new Map(state.items.map((i) => [i.questionId, byId.get(i.questionId)?.theme ?? ""]));
  const taken = state.items.map((i) => ({ id: i.questionId, theme: themeOf.get(i.questionId)! }));
  // Seeded per exam and position: the same answers give the same exam.
  const random = createRandom(hashString(`next-${state.items.length}`, quiz.seed >>> 0));
  const next = nextItem(pool, taken, blueprintWeights(track), state.est.theta, random, await overexposure(db, now));
  if (!next) return { complete: true };
  const q = byId.get(next.id)!;
  const numericKeys = await repo.numericKeysOf(db, [q.id]);
  await repo.appendQuizItem(db, quiz.id, {
    questionId: q.id,
    position: state.items.length,
    optionOrder: shuffleOptions(q.optionIds, q.type, q.id),
    params: drawParams(numericKeys.get(q.id) ?? null, quiz.seed, q.id),
  });
  return { complete: false };
}

const pct = (x: number) => `${Math.round(100 * x)} %`;

/** The result in plain words: likely pass or not, and how sure. */
export function summariseResult(r: { decision: "pass" | "fail"; decidedBy: "confidence" | "length" | "time"; confidence: number }) {
  const verdict = r.decision === "pass" ? "Likely pass" : "Likely fail";
  if (r.decidedBy === "confidence")
    return `${verdict}: ${pct(Math.max(0.95, r.confidence))} sure. Your answers placed you ${r.decision === "pass" ? "above" : "below"} the pass mark with 95 % confidence.`;
  const why = r.decidedBy === "time" ? "The time ran out" : "The exam reached its maximum length";
  return `${verdict}, but close: ${pct(r.confidence)} sure. ${why} before your answers placed you clearly ${r.decision === "pass" ? "above" : "below"} the pass mark, so the result rests on your final estimate.`;
}

/** The result of a finished mock exam: likely pass or not, how sure, what to study next; ability ± SE, scaled score. */
export async function mockResult(
  db: Db,
  quiz: repo.QuizRow,
  track: TrackInfo | undefined,
  themeNames: ReadonlyMap<string, string>,
): Promise<MockExamResult | null> {
  if (!track) return null;
  const [items, given, scale] = await readTogether(db, [
    () => repo.quizItems(db, quiz.id),
    () => repo.quizAnswers(db, quiz.id),
    () => examScale(db, track),
  ]);
  const byId = new Map(scale.difficulties.map((q) => [q.id, q]));
  const right = new Map(given.map((a) => [a.questionId, a.isCorrect]));
  // A fixed exam counts unanswered questions as wrong, as in its score; an adaptive one is scored
  // on the questions answered (the last one added may not have been seen).
  const scored = quiz.settings.mock === "adaptive" ? items.filter((i) => right.has(i.questionId)) : items;
  const answers = scored.map((i) => ({
    id: i.questionId,
    theme: byId.get(i.questionId)?.theme ?? "",
    ...itemParameters(byId.get(i.questionId)),
    isCorrect: right.get(i.questionId) ?? false,
  }));
  const result = examResult(answers, scale.blueprint, scale.passMark, {
    timeUp: quiz.status === "expired",
  });
  // What to study next: the themes furthest below what a candidate at the cut gets right, by blueprint weight.
  const weight = new Map(track.themes.map((t) => [t.slug, t.weight]));
  const byTheme = new Map<string, { answered: number; correct: number; expected: number }>();
  for (const a of answers) {
    const t = byTheme.get(a.theme) ?? { answered: 0, correct: 0, expected: 0 };
    t.answered += 1;
    t.correct += a.isCorrect ? 1 : 0;
    t.expected += probability(result.cut, a.b, a.a, a.c);
    byTheme.set(a.theme, t);
  }
  const studyNext = [...byTheme]
    .map(([theme, t]) => ({ theme, ...t, gap: ((t.correct - t.expected) / t.answered) * Math.sqrt(weight.get(theme) ?? 1) }))
    .sort((a, b) => a.gap - b.gap || a.theme.localeCompare(b.theme))
    .slice(0, 3)
    .filter((t, i) => i === 0 || t.correct < t.expected)
    .map((t) => ({ theme: t.theme, themeName: themeNames.get(t.theme) ?? t.theme, answered: t.answered, correct: t.correct }));
  return { passMark: scale.passMark, ...result, summary: summariseResult(result), studyNext };
}
