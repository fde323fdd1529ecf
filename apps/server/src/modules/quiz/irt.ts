/**
 * Item response theory for readiness and the adaptive exam (docs/readiness-model.md): the item
 * model P(right | θ) = c + (1 − c) / (1 + e^−a(θ − b)), c fixed by the format, a and b fitted from
 * the answers (marginal-fit.ts; b seeded from the authored level, a shrunk toward 1; readiness uses
 * the Rasch case a = 1, c = 0), abilities θ estimated on a grid (expected a posteriori).
 */

/** Authored difficulty 1..5 → a starting item difficulty in logits: 1 → −1.6 … 5 → +1.6. */
export const seedDifficulty = (level: number) => (level - 3) * 0.8;

/** A question's difficulty in logits: fitted from answers, or seeded from its authored level. */
export const itemDifficulty = (q: { difficulty: number; calibrated: number | null | undefined }) =>
  q.calibrated ?? seedDifficulty(q.difficulty);

/**
 * A question's item model (decision 0033), as readiness and the mock exam use it: its difficulty
 * (fitted, or seeded from its level), discrimination (fitted, or 1) and its format's lower asymptote.
 */
export const itemModel = (q: {
  difficulty: number;
  calibrated: number | null | undefined;
  discrimination: number | null | undefined;
  type: string;
  optionCount: number;
}) => ({ b: itemDifficulty(q), a: q.discrimination ?? 1, c: guessingOf(q.type, q.optionCount) });

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
  /** Each candidate's expected ability given their answers. */
  theta: Float64Array;
  iterations: number;
  maxChange: number;
};

/** The default prior sd of log discrimination: a stays within about 0.55 … 1.8 unless the data insist. */
export const DISCRIMINATION_PRIOR_SD = 0.3;

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
 * The hierarchical model of readiness: overall ability θ₀ ~ N(prior), each theme's ability
 * θₜ ~ N(θ₀, τ²), answers given θₜ by each item's model (b; a and c when given, else Rasch). Exact on the grid: the posterior of θ₀, and for each
 * theme the posterior of θₜ given θ₀ (to draw joint samples) and its marginal (to show).
 */
export const THEME_SPREAD = 0.5;

export function hierarchicalPosterior(
  themeAnswers: readonly (readonly { b: number; a?: number; c?: number; isCorrect: boolean }[])[],
  tau = THEME_SPREAD,
  prior = { mean: 0, sd: 1 },
) {
  const G = GRID.length;
  const kernel = themeKernel(tau);
  const likelihoods = themeAnswers.map(scaledLikelihood);
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

/** Kernel K[k][g] = N(grid g; grid k, τ²) of a theme's ability around the overall one, built once per τ. */
const kernels = new Map<number, Float64Array>();
function themeKernel(tau: number) {
  let kernel = kernels.get(tau);
  if (!kernel) {
    const G = GRID.length;
    kernel = new Float64Array(G * G);
    for (let k = 0; k < G; k++) for (let g = 0; g < G; g++) kernel[k * G + g] = normalPdf(GRID[g]!, GRID[k]!, tau);
    kernels.set(tau, kernel);
  }
  return kernel;
}

/** A theme's likelihood on the grid, scaled so that its largest value is 1. */
function scaledLikelihood(answers: readonly { b: number; a?: number; c?: number; isCorrect: boolean }[]) {
  const ll = gridLogLikelihood(answers);
  let max = Number.NEGATIVE_INFINITY;
  for (const v of ll) max = Math.max(max, v);
  return ll.map((v) => Math.exp(v - max));
}

/**
 * log p(answers | θ₀) at each grid point, up to a constant: the hierarchical model's evidence about
 * overall ability, each theme's ability integrated out. What a candidate contributes to estimating
 * the track's distribution of ability (estimateAbilityPopulation).
 */
export function overallLogLikelihood(
  themeAnswers: readonly (readonly { b: number; a?: number; c?: number; isCorrect: boolean }[])[],
  tau = THEME_SPREAD,
): Float64Array {
  const G = GRID.length;
  const kernel = themeKernel(tau);
  const out = new Float64Array(G);
  for (const answers of themeAnswers) {
    if (answers.length === 0) continue;
    const L = scaledLikelihood(answers);
    for (let k = 0; k < G; k++) {
      let s = 0;
      for (let g = 0; g < G; g++) s += kernel[k * G + g]! * L[g]!;
      out[k]! += Math.log(s || Number.MIN_VALUE);
    }
  }
  return out;
}

/** The spread an estimated distribution of ability is never narrower than (logits). */
export const MIN_POPULATION_SD = 0.5;

/**
 * The distribution N(μ, σ²) of overall ability among candidates, from each one's log-likelihood on
 * the grid (overallLogLikelihood): maximum marginal likelihood by EM, each candidate's ability
 * integrated out under the current N(μ, σ²) (as the item fit does for its candidates). σ is kept at
 * MIN_POPULATION_SD or more: a handful of alike candidates must not make a prior that nobody's
 * answers can move.
 */
export function estimateAbilityPopulation(logLikelihoods: readonly ArrayLike<number>[], start = { mean: 0, sd: 1 }) {
  const G = GRID.length;
  let { mean, sd } = start;
  if (logLikelihoods.length === 0) return { mean, sd, candidates: 0, iterations: 0 };
  const logw = new Float64Array(G);
  let iterations = 0;
  for (; iterations < 200; iterations++) {
    let m1 = 0;
    let m2 = 0;
    for (let g = 0; g < G; g++) logw[g] = -0.5 * ((GRID[g]! - mean) / sd) ** 2;
    for (const ll of logLikelihoods) {
      let max = Number.NEGATIVE_INFINITY;
      for (let g = 0; g < G; g++) max = Math.max(max, ll[g]! + logw[g]!);
      let z = 0;
      let s1 = 0;
      let s2 = 0;
      for (let g = 0; g < G; g++) {
        const w = Math.exp(ll[g]! + logw[g]! - max);
        z += w;
        s1 += w * GRID[g]!;
        s2 += w * GRID[g]! * GRID[g]!;
      }
      m1 += s1 / z;
      m2 += s2 / z;
    }
    const nextMean = m1 / logLikelihoods.length;
    const nextSd = Math.max(MIN_POPULATION_SD, Math.sqrt(Math.max(0, m2 / logLikelihoods.length - nextMean * nextMean)));
    const moved = Math.max(Math.abs(nextMean - mean), Math.abs(nextSd - sd));
    mean = nextMean;
    sd = nextSd;
    if (moved < 1e-4) break;
  }
  return { mean, sd, candidates: logLikelihoods.length, iterations };
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
