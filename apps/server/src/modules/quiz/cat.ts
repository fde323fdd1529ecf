import { estimateAbility, GRID, information } from "./irt.ts";

/**
 * Computerized adaptive testing on the fitted items (docs/readiness-model.md, "Mock exam"), as the
 * NREMT runs its exam: the first item is drawn at random among those nearest the cut; each next one
 * is drawn at random among the RANDOMESQUE most informative at the current ability, within the theme
 * furthest behind its blueprint share (exposure control: no item reaches every candidate); the exam
 * stops once the 95 % interval of ability lies wholly above or below the cut (after the minimum
 * length), at the maximum length, or at the time limit, when the final estimate decides.
 */

/** z of the two-sided 95 % interval that decides the exam. */
export const DECISION_Z = 1.96;
/** The next item is drawn among this many most informative ones of its theme. */
export const RANDOMESQUE = 6;
/** No item should reach more than this share of candidates; the selection skips those above it. */
export const MAX_EXPOSURE = 0.22;
/** The first item is drawn among this many items nearest the cut. */
export const FIRST_ITEMS = 24;
/**
 * Prior of ability in the exam: centred on the cut, wide. A prior centred below the cut (as the
 * population's) would pull every estimate near the cut towards a fail.
 */
export const EXAM_PRIOR_SD = 1.5;

/**
 * An item of the exam: its difficulty, once fitted its discrimination (1 when absent), and the lower
 * asymptote of its format (irt.ts guessingOf; 0 when absent).
 */
export type CatItem = { id: number; theme: string; b: number; a?: number; c?: number };

/**
 * The ability at which the blueprint-weighted expected share of the bank reaches the pass mark (the
 * cut, in logits), from each theme's expected share on the ability grid (readiness.ts expectedShare).
 */
export function abilityCut(blueprint: readonly { weight: number; shares: ArrayLike<number> }[], passMark: number): number {
  const total = blueprint.reduce((n, t) => n + t.weight, 0) || 1;
  const at = (g: number) => blueprint.reduce((s, t) => s + (t.weight / total) * t.shares[g]!, 0);
  if (at(0) >= passMark) return GRID[0]!;
  for (let g = 1; g < GRID.length; g++) {
    const hi = at(g);
    if (hi >= passMark) {
      const lo = at(g - 1);
      return GRID[g - 1]! + ((passMark - lo) / (hi - lo || 1)) * (GRID[g]! - GRID[g - 1]!);
    }
  }
  return GRID.at(-1)!;
}

/** Ability from the exam's answers, with the exam's prior around the cut. */
export const examAbility = (answers: readonly { b: number; a?: number; c?: number; isCorrect: boolean }[], cut: number) =>
  estimateAbility(answers, { mean: cut, sd: EXAM_PRIOR_SD });

/** "pass" or "fail" once the 95 % interval of ability lies wholly on one side of the cut; else null. */
export function decideExam(est: { theta: number; se: number }, cut: number): "pass" | "fail" | null {
  if (est.theta - DECISION_Z * est.se > cut) return "pass";
  if (est.theta + DECISION_Z * est.se < cut) return "fail";
  return null;
}

/**
 * Where the next item should be most informative: at the cut while the 95 % interval still holds it
 * (the only question left is which side of the cut the candidate is, and information at the cut
 * answers it fastest, as in a sequential test), at the estimate otherwise.
 */
export function selectionPoint(est: { theta: number; se: number }, cut: number) {
  return decideExam(est, cut) === null ? cut : est.theta;
}

/** The posterior probability that ability is at or above the cut (the grid cell of the cut counts by its share above). */
export function chanceAboveCut(posterior: ArrayLike<number>, cut: number) {
  let pass = 0;
  for (let g = 0; g < GRID.length; g++) pass += posterior[g]! * Math.max(0, Math.min(1, (GRID[g]! + 0.05 - cut) / 0.1));
  return pass;
}

/** Whether the exam stops: the maximum length, or a decision after the minimum length. */
export function shouldStop(est: { theta: number; se: number }, answered: number, limits: { min: number; max: number; cut: number }) {
  return answered >= limits.max || (answered >= limits.min && decideExam(est, limits.cut) !== null);
}

/** The theme furthest behind its blueprint share for the next item (ties: alphabetical). */
function themeBehind(open: readonly CatItem[], taken: readonly { theme: string }[], weights: Readonly<Record<string, number>>) {
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
  return theme;
}

/**
 * The next item: in the theme furthest behind its share, one of the `RANDOMESQUE` most informative
 * at θ̂, drawn with `random` (without one, the most informative; ties: lowest id). Items `overexposed`
 * (shown to more than MAX_EXPOSURE of recent candidates) are left out while their theme has others;
 * a theme with none left gives its turn to the next one behind (Sympson–Hetter's idea, with the
 * exposure measured rather than simulated in advance).
 */
