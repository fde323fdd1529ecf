/**
 * Item response theory for readiness and the adaptive exam (docs/readiness-model.md): the Rasch
 * model P(right | θ, b) = 1 / (1 + e^−(θ − b)), item difficulties b fitted from the answers
 * (seeded from the authored level), abilities θ estimated on a grid (expected a posteriori).
 */

/** Authored difficulty 1..5 → a starting item difficulty in logits: 1 → −1.6 … 5 → +1.6. */
export const seedDifficulty = (level: number) => (level - 3) * 0.8;

/** A question's difficulty in logits: fitted from answers, or seeded from its authored level. */
export const itemDifficulty = (q: { difficulty: number; calibrated: number | null | undefined }) =>
  q.calibrated ?? seedDifficulty(q.difficulty);

/**
 * The lower asymptote of an item, fixed by its format (decision 0033): a candidate who does not know
 * the answer still gets a single choice of k options right 1/k of the time and a true/false half the
 * time; a multiple response, an ordering or a number to enter is not guessed (about 0). Fixing it
 * rather than fitting it keeps the fit stable (a fitted 3PL asymptote needs thousands of answers).
 */
export function guessingOf(type: string, options = 0): number {
  if (type === "true_false") return 0.5;
  if (type === "single") return 1 / Math.max(2, options);
  return 0;
}

/**
 * P(right) at θ of an item of difficulty b, discrimination a (1: the Rasch model) and lower
 * asymptote c (its format's chance of a guess; 0: no guessing): c + (1 − c) / (1 + e^−a(θ − b)).
 */
export const probability = (theta: number, b: number, a = 1, c = 0) => c + (1 - c) / (1 + Math.exp(a * (b - theta)));

/** Fisher information of an item at θ: a²P(1 − P) without guessing; a²(P − c)²(1 − P) / ((1 − c)²P) with it. */
export const information = (theta: number, b: number, a = 1, c = 0) => {
  const p = probability(theta, b, a, c);
  if (c === 0) return a * a * p * (1 - p);
  return (a * a * (p - c) ** 2 * (1 - p)) / ((1 - c) ** 2 * p);
};

/** The ability grid: −5 … +5 logits in steps of 0.1. */
export const GRID = Array.from({ length: 101 }, (_, i) => -5 + i * 0.1);

export type FitInput = {
  persons: number;
  items: number;
  /** One entry per answer. */
  person: Int32Array;
  item: Int32Array;
  correct: Uint8Array;
  /** The prior mean of each item's difficulty (its seed). */
  itemPrior: Float64Array;
  /** Each item's lower asymptote, fixed by its format (guessingOf); 0 for all when absent. */
  guess?: Float64Array;
  /** Prior sd of item difficulties around their seed: with few answers the seed stands. */
  itemPriorSd?: number;
  /** Prior sd of abilities around 0 (the scale is anchored by the item seeds). */
  personPriorSd?: number;
  /**
   * Prior sd of log discrimination around 0 (a = 1): with few answers an item keeps a ≈ 1, the
   * Rasch model; 0 fits the Rasch model itself.
   */
  discriminationPriorSd?: number;
  maxIterations?: number;
};

export type FitResult = {
  b: Float64Array;
  se: Float64Array;
  /** Discrimination per item (all 1 when the Rasch model is fitted). */
  a: Float64Array;
  theta: Float64Array;
  iterations: number;
  maxChange: number;
};

/** The default prior sd of log discrimination: a stays within about 0.55 … 1.8 unless the data insist. */
export const DISCRIMINATION_PRIOR_SD = 0.3;

/**
 * One answer's score and Fisher information with respect to η = a(θ − b), for an item of lower
 * asymptote c: P = c + (1 − c)L(η), dℓ/dη = (x − P)·P′/(P(1 − P)), information P′²/(P(1 − P)) with
 * P′ = (1 − c)L(1 − L); with c = 0 they are x − P and P(1 − P).
 */
function score(x: number, eta: number, c: number) {
  const l = 1 / (1 + Math.exp(-eta));
  if (c === 0) return { g: x - l, h: l * (1 - l) };
  const p = c + (1 - c) * l;
  const slope = (1 - c) * l * (1 - l);
  const pq = Math.max(p * (1 - p), 1e-12);
  return { g: ((x - p) * slope) / pq, h: (slope * slope) / pq };
}

