import { abilityCut } from "./cat.ts";
import {
  cumulative,
  drawIndex,
  estimateAbilityPopulation,
  GRID,
  hierarchicalPosterior,
  meanSd,
  overallLogLikelihood,
  probability,
} from "./irt.ts";
import { createRandom } from "./random.ts";

/**
 * Readiness (docs/readiness-model.md): the hierarchical model of irt.ts, on each item's model
 * (decision 0033), gives each theme's ability; a theme's mastery is the share of that theme's bank the candidate is expected to get
 * right; readiness is the blueprint-weighted expected exam score, with its 90% band and the
 * probability that it reaches the track's pass mark, from joint draws of the posterior.
 */

/** An answer that counts: its theme, the item's model (difficulty; discrimination and guessing when known) and whether it was right. */
export type Evidence = { theme: string; b: number; a?: number; c?: number; isCorrect: boolean };

/** No figure before this many answers (evidence only) ... */
export const MIN_ANSWERS = 20;
/** ... spread over at least this share of the blueprint's themes. */
export const MIN_THEME_SHARE = 0.5;
/** Draws of the posterior for the band and the pass probability (seeded: the figure is stable). */
const DRAWS = 2000;
/** At most this many item difficulties stand for a theme's bank (its quantiles). */
const BANK_POINTS = 40;
/**
 * Prior of overall ability: centred on the track's cut (the ability whose expected score is the pass
 * mark) and wide, so that it pulls no candidate towards a fail or a pass; a prior at the population's
 * average, below the cut, told able candidates too low a chance (docs/readiness-model.md).
 */
export const ABILITY_PRIOR_SD = 1.2;
/** The real exam's length when a track names none: its sitting's measurement error. */
export const DEFAULT_EXAM_QUESTIONS = 100;

export type ThemeReadiness = {
  theme: string;
  ability: number;
  se: number;
  mastery: number;
  low: number;
  high: number;
  answered: number;
  correct: number;
};

export type ReadinessResult = {
  enough: boolean;
  answered: number;
  needed: number;
  themesAnswered: number;
  themesNeeded: number;
  ability: number;
  se: number;
  readiness: number;
  low: number;
  high: number;
  passMark: number;
  /** The chance to pass one sitting of the real exam (its length and measurement error). */
  passProbability: number;
  /** The ability at which the expected exam score is the pass mark. */
  cut: number;
  /** How many of the track's candidates the prior was estimated from; null: the default prior. */
  priorCandidates: number | null;
  themes: Map<string, ThemeReadiness>;
};

export type BlueprintTheme = { theme: string; weight: number; bank: readonly BankItem[] };

/** An item of a theme's bank: its difficulty alone (the Rasch model), or with discrimination and lower asymptote. */
export type BankItem = number | { b: number; a?: number; c?: number };

function quantilesOf<T>(values: readonly T[], n: number, key: (v: T) => number): T[] {
  if (values.length <= n) return [...values];
  const sorted = [...values].sort((x, y) => key(x) - key(y));
  return Array.from({ length: n }, (_, i) => sorted[Math.floor(((i + 0.5) / n) * sorted.length)]!);
}

/**
 * Expected share right of a theme's bank at each grid ability: of its items (up to 40 quantiles by
 * difficulty) under the model each carries, Rasch for a bare difficulty.
 */
export function expectedShare(bank: readonly BankItem[]): Float64Array {
  const items = (bank.length ? bank : [0]).map((q) => (typeof q === "number" ? { b: q } : q));
  const points = quantilesOf(items, BANK_POINTS, (q) => q.b);
  const out = new Float64Array(GRID.length);
  for (let g = 0; g < GRID.length; g++) {
    let s = 0;
    for (const q of points) s += probability(GRID[g]!, q.b, q.a, q.c);
    out[g] = s / points.length;
  }
  return out;
}

