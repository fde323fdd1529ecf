import { estimateAbility, GRID, information, probability } from "./irt.ts";

/**
 * Computerized adaptive testing on the fitted items (docs/readiness-model.md, "Mock exam"): the
 * next item is the most informative at the current ability estimate, within the theme furthest
 * behind its blueprint share; the exam stops when the ability's standard error falls below
 * STOP_SE (after the minimum length) or at the maximum length.
 */

export const STOP_SE = 0.3;

export type CatItem = { id: number; theme: string; b: number };

/** The next item: the theme furthest behind its share, then the most informative item at θ̂ (ties: lowest id). */
export function nextItem(
  pool: readonly CatItem[],
  taken: readonly { id: number; theme: string }[],
  weights: Readonly<Record<string, number>>,
  theta: number,
): CatItem | null {
  const used = new Set(taken.map((t) => t.id));
  const open = pool.filter((q) => !used.has(q.id));
  if (!open.length) return null;
  const total = Object.values(weights).reduce((n, w) => n + w, 0) || 1;
  const count = new Map<string, number>();
  for (const t of taken) count.set(t.theme, (count.get(t.theme) ?? 0) + 1);
  const n = taken.length + 1;
  const themesWithItems = new Set(open.map((q) => q.theme));
  let theme: string | null = null;
  let deficit = Number.NEGATIVE_INFINITY;
  for (const t of Object.keys(weights).sort()) {
    if (!themesWithItems.has(t)) continue;
    const d = (weights[t]! / total) * n - (count.get(t) ?? 0);
    if (d > deficit) {
      deficit = d;
      theme = t;
    }
  }
  let best: CatItem | null = null;
  let bestInfo = -1;
  for (const q of open) {
    if (theme !== null && q.theme !== theme) continue;
    const info = information(theta, q.b);
    if (info > bestInfo || (info === bestInfo && best !== null && q.id < best.id)) {
      best = q;
      bestInfo = info;
    }
  }
  return best;
}

export function shouldStop(se: number, answered: number, min: number, max: number) {
  return answered >= max || (answered >= min && se < STOP_SE);
}

/**
 * The result of an exam from its answers: ability ± SE (prior N(0, 1)), the scaled score (the
 * blueprint-weighted share of the bank expected right at that ability, 0..1) and the chance that
 * the scaled score reaches the pass mark.
 */
export function examResult(
  answers: readonly { b: number; isCorrect: boolean }[],
  blueprint: readonly { weight: number; shares: Float64Array }[],
  passMark: number,
) {
  const { theta, se, posterior } = estimateAbility(answers);
  const total = blueprint.reduce((n, t) => n + t.weight, 0) || 1;
  const score = (g: number) => blueprint.reduce((s, t) => s + (t.weight / total) * t.shares[g]!, 0);
  let pass = 0;
  let scaled = 0;
  for (let g = 0; g < GRID.length; g++) {
    const s = score(g);
    scaled += posterior[g]! * s;
    if (s >= passMark) pass += posterior[g]!;
  }
  return { ability: theta, se, scaled, passProbability: pass };
}

/** Simulates a candidate of ability θ through the adaptive exam (tests and the benchmark). */
export function simulateCat(
  pool: readonly CatItem[],
  weights: Readonly<Record<string, number>>,
  trueTheta: number,
  random: () => number,
  limits: { min: number; max: number },
) {
  const taken: (CatItem & { isCorrect: boolean })[] = [];
  let est = { theta: 0, se: 1 };
  while (!shouldStop(est.se, taken.length, limits.min, limits.max)) {
    const q = nextItem(pool, taken, weights, est.theta);
    if (!q) break;
    taken.push({ ...q, isCorrect: random() < probability(trueTheta, q.b) });
    est = estimateAbility(taken);
  }
  return { taken, theta: est.theta, se: est.se };
}
