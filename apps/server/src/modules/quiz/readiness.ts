/**
 * Mastery and readiness (docs/readiness-model.md): per theme a Beta posterior over "share of
 * exam questions of this theme the candidate gets right", updated with difficulty-weighted
 * evidence; readiness is the blueprint-weighted mean with a 90% band.
 */

export type Evidence = { theme: string; difficulty: number; isCorrect: boolean };

export const PRIOR = { alpha: 1, beta: 1 } as const;
/** z for a two-sided 90% band. */
const Z90 = 1.645;

/** A right answer to a hard question, or a wrong answer to an easy one, says more. */
export const evidenceWeight = (difficulty: number, isCorrect: boolean) =>
  isCorrect ? 0.5 + 0.25 * (difficulty - 1) : 0.5 + 0.25 * (5 - difficulty);

export type ThemeMastery = {
  theme: string;
  mastery: number;
  low: number;
  high: number;
  answered: number;
  correct: number;
};

export function themeMastery(
  evidence: readonly Evidence[],
  themes: readonly string[],
): Map<string, ThemeMastery & { alpha: number; beta: number }> {
  const out = new Map<string, ThemeMastery & { alpha: number; beta: number }>();
  for (const t of themes)
    out.set(t, { theme: t, alpha: PRIOR.alpha, beta: PRIOR.beta, mastery: 0.5, low: 0, high: 1, answered: 0, correct: 0 });
  for (const e of evidence) {
    const m = out.get(e.theme);
    if (!m) continue;
    const w = evidenceWeight(e.difficulty, e.isCorrect);
    if (e.isCorrect) m.alpha += w;
    else m.beta += w;
    m.answered += 1;
    if (e.isCorrect) m.correct += 1;
  }
  for (const m of out.values()) {
    const n = m.alpha + m.beta;
    m.mastery = m.alpha / n;
    const sd = Math.sqrt((m.alpha * m.beta) / (n * n * (n + 1)));
    m.low = Math.max(0, m.mastery - Z90 * sd);
    m.high = Math.min(1, m.mastery + Z90 * sd);
  }
  return out;
}

export type Readiness = { readiness: number; low: number; high: number; answered: number };

/** Blueprint-weighted mastery; themes are treated as independent for the band. */
export function readiness(
  mastery: ReadonlyMap<string, { alpha: number; beta: number; answered: number }>,
  weights: readonly { theme: string; weight: number }[],
): Readiness {
  const total = weights.reduce((n, w) => n + w.weight, 0) || 1;
  let mean = 0;
  let variance = 0;
  let answered = 0;
  for (const { theme, weight } of weights) {
    const m = mastery.get(theme) ?? { alpha: PRIOR.alpha, beta: PRIOR.beta, answered: 0 };
    const w = weight / total;
    const n = m.alpha + m.beta;
    mean += w * (m.alpha / n);
    variance += w * w * ((m.alpha * m.beta) / (n * n * (n + 1)));
    answered += m.answered;
  }
  const sd = Math.sqrt(variance);
  return { readiness: mean, low: Math.max(0, mean - Z90 * sd), high: Math.min(1, mean + Z90 * sd), answered };
}