/** The grid value at a quantile of grid weights. */
function gridQuantile(weights: ArrayLike<number>, q: number, values: ArrayLike<number>) {
  let acc = 0;
  for (let g = 0; g < GRID.length; g++) {
    acc += weights[g]!;
    if (acc >= q) return values[g]!;
  }
  return values[GRID.length - 1]!;
}

function quantile(sorted: Float64Array, q: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))]!;
}

/**
 * P(pass one sitting) for a draw of theme abilities: the sitting holds `seats[t]` questions of each
 * theme drawn from its bank, so its score is a sum of binomials Bin(seatsₜ, shareₜ); normal
 * approximation with continuity correction.
 */
function sittingPassChance(seats: readonly number[], shares: readonly number[], need: number) {
  let mean = 0;
  let variance = 0;
  for (let i = 0; i < seats.length; i++) {
    mean += seats[i]! * shares[i]!;
    variance += seats[i]! * shares[i]! * (1 - shares[i]!);
  }
  if (variance < 1e-9) return mean >= need - 1e-9 ? 1 : 0;
  return 1 - normalCdf((need - 0.5 - mean) / Math.sqrt(variance));
}

/** Φ, the standard normal CDF (Abramowitz–Stegun 7.1.26 on erf; error below 1.5e-7). */
export function normalCdf(z: number) {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** Seats per theme of a sitting of `questions` (largest remainder by weight, as the fixed mock exam). */
function seatsOf(weights: readonly number[], questions: number) {
  const total = weights.reduce((n, w) => n + w, 0) || 1;
  const quotas = weights.map((w) => (w / total) * questions);
  const seats = quotas.map(Math.floor);
  let left = questions - seats.reduce((n, s) => n + s, 0);
  const order = quotas.map((q, i) => ({ i, r: q - Math.floor(q) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    seats[i]! += 1;
    left -= 1;
  }
  return seats;
}

/** Candidates of a track with enough evidence before their distribution of ability becomes its prior. */
export const MIN_PRIOR_CANDIDATES = 50;

/** Whether answers are enough for a figure: MIN_ANSWERS in the blueprint's themes, over MIN_THEME_SHARE of them. */
function hasEnough(byTheme: readonly (readonly Evidence[])[]) {
  const answered = byTheme.reduce((n, list) => n + list.length, 0);
  const themesAnswered = byTheme.filter((list) => list.length > 0).length;
  return answered >= MIN_ANSWERS && themesAnswered >= Math.ceil(byTheme.length * MIN_THEME_SHARE);
}

const byThemeOf = (evidence: readonly Evidence[], blueprint: readonly { theme: string }[]) =>
  blueprint.map((t) => evidence.filter((e) => e.theme === t.theme));

/**
 * A candidate's evidence about overall ability, for estimating their track's distribution of ability
 * (its empirical prior, docs/readiness-model.md): null unless it is enough for a figure, since the
 * prior is that of the candidates who are shown one.
 */
export function priorEvidence(evidence: readonly Evidence[], themes: readonly { theme: string }[]) {
  const byTheme = byThemeOf(evidence, themes);
  return hasEnough(byTheme) ? overallLogLikelihood(byTheme) : null;
}

/** The track's prior from its candidates' evidence (priorEvidence): null until MIN_PRIOR_CANDIDATES have enough. */
export function priorOf(likelihoods: readonly Float64Array[]): TrackPrior | null {
  if (likelihoods.length < MIN_PRIOR_CANDIDATES) return null;
  const { mean, sd, candidates } = estimateAbilityPopulation(likelihoods);
  return { mean, sd, candidates };
}

/** A track's empirical prior from its candidates' evidence: priorEvidence of each, then priorOf. */
export function estimateTrackPrior(candidates: readonly (readonly Evidence[])[], themes: readonly { theme: string }[]) {
  return priorOf(candidates.flatMap((evidence) => priorEvidence(evidence, themes) ?? []));
}

/** The distribution of overall ability a figure starts from: a track's candidates' (with how many), or a given one. */
export type TrackPrior = { mean: number; sd: number; candidates?: number };

export function computeReadiness(
  evidence: readonly Evidence[],
  blueprint: readonly BlueprintTheme[],
  passMark: number,
  seed = 20_251_124,
  exam: {
    questions?: number;
    /**
     * The prior of overall ability when the track's candidates' own distribution is known (its
     * empirical prior, estimateTrackPrior); by default N(cut, ABILITY_PRIOR_SD²).
     */
    prior?: TrackPrior | null;
  } = {},
) {
  const total = blueprint.reduce((n, t) => n + t.weight, 0) || 1;
  const byTheme = byThemeOf(evidence, blueprint);
  const answered = byTheme.reduce((n, list) => n + list.length, 0);
  const themesAnswered = byTheme.filter((list) => list.length > 0).length;
  const themesNeeded = Math.ceil(blueprint.length * MIN_THEME_SHARE);
  const shares = blueprint.map((t) => expectedShare(t.bank));
  const cut = abilityCut(
    blueprint.map((t, i) => ({ weight: t.weight, shares: shares[i]! })),
    passMark,
  );
  const prior = exam.prior ?? { mean: cut, sd: ABILITY_PRIOR_SD };
  const { top, conditional, marginals } = hierarchicalPosterior(byTheme, undefined, { mean: prior.mean, sd: prior.sd });
  const G = GRID.length;
  const questions = exam.questions ?? DEFAULT_EXAM_QUESTIONS;
  const seats = seatsOf(
    blueprint.map((t) => t.weight),
    questions,
  );
  const need = Math.ceil(passMark * questions - 1e-9);

  const themes = new Map<string, ThemeReadiness>();
  blueprint.forEach((t, i) => {
    const m = marginals[i]!;
    const { mean, sd } = meanSd(m);
    let mastery = 0;
    for (let g = 0; g < G; g++) mastery += m[g]! * shares[i]![g]!;
    themes.set(t.theme, {
      theme: t.theme,
      ability: mean,
      se: sd,
      mastery,
      // The expected share rises with ability, so the ability's quantiles give the share's.
      low: gridQuantile(m, 0.05, shares[i]!),
      high: gridQuantile(m, 0.95, shares[i]!),
      answered: byTheme[i]!.length,
      correct: byTheme[i]!.filter((e) => e.isCorrect).length,
    });
  });

  // Joint draws: θ₀ from its posterior, then each theme's θₜ given θ₀.
  const random = createRandom(seed);
  const topCdf = cumulative(top);
  const conditionalCdf = conditional.map((c) => cumulative(c));
  const scores = new Float64Array(DRAWS);
  const drawn = new Array<number>(blueprint.length);
  let pass = 0;
  let sum = 0;
  for (let d = 0; d < DRAWS; d++) {
    const k = drawIndex(topCdf, random());
    let s = 0;
    for (let i = 0; i < blueprint.length; i++) {
      const g = drawIndex(conditionalCdf[i]!, random(), k * G, G);
      drawn[i] = shares[i]![g]!;
      s += (blueprint[i]!.weight / total) * drawn[i]!;
    }
    scores[d] = s;
    sum += s;
    // One sitting of the real exam: its own questions and its own luck, not the true score.
    pass += sittingPassChance(seats, drawn, need);
  }
  scores.sort();
  const overall = meanSd(top);
  return {
    enough: hasEnough(byTheme),
    answered,
    needed: MIN_ANSWERS,
    themesAnswered,
    themesNeeded,
    ability: overall.mean,
    se: overall.sd,
    readiness: sum / DRAWS,
    low: quantile(scores, 0.05),
    high: quantile(scores, 0.95),
    passMark,
    passProbability: pass / DRAWS,
    cut,
    priorCandidates: exam.prior?.candidates ?? null,
    themes,
  } satisfies ReadinessResult;
}
