import type { ItemStatistic } from "@academy/contract/quiz";
import type { AnswerResponse } from "../../db/schema/quiz.ts";
import { correlation } from "../../lib/statistics.ts";
import type * as repo from "./repo.ts";

/** Item statistics as pure functions of the answers: share right, discrimination, distractors, KR-20. */

/**
 * Minimum answers before an item is judged at all: below it, chance alone makes one honest item in
 * ten look doubtful (docs/readiness-model.md, "Item review").
 */
export const MIN_ANSWERS_FOR_FLAG = 50;
/** Answers from which strong evidence (a distractor beating the key) takes an item out of quizzes. */
export const MIN_ANSWERS_TO_REMOVE = 100;
/** Two-sided normal quantile of the confidence intervals (95 %). */
const Z95 = 1.96;
/** The strongest candidates choosing a distractor this many standard errors more than the key is strong evidence (p < 0.001). */
const Z_STRONG = 3.29;

/**
 * KR-20 reliability of exams drawn from one pool (parallel forms): k/(k−1) · (1 − Σpq / σ²), with k
 * the mean length, Σpq the mean over exams of the sum of their items' p(1−p) (p the item's share
 * right), and σ² the variance of the exam scores. Null with fewer than 5 exams or no spread.
 */
export function kr20(exams: readonly { items: readonly number[]; correct: number }[], pOf: (item: number) => number): number | null {
  if (exams.length < 5) return null;
  const k = exams.reduce((n, e) => n + e.items.length, 0) / exams.length;
  if (k < 2) return null;
  const mean = exams.reduce((n, e) => n + e.correct, 0) / exams.length;
  const variance = exams.reduce((n, e) => n + (e.correct - mean) ** 2, 0) / (exams.length - 1);
  if (variance === 0) return null;
  const pq = exams.reduce((n, e) => n + e.items.reduce((m, i) => m + pOf(i) * (1 - pOf(i)), 0), 0) / exams.length;
  return (k / (k - 1)) * (1 - pq / variance);
}

type GivenAnswer = { questionId: number; userId: number; isCorrect: boolean; response?: AnswerResponse };
type Interval = { r: number; low: number; high: number };

/**
 * A correlation with its 95 % confidence interval (Fisher's z: atanh r ± 1.96 / √(n − 3)); null when
 * it is undefined (a constant side) or n < 4.
 */
export function correlationInterval(x: number[], y: number[]): Interval | null {
  const r = correlation(x, y);
  if (r === null || x.length < 4) return null;
  const z = Math.atanh(Math.max(-0.999999, Math.min(0.999999, r)));
  const half = Z95 / Math.sqrt(x.length - 3);
  return { r, low: Math.tanh(z - half), high: Math.tanh(z + half) };
}

/**
 * The verdict on an item from its statistics (docs/readiness-model.md, "Item review"):
 * - nothing before MIN_ANSWERS_FOR_FLAG answers;
 * - "miskey": a distractor that stronger candidates choose more than the key: its point-biserial
 *   above the key's, and either above zero with 95 % confidence or chosen by more of the strongest
 *   27 % than the key with 95 % confidence;
 * - "negative": the key's point-biserial below zero with 95 % confidence;
 * - strong (the item leaves quizzes until staff decide): from MIN_ANSWERS_TO_REMOVE answers, a
 *   distractor's interval lies wholly above the key's, or the strongest 27 % choose it more than the
 *   key at p < 0.001.
 * Low discrimination, a hard item or a distractor nobody picks are notes for staff, not flags:
 * honest items show them by chance, and a hard item is not a wrong one.
 */
export function judgeItem(
  answered: number,
  key: Interval | null,
  distractors: readonly { id: string; correct: boolean; correlation: Interval | null; versusKey: number | null }[],
): { flag: "miskey" | "negative" | null; strong: boolean; reason: string | null } {
  if (answered < MIN_ANSWERS_FOR_FLAG) return { flag: null, strong: false, reason: null };
  const beats = (d: (typeof distractors)[number]) =>
    !d.correct &&
    d.correlation !== null &&
    d.correlation.r > 0 &&
    ((d.correlation.r > (key?.r ?? 0) && d.correlation.low > 0) || (d.versusKey !== null && d.versusKey > Z95));
  const luring = distractors.filter(beats).sort((a, b) => (b.versusKey ?? 0) - (a.versusKey ?? 0))[0];
  if (luring) {
    const strong =
      answered >= MIN_ANSWERS_TO_REMOVE &&
      (luring.correlation!.low > (key?.high ?? 0) || (luring.versusKey !== null && luring.versusKey > Z_STRONG));
    return {
      flag: "miskey",
      strong,
      reason: `Option ${luring.id} draws stronger candidates than the key (r ${luring.correlation!.r.toFixed(2)} against ${key ? key.r.toFixed(2) : "none"}, ${answered} answers): check the key`,
    };
  }
  if (key && key.high < 0)
    return {
      flag: "negative",
      strong: false,
      reason: `Stronger candidates miss it more often than weaker ones (r ${key.r.toFixed(2)}, 95 % up to ${key.high.toFixed(2)}, ${answered} answers): check the key`,
    };
  return { flag: null, strong: false, reason: null };
}

