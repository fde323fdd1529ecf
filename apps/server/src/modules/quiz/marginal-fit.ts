import { DISCRIMINATION_PRIOR_SD, type FitInput, type FitResult } from "./irt.ts";

/**
 * Marginal maximum a posteriori fit of the item parameters (Bock–Aitkin EM): abilities are not
 * estimated one by one but integrated out over a quadrature of the candidates' distribution
 * N(μ, σ²), itself estimated from the answers. A joint fit, which estimates every candidate's ability
 * from their 40 or so answers and then treats it as known, squeezes the abilities of weak candidates
 * towards the middle when items can be guessed (a wrong answer says little there), and so inflates
 * discriminations; integrating the abilities out does not (docs/readiness-model.md, decision 0033).
 *
 * Model: P = c + (1 − c) / (1 + e^−a(θ − b)), c fixed per item by its format (0 without `guess`).
 * Priors: b ~ N(seed, itemPriorSd²) (anchors the scale and keeps the seed for unanswered items),
 * log a ~ N(0, discriminationPriorSd²) (a stays near 1 until the answers say otherwise).
 */

/** Quadrature nodes: −5 … +5 logits in steps of 0.25. */
const NODES = Array.from({ length: 41 }, (_, q) => -5 + q * 0.25);

export function fitIrtMarginal(input: FitInput): FitResult {
  const { persons, items, person, item, correct, itemPrior, guess } = input;
  const itemVar = (input.itemPriorSd ?? 1) ** 2;
  const alphaSd = input.discriminationPriorSd ?? DISCRIMINATION_PRIOR_SD;
  const alphaVar = alphaSd ** 2;
  const Q = NODES.length;
  const n = person.length;
  // Answers grouped by person (counting sort), for the E step.
  const start = new Int32Array(persons + 1);
  for (let k = 0; k < n; k++) start[person[k]! + 1]! += 1;
  for (let j = 0; j < persons; j++) start[j + 1]! += start[j]!;
  const order = new Int32Array(n);
  const fill = start.slice(0, persons);
  for (let k = 0; k < n; k++) order[fill[person[k]!]!++] = k;

  const b = Float64Array.from(itemPrior);
  const alpha = new Float64Array(items);
  const a = new Float64Array(items).fill(1);
  const theta = new Float64Array(persons);
  const logRight = new Float64Array(items * Q);
  const logWrong = new Float64Array(items * Q);
  const expected = new Float64Array(items * Q);
  const rightAt = new Float64Array(items * Q);
  const ll = new Float64Array(Q);
  const post = new Float64Array(Q);
  const hessB = new Float64Array(items);
  let mu = 0;
  let sigma = 1;
  let iterations = 0;
  let maxChange = Number.POSITIVE_INFINITY;
  const limit = input.maxIterations ?? 100;
  while (iterations < limit && maxChange > 1e-3) {
    iterations += 1;
    for (let i = 0; i < items; i++) {
      const c = guess ? guess[i]! : 0;
      for (let q = 0; q < Q; q++) {
        const p = c + (1 - c) / (1 + Math.exp(a[i]! * (b[i]! - NODES[q]!)));
        logRight[i * Q + q] = Math.log(Math.max(p, 1e-12));
        logWrong[i * Q + q] = Math.log(Math.max(1 - p, 1e-12));
      }
    }
    // E step: each candidate's posterior over the nodes; expected answers and right answers per item and node.
    expected.fill(0);
    rightAt.fill(0);
    let m1 = 0;
    let m2 = 0;
    for (let j = 0; j < persons; j++) {
      for (let q = 0; q < Q; q++) ll[q] = -0.5 * ((NODES[q]! - mu) / sigma) ** 2;
      for (let s = start[j]!; s < start[j + 1]!; s++) {
        const k = order[s]!;
        const row = item[k]! * Q;
        const table = correct[k] ? logRight : logWrong;
        for (let q = 0; q < Q; q++) ll[q]! += table[row + q]!;
      }
      let max = Number.NEGATIVE_INFINITY;
      for (let q = 0; q < Q; q++) max = Math.max(max, ll[q]!);
      let sum = 0;
      for (let q = 0; q < Q; q++) {
        post[q] = Math.exp(ll[q]! - max);
        sum += post[q]!;
      }
      let mean = 0;
      let square = 0;
      for (let q = 0; q < Q; q++) {
        post[q]! /= sum;
        mean += post[q]! * NODES[q]!;
        square += post[q]! * NODES[q]! ** 2;
      }
      theta[j] = mean;
      m1 += mean;
      m2 += square;
      for (let s = start[j]!; s < start[j + 1]!; s++) {
        const k = order[s]!;
        const row = item[k]! * Q;
        for (let q = 0; q < Q; q++) expected[row + q]! += post[q]!;
        if (correct[k]) for (let q = 0; q < Q; q++) rightAt[row + q]! += post[q]!;
      }
    }
    maxChange = 0;
    // The candidates' distribution, from their posteriors (empirical Bayes).
    if (persons > 0) {
      const newMu = m1 / persons;
      const newSigma = Math.sqrt(Math.max(0.05, m2 / persons - newMu * newMu));
      maxChange = Math.max(Math.abs(newMu - mu), Math.abs(newSigma - sigma));
      mu = newMu;
      sigma = newSigma;
    }
    // M step: one Newton (Fisher scoring) step per item on b and on log a, with their priors.
    for (let i = 0; i < items; i++) {
      const c = guess ? guess[i]! : 0;
      const ai = a[i]!;
      let gB = 0;
      let hB = 0;
      let gA = 0;
      let hA = 0;
      for (let q = 0; q < Q; q++) {
        const w = expected[i * Q + q]!;
        if (w < 1e-9) continue;
        const d = NODES[q]! - b[i]!;
        const l = 1 / (1 + Math.exp(-ai * d));
        const p = c + (1 - c) * l;
        const slope = (1 - c) * l * (1 - l);
        const pq = Math.max(p * (1 - p), 1e-12);
        const g = ((rightAt[i * Q + q]! - w * p) * slope) / pq;
        const h = (w * slope * slope) / pq;
        gB -= ai * g;
        hB += ai * ai * h;
        gA += ai * d * g;
        hA += ai * ai * d * d * h;
      }
      hessB[i] = hB;
      const step = Math.max(-1, Math.min(1, (gB - (b[i]! - itemPrior[i]!) / itemVar) / (hB + 1 / itemVar)));
      b[i]! += step;
      maxChange = Math.max(maxChange, Math.abs(step));
      if (alphaSd > 0) {
        const stepA = Math.max(-0.5, Math.min(0.5, (gA - alpha[i]! / alphaVar) / (hA + 1 / alphaVar)));
        alpha[i]! += stepA;
        a[i] = Math.exp(alpha[i]!);
        maxChange = Math.max(maxChange, Math.abs(stepA));
      }
    }
  }
  const se = new Float64Array(items);
  for (let i = 0; i < items; i++) se[i] = 1 / Math.sqrt(hessB[i]! + 1 / itemVar);
  return { b, se, a, theta, iterations, maxChange };
}
