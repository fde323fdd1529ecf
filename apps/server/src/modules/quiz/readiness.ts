import { cumulative, drawIndex, GRID, hierarchicalPosterior, meanSd, probability } from "./irt.ts";
import { createRandom } from "./random.ts";

/**
 * Readiness (docs/readiness-model.md): the hierarchical Rasch model of irt.ts gives each theme's
 * ability; a theme's mastery is the share of that theme's bank the candidate is expected to get
 * right; readiness is the blueprint-weighted expected exam score, with its 90% band and the
 * probability that it reaches the track's pass mark, from joint draws of the posterior.
 */

export type Evidence = { theme: string; b: number; isCorrect: boolean };

/** No figure before this many answers (evidence only) ... */
export const MIN_ANSWERS = 20;
/** ... spread over at least this share of the blueprint's themes. */
export const MIN_THEME_SHARE = 0.5;
/** Draws of the posterior for the band and the pass probability (seeded: the figure is stable). */
const DRAWS = 2000;
/** At most this many item difficulties stand for a theme's bank (its quantiles). */
const BANK_POINTS = 40;

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
  passProbability: number;
  themes: Map<string, ThemeReadiness>;
};

export type BlueprintTheme = { theme: string; weight: number; bank: readonly number[] };

function quantilesOf(values: readonly number[], n: number): number[] {
  if (values.length <= n) return [...values];
  const sorted = [...values].sort((a, b) => a - b);
  return Array.from({ length: n }, (_, i) => sorted[Math.floor(((i + 0.5) / n) * sorted.length)]!);
}

/** Expected share right of a theme's bank at each grid ability. */
export function expectedShare(bank: readonly number[]): Float64Array {
  const points = quantilesOf(bank.length ? bank : [0], BANK_POINTS);
  const out = new Float64Array(GRID.length);
  for (let g = 0; g < GRID.length; g++) {
    let s = 0;
    for (const b of points) s += probability(GRID[g]!, b);
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

export function computeReadiness(
  evidence: readonly Evidence[],
  blueprint: readonly BlueprintTheme[],
  passMark: number,
  seed = 20_251_124,
): ReadinessResult {
  const total = blueprint.reduce((n, t) => n + t.weight, 0) || 1;
  const byTheme = blueprint.map((t) => evidence.filter((e) => e.theme === t.theme));
  const answered = byTheme.reduce((n, list) => n + list.length, 0);
  const themesAnswered = byTheme.filter((list) => list.length > 0).length;
  const themesNeeded = Math.ceil(blueprint.length * MIN_THEME_SHARE);
  const { top, conditional, marginals } = hierarchicalPosterior(byTheme);
  const shares = blueprint.map((t) => expectedShare(t.bank));
  const G = GRID.length;

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
  let pass = 0;
  let sum = 0;
  for (let d = 0; d < DRAWS; d++) {
    const k = drawIndex(topCdf, random());
    let s = 0;
    for (let i = 0; i < blueprint.length; i++) {
      const g = drawIndex(conditionalCdf[i]!, random(), k * G, G);
      s += (blueprint[i]!.weight / total) * shares[i]![g]!;
    }
    scores[d] = s;
    sum += s;
    if (s >= passMark) pass += 1;
  }
  scores.sort();
  const overall = meanSd(top);
  return {
    enough: answered >= MIN_ANSWERS && themesAnswered >= themesNeeded,
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
    themes,
  };
}