/**
 * Joint maximum a posteriori fit of the two-parameter logistic model, P = 1 / (1 + e^−a(θ − b)), by
 * alternating Newton (Fisher scoring) steps on abilities, difficulties and log discriminations. One
 * pass is linear in the number of answers, so a million answers refit in seconds (bench/quiz.mjs).
 * The priors keep estimates finite for all-right or all-wrong patterns and shrink each item's
 * discrimination towards 1 until it has the answers to say otherwise.
 */
export function fitIrt(input: FitInput): FitResult {
  const { persons, items, person, item, correct, itemPrior, guess } = input;
  const itemVar = (input.itemPriorSd ?? 1) ** 2;
  const personVar = (input.personPriorSd ?? 1.5) ** 2;
  const alphaSd = input.discriminationPriorSd ?? DISCRIMINATION_PRIOR_SD;
  const alphaVar = alphaSd ** 2;
  const n = person.length;
  const b = Float64Array.from(itemPrior);
  const alpha = new Float64Array(items);
  const a = new Float64Array(items).fill(1);
  const theta = new Float64Array(persons);
  const grad = new Float64Array(Math.max(persons, items));
  const hess = new Float64Array(Math.max(persons, items));
  const gradA = new Float64Array(items);
  const hessA = new Float64Array(items);
  let iterations = 0;
  let maxChange = Number.POSITIVE_INFINITY;
  const limit = input.maxIterations ?? 50;
  while (iterations < limit && maxChange > 1e-3) {
    iterations += 1;
    maxChange = 0;
    // Abilities, items held fixed.
    grad.fill(0, 0, persons);
    hess.fill(0, 0, persons);
    for (let k = 0; k < n; k++) {
      const i = item[k]!;
      const ai = a[i]!;
      const { g, h } = score(correct[k]!, ai * (theta[person[k]!]! - b[i]!), guess ? guess[i]! : 0);
      grad[person[k]!]! += ai * g;
      hess[person[k]!]! += ai * ai * h;
    }
    for (let j = 0; j < persons; j++) {
      const step = (grad[j]! - theta[j]! / personVar) / (hess[j]! + 1 / personVar);
      theta[j]! += Math.max(-1, Math.min(1, step));
    }
    // Difficulties and discriminations, abilities held fixed.
    grad.fill(0, 0, items);
    hess.fill(0, 0, items);
    gradA.fill(0);
    hessA.fill(0);
    for (let k = 0; k < n; k++) {
      const i = item[k]!;
      const ai = a[i]!;
      const d = theta[person[k]!]! - b[i]!;
      const { g, h } = score(correct[k]!, ai * d, guess ? guess[i]! : 0);
      grad[i]! -= ai * g;
      hess[i]! += ai * ai * h;
      if (alphaSd > 0) {
        gradA[i]! += ai * d * g;
        hessA[i]! += ai * ai * d * d * h;
      }
    }
    for (let i = 0; i < items; i++) {
      const step = (grad[i]! - (b[i]! - itemPrior[i]!) / itemVar) / (hess[i]! + 1 / itemVar);
      const clamped = Math.max(-1, Math.min(1, step));
      b[i]! += clamped;
      maxChange = Math.max(maxChange, Math.abs(clamped));
      if (alphaSd > 0) {
        const stepA = (gradA[i]! - alpha[i]! / alphaVar) / (hessA[i]! + 1 / alphaVar);
        const clampedA = Math.max(-0.5, Math.min(0.5, stepA));
        alpha[i]! += clampedA;
        a[i] = Math.exp(alpha[i]!);
        maxChange = Math.max(maxChange, Math.abs(clampedA));
      }
    }
  }
  const se = new Float64Array(items);
  for (let i = 0; i < items; i++) se[i] = 1 / Math.sqrt(hess[i]! + 1 / itemVar);
  return { b, se, a, theta, iterations, maxChange };
}

/** Log-likelihood of a set of answers at each grid point. */
export function gridLogLikelihood(answers: readonly { b: number; a?: number; c?: number; isCorrect: boolean }[]): Float64Array {
  const out = new Float64Array(GRID.length);
  for (const a of answers)
    for (let g = 0; g < GRID.length; g++) {
      const p = probability(GRID[g]!, a.b, a.a, a.c);
      out[g]! += Math.log(a.isCorrect ? p : 1 - p);
    }
  return out;
}

const normalPdf = (x: number, mean: number, sd: number) => Math.exp(-0.5 * ((x - mean) / sd) ** 2) / sd;

