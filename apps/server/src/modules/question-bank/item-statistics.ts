import type { ItemStatistic } from "@academy/contract/quiz";
import type { AnswerResponse } from "../../db/schema/quiz.ts";
import type * as repo from "./repo.ts";

/** Item statistics as pure functions of the answers: share right, discrimination, distractors, KR-20. */

/** Minimum answers before an item is judged. */
export const MIN_ANSWERS_FOR_FLAG = 10;

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
      const discrimination = s ? correlation(s.x, s.y) : null;
      const shareRight = c.right / c.n;
      const distractors = s && (q.type === "single" || q.type === "multiple") ? distractorAnalysis(q.options, s) : [];
      let reason: string | null = null;
      if (c.n >= MIN_ANSWERS_FOR_FLAG) {
        const luring = distractors.find((d) => !d.correct && d.upper > d.lower && d.upper >= 0.25);
        if (discrimination !== null && discrimination < 0)
          reason = "Stronger candidates miss it more often than weaker ones: check the key";
        else if (luring) reason = `Option ${luring.id} draws stronger candidates more than weaker ones: check it is not also right`;
        else if (discrimination !== null && discrimination < 0.1) reason = "It does not tell strong from weak candidates";
        else if (shareRight < 0.2) reason = "Fewer than 1 in 5 get it right: check the key and the wording";
      }
      return {
        id: q.id,
        contentId: q.contentId,
        theme: q.themeSlug,
        stem: q.stem,
        answered: c.n,
        shareRight,
        discrimination,
        doubtful: reason !== null,
        reason,
        distractors,
      };
    })
    .sort((a, b) => Number(b.doubtful) - Number(a.doubtful) || (a.discrimination ?? 1) - (b.discrimination ?? 1));
}

/**
 * Per option: the share of all answers choosing it, and of the strongest and weakest 27% (by their
 * rate on the rest). A distractor nobody picks does no work; one the strong pick more than the weak
 * may be a second key.
 */
function distractorAnalysis(
  options: readonly { id: string; correct?: boolean }[],
  s: { y: number[]; choices: (string[] | null)[] },
): ItemStatistic["distractors"] {
  const order = s.y.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y);
  const group = Math.max(1, Math.round(order.length * 0.27));
  const lower = order.slice(0, group).map((o) => o.i);
  const upper = order.slice(-group).map((o) => o.i);
  const rate = (idx: number[], id: string) => idx.filter((i) => s.choices[i]?.includes(id)).length / Math.max(1, idx.length);
  const all = s.choices.map((_, i) => i);
  return options.map((o) => {
    const share = rate(all, o.id);
    return {
      id: o.id,
      correct: o.correct === true,
      share,
      upper: rate(upper, o.id),
      lower: rate(lower, o.id),
      note:
        o.correct === true
          ? null
          : share < 0.05 && all.length >= MIN_ANSWERS_FOR_FLAG
            ? "Hardly anyone picks it: it does no work"
            : rate(upper, o.id) > rate(lower, o.id)
              ? "Strong candidates pick it more than weak ones"
              : null,
    };
  });
}

/** Pearson correlation; with a 0/1 variable this is the point-biserial. Null when either side is constant. */
export function correlation(x: number[], y: number[]): number | null {
  const n = x.length;
  if (n < 2) return null;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}