/**
 * How many standard errors more of a group choose option d than the key (shares pd and pk of n, one
 * multinomial draw: var(pd − pk) = (pd + pk − (pd − pk)²) / n); null for an empty group.
 */
export function shareDifferenceZ(pd: number, pk: number, n: number): number | null {
  if (n < 1) return null;
  const variance = (pd + pk - (pd - pk) ** 2) / n;
  if (variance <= 0) return null;
  return (pd - pk) / Math.sqrt(variance);
}

/** Share right, discrimination and distractor analysis per question from final answers; pure, so it is tested on made-up data. */
export function computeItemStatistics(
  given: readonly GivenAnswer[],
  questions: readonly Pick<repo.QuestionRow, "id" | "contentId" | "themeSlug" | "stem" | "type" | "options">[],
): ItemStatistic[] {
  const byUser = new Map<number, { right: number; total: number }>();
  for (const a of given) {
    const u = byUser.get(a.userId) ?? { right: 0, total: 0 };
    u.total += 1;
    if (a.isCorrect) u.right += 1;
    byUser.set(a.userId, u);
  }
  const byItem = new Map<number, { x: number[]; y: number[]; choices: (string[] | null)[] }>();
  const counts = new Map<number, { n: number; right: number }>();
  for (const a of given) {
    const c = counts.get(a.questionId) ?? { n: 0, right: 0 };
    c.n += 1;
    if (a.isCorrect) c.right += 1;
    counts.set(a.questionId, c);
    const u = byUser.get(a.userId)!;
    // The candidate's rate on everything else: the item must not predict itself.
    if (u.total < 2) continue;
    const rest = (u.right - (a.isCorrect ? 1 : 0)) / (u.total - 1);
    const s = byItem.get(a.questionId) ?? { x: [], y: [], choices: [] };
    s.x.push(a.isCorrect ? 1 : 0);
    s.y.push(rest);
    const r = a.response;
    s.choices.push(r && "choice" in r ? [r.choice] : r && "choices" in r ? r.choices : null);
    byItem.set(a.questionId, s);
  }
  return questions
    .filter((q) => counts.has(q.id))
    .map((q) => {
      const c = counts.get(q.id)!;
      const s = byItem.get(q.id);
      const key = s ? correlationInterval(s.x, s.y) : null;
      const shareRight = c.right / c.n;
      const distractors = s && (q.type === "single" || q.type === "multiple") ? distractorAnalysis(q.options, s) : [];
      const verdict = judgeItem(c.n, key, distractors);
      const notes: string[] = [];
      if (c.n >= MIN_ANSWERS_FOR_FLAG && !verdict.flag) {
        if (key && key.high < 0.1) notes.push("It hardly tells strong from weak candidates");
        if (shareRight < 0.2) notes.push("Fewer than 1 in 5 get it right: a hard item, or check the wording");
      }
      return {
        id: q.id,
        contentId: q.contentId,
        theme: q.themeSlug,
        stem: q.stem,
        answered: c.n,
        shareRight,
        discrimination: key?.r ?? null,
        discriminationInterval: key ? { low: key.low, high: key.high } : null,
        doubtful: verdict.flag !== null,
        flag: verdict.flag,
        strong: verdict.strong,
        reason: verdict.reason,
        notes,
        distractors,
      };
    })
    .sort(
      (a, b) =>
        Number(b.strong) - Number(a.strong) || Number(b.doubtful) - Number(a.doubtful) || (a.discrimination ?? 1) - (b.discrimination ?? 1),
    );
}

/**
 * Per option: the share of all answers choosing it, of the strongest and weakest 27% (by their rate
 * on the rest), and the point-biserial of choosing it with the rest score, with its 95 % interval. A
 * distractor nobody picks does no work; one the strong pick more than the weak may be the real key.
 */
function distractorAnalysis(
  options: readonly { id: string; correct?: boolean }[],
  s: { x: number[]; y: number[]; choices: (string[] | null)[] },
): ItemStatistic["distractors"] {
  const order = s.y.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y);
  const group = Math.max(1, Math.round(order.length * 0.27));
  const lower = order.slice(0, group).map((o) => o.i);
  const upper = order.slice(-group).map((o) => o.i);
  const rate = (idx: number[], id: string) => idx.filter((i) => s.choices[i]?.includes(id)).length / Math.max(1, idx.length);
  const all = s.choices.map((_, i) => i).filter((i) => s.choices[i] !== null);
  // The strongest 27% choosing the key: answering the item right.
  const keyShareUpper = upper.filter((i) => s.x[i] === 1).length / Math.max(1, upper.length);
  return options.map((o) => {
    const share = rate(all, o.id);
    const interval = correlationInterval(
      all.map((i) => (s.choices[i]!.includes(o.id) ? 1 : 0)),
      all.map((i) => s.y[i]!),
    );
    return {
      id: o.id,
      correct: o.correct === true,
      share,
      upper: rate(upper, o.id),
      lower: rate(lower, o.id),
      correlation: interval,
      versusKey: o.correct === true ? null : shareDifferenceZ(rate(upper, o.id), keyShareUpper, upper.length),
      note:
        o.correct === true
          ? null
          : share < 0.05 && all.length >= MIN_ANSWERS_FOR_FLAG
            ? "Hardly anyone picks it: it does no work"
            : interval && interval.low > 0
              ? "Strong candidates pick it more than weak ones"
              : null,
    };
  });
}
