import type { TrackInfo } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { type CatItem, examResult, nextItem, shouldStop } from "./cat.ts";
import { estimateAbility, itemDifficulty } from "./irt.ts";
import { expectedShare } from "./readiness.ts";
import { visibleInRegion } from "./regions.ts";
import * as repo from "./repo.ts";
import { drawParams } from "./variables.ts";

/**
 * Mock exams: the track's real exam (content/tracks.json `exam`). "fixed" follows the blueprint
 * exactly at the exam's length and time; "adaptive" picks each next question by information at the
 * current ability (cat.ts) and stops on the standard error or at the maximum length.
 */

/** Pass mark when a track names no exam. */
export const DEFAULT_PASS_MARK = 0.7;

/** The adaptive exam's item pool: active questions of the blueprint's themes for the track and region, with difficulties. */
export async function adaptivePool(
  db: Db,
  track: TrackInfo,
  region: string | undefined,
): Promise<(CatItem & { optionIds: string[]; type: string })[]> {
  const rows = await repo.bankFor(
    db,
    track.themes.map((t) => t.slug),
    track.slug,
  );
  const visible = visibleInRegion(rows, region);
  const fitted = await repo.calibratedOf(
    db,
    visible.map((q) => q.id),
  );
  return visible.map((q) => ({
    id: q.id,
    theme: q.theme,
    b: itemDifficulty({ difficulty: q.difficulty, calibrated: fitted.get(q.id) }),
    optionIds: q.options.map((o) => o.id),
    type: q.type,
  }));
}

export const blueprintWeights = (track: TrackInfo) => Object.fromEntries(track.themes.map((t) => [t.slug, t.weight]));

/**
 * After an answer to an adaptive exam: adds the next question, or answers that the exam is
 * complete (the standard error is below the threshold after the minimum length, or the maximum
 * length is reached, or the pool is used up).
 */
export async function extendAdaptive(
  db: Db,
  quiz: repo.QuizRow,
  track: TrackInfo,
  region: string | undefined,
  shuffleOptions: (ids: string[], type: string, questionId: number) => string[],
) {
  const [items, given, pool] = await readTogether(db, [
    () => repo.quizItems(db, quiz.id),
    () => repo.quizAnswers(db, quiz.id),
    () => adaptivePool(db, track, region),
  ]);
  const byId = new Map(pool.map((q) => [q.id, q]));
  const right = new Map(given.map((a) => [a.questionId, a.isCorrect]));
  const answered = items.filter((i) => right.has(i.questionId));
  const est = estimateAbility(answered.map((i) => ({ b: byId.get(i.questionId)?.b ?? 0, isCorrect: right.get(i.questionId)! })));
  if (answered.length < items.length) return { complete: false };
  if (shouldStop(est.se, answered.length, quiz.settings.minLength ?? quiz.settings.length, quiz.settings.length)) return { complete: true };
  const taken = items.map((i) => ({ id: i.questionId, theme: byId.get(i.questionId)?.theme ?? "" }));
  const next = nextItem(pool, taken, blueprintWeights(track), est.theta);
  if (!next) return { complete: true };
  const q = byId.get(next.id)!;
  const numericKeys = await repo.numericKeysOf(db, [q.id]);
  await repo.appendQuizItem(db, quiz.id, {
    questionId: q.id,
    position: items.length,
    optionOrder: shuffleOptions(q.optionIds, q.type, q.id),
    params: drawParams(numericKeys.get(q.id) ?? null, quiz.seed, q.id),
  });
  return { complete: false };
}

/** The result of a finished mock exam: ability ± SE, the scaled score and the chance to pass. */
export async function mockResult(db: Db, quiz: repo.QuizRow, track: TrackInfo | undefined) {
  if (!track) return null;
  const [items, given, difficulties] = await readTogether(db, [
    () => repo.quizItems(db, quiz.id),
    () => repo.quizAnswers(db, quiz.id),
    () =>
      repo.themeItemDifficulties(
        db,
        track.themes.map((t) => t.slug),
        track.slug,
      ),
  ]);
  const b = new Map(difficulties.map((q) => [q.id, itemDifficulty(q)]));
  const right = new Map(given.map((a) => [a.questionId, a.isCorrect]));
  // Unanswered questions of a submitted exam count as wrong, as in the score.
  const answers = items.map((i) => ({ b: b.get(i.questionId) ?? 0, isCorrect: right.get(i.questionId) ?? false }));
  const banks = new Map<string, number[]>(track.themes.map((t) => [t.slug, []]));
  for (const q of difficulties) banks.get(q.theme)?.push(itemDifficulty(q));
  const passMark = track.exam?.passMark ?? DEFAULT_PASS_MARK;
  const blueprint = track.themes.map((t) => ({ weight: t.weight, shares: expectedShare(banks.get(t.slug)!) }));
  return { passMark, ...examResult(answers, blueprint, passMark) };
}