export function nextItem(
  pool: readonly CatItem[],
  taken: readonly { id: number; theme: string }[],
  weights: Readonly<Record<string, number>>,
  theta: number,
  random?: () => number,
  overexposed?: (id: number) => boolean,
): CatItem | null {
  const used = new Set(taken.map((t) => t.id));
  const open = pool.filter((q) => !used.has(q.id));
  if (!open.length) return null;
  const fresh = overexposed ? open.filter((q) => !overexposed(q.id)) : open;
  const candidates = fresh.length ? fresh : open;
  const theme = themeBehind(candidates, taken, weights);
  const ranked = candidates
    .filter((q) => theme === null || q.theme === theme)
    .map((q) => ({ q, info: information(theta, q.b, q.a, q.c) }))
    .sort((a, b) => b.info - a.info || a.q.id - b.q.id);
  if (!random) return ranked[0]!.q;
  const k = Math.min(RANDOMESQUE, ranked.length);
  return ranked[Math.floor(random() * k)]!.q;
}

/** The first item: drawn at random among the FIRST_ITEMS items nearest the cut. */
export function firstItem(pool: readonly CatItem[], cut: number, random: () => number): CatItem | null {
  if (!pool.length) return null;
  const near = [...pool].sort((a, b) => Math.abs(a.b - cut) - Math.abs(b.b - cut) || a.id - b.id).slice(0, FIRST_ITEMS);
  return near[Math.floor(random() * near.length)]!;
}

export type ExamDecision = {
  decision: "pass" | "fail";
  /** How the exam decided: the 95 % interval cleared the cut, the maximum length, or the time limit. */
  decidedBy: "confidence" | "length" | "time";
  /** The posterior probability that the decision is right: P(θ ≥ cut) for a pass, P(θ < cut) for a fail. */
  confidence: number;
};

/**
 * The result of an exam from its answers: ability ± SE (prior around the cut), the scaled score
 * (the blueprint-weighted share of the bank expected right at that ability, 0..1), the chance that
 * the ability is above the cut, and the decision: by the interval when it cleared the cut, otherwise
 * on the final estimate.
 */
export function examResult(
  answers: readonly { b: number; a?: number; c?: number; isCorrect: boolean }[],
  blueprint: readonly { weight: number; shares: Float64Array }[],
  passMark: number,
  stop: { timeUp?: boolean; maxLength?: number } = {},
) {
  const cut = abilityCut(blueprint, passMark);
  const { theta, se, posterior } = examAbility(answers, cut);
  const total = blueprint.reduce((n, t) => n + t.weight, 0) || 1;
  const score = (g: number) => blueprint.reduce((s, t) => s + (t.weight / total) * t.shares[g]!, 0);
  let scaled = 0;
  for (let g = 0; g < GRID.length; g++) scaled += posterior[g]! * score(g);
  const pass = chanceAboveCut(posterior, cut);
  const byInterval = decideExam({ theta, se }, cut);
  // Undecided at the end: the more likely side of the cut.
  const decision = byInterval ?? (pass >= 0.5 ? "pass" : "fail");
  const decidedBy: ExamDecision["decidedBy"] = byInterval ? "confidence" : stop.timeUp ? "time" : "length";
  return {
    ability: theta,
    se,
    cut,
    scaled,
    passProbability: pass,
    decision,
    decidedBy,
    confidence: decision === "pass" ? pass : 1 - pass,
  };
}

/**
 * Simulates a candidate through the adaptive exam (tests and bench/psychometrics.mjs): `answer`
 * says whether the candidate gets an item right (the truth of the simulation).
 */
export function simulateCat(
  pool: readonly CatItem[],
  weights: Readonly<Record<string, number>>,
  answer: (item: CatItem) => boolean,
  random: () => number,
  limits: { min: number; max: number; cut: number },
  overexposed?: (id: number) => boolean,
) {
  const taken: (CatItem & { isCorrect: boolean })[] = [];
  let est: { theta: number; se: number; posterior?: Float64Array } = { theta: limits.cut, se: EXAM_PRIOR_SD };
  while (!shouldStop(est, taken.length, limits)) {
    const q =
      taken.length === 0
        ? firstItem(pool, limits.cut, random)
        : nextItem(pool, taken, weights, selectionPoint(est, limits.cut), random, overexposed);
    if (!q) break;
    taken.push({ ...q, isCorrect: answer(q) });
    est = examAbility(taken, limits.cut);
  }
  const byInterval = decideExam(est, limits.cut);
  const above = est.posterior ? chanceAboveCut(est.posterior, limits.cut) : 0.5;
  return {
    taken,
    theta: est.theta,
    se: est.se,
    pass: (byInterval ?? (above >= 0.5 ? "pass" : "fail")) === "pass",
    decidedBy: byInterval ? ("confidence" as const) : ("length" as const),
  };
}