/** Normalises weights given as logs into probabilities on the grid. */
function normaliseLog(logw: Float64Array): Float64Array {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of logw) max = Math.max(max, v);
  const out = new Float64Array(logw.length);
  let sum = 0;
  for (let g = 0; g < logw.length; g++) {
    out[g] = Math.exp(logw[g]! - max);
    sum += out[g]!;
  }
  for (let g = 0; g < out.length; g++) out[g]! /= sum;
  return out;
}

export const meanSd = (weights: ArrayLike<number>) => {
  let m = 0;
  for (let g = 0; g < GRID.length; g++) m += weights[g]! * GRID[g]!;
  let v = 0;
  for (let g = 0; g < GRID.length; g++) v += weights[g]! * (GRID[g]! - m) ** 2;
  return { mean: m, sd: Math.sqrt(v) };
};

/** Expected a posteriori ability from answers, with prior N(mean, sd²): its mean, sd (the standard error) and grid posterior. */
export function estimateAbility(answers: readonly { b: number; a?: number; c?: number; isCorrect: boolean }[], prior = { mean: 0, sd: 1 }) {
  const ll = gridLogLikelihood(answers);
  for (let g = 0; g < GRID.length; g++) ll[g]! += Math.log(normalPdf(GRID[g]!, prior.mean, prior.sd));
  const posterior = normaliseLog(ll);
  const { mean, sd } = meanSd(posterior);
  return { theta: mean, se: sd, posterior };
}

/**
 * The hierarchical model of readiness: overall ability θ₀ ~ N(0, 1), each theme's ability
 * θₜ ~ N(θ₀, τ²), answers Rasch given θₜ. Exact on the grid: the posterior of θ₀, and for each
 * theme the posterior of θₜ given θ₀ (to draw joint samples) and its marginal (to show).
 */
export const THEME_SPREAD = 0.5;

export function hierarchicalPosterior(
  themeAnswers: readonly (readonly { b: number; isCorrect: boolean }[])[],
  tau = THEME_SPREAD,
  prior = { mean: 0, sd: 1 },
) {
  const G = GRID.length;
  // Kernel K[k][g] = N(grid g; grid k, τ²), shared by every theme.
  const kernel = new Float64Array(G * G);
  for (let k = 0; k < G; k++) for (let g = 0; g < G; g++) kernel[k * G + g] = normalPdf(GRID[g]!, GRID[k]!, tau);
  const likelihoods = themeAnswers.map((answers) => {
    const ll = gridLogLikelihood(answers);
    let max = Number.NEGATIVE_INFINITY;
    for (const v of ll) max = Math.max(max, v);
    return ll.map((v) => Math.exp(v - max));
  });
  // log p(θ₀ = k | x) = log N(k; 0, 1) + Σₜ log Σ_g K[k][g] Lₜ[g]
  const logTop = new Float64Array(G);
  for (let k = 0; k < G; k++) logTop[k] = Math.log(normalPdf(GRID[k]!, prior.mean, prior.sd));
  const conditional: Float64Array[] = [];
  for (const L of likelihoods) {
    // conditional[k*G + g] = p(θₜ = g | θ₀ = k, xₜ)
    const c = new Float64Array(G * G);
    for (let k = 0; k < G; k++) {
      let s = 0;
      for (let g = 0; g < G; g++) {
        const v = kernel[k * G + g]! * L[g]!;
        c[k * G + g] = v;
        s += v;
      }
      logTop[k]! += Math.log(s || Number.MIN_VALUE);
      for (let g = 0; g < G; g++) c[k * G + g]! /= s || 1;
    }
    conditional.push(c);
  }
  const top = normaliseLog(logTop);
  const marginals = conditional.map((c) => {
    const m = new Float64Array(G);
    for (let k = 0; k < G; k++) {
      const w = top[k]!;
      if (w < 1e-12) continue;
      for (let g = 0; g < G; g++) m[g]! += w * c[k * G + g]!;
    }
    return m;
  });
  return { top, conditional, marginals };
}

/** Running sums of grid weights, row by row (rows of `length`), for drawing by binary search. */
export function cumulative(weights: ArrayLike<number>, length = GRID.length): Float64Array {
  const out = new Float64Array(weights.length);
  for (let row = 0; row < weights.length; row += length) {
    let acc = 0;
    for (let g = 0; g < length; g++) {
      acc += weights[row + g]!;
      out[row + g] = acc;
    }
  }
  return out;
}

/** Index drawn by a uniform number u in [0, 1) from running sums (one row of `length` at `offset`). */
export function drawIndex(cdf: ArrayLike<number>, u: number, offset = 0, length = GRID.length): number {
  const target = u * cdf[offset + length - 1]!;
  let lo = 0;
  let hi = length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[offset + mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
