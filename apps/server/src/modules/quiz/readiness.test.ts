import { describe, expect, it } from "vitest";
import { abilityCut, decideExam, firstItem, nextItem, simulateCat } from "./cat.ts";
import { estimateAbility, estimateAbilityPopulation, MIN_POPULATION_SD, overallLogLikelihood, probability, seedDifficulty } from "./irt.ts";
import { fitIrt } from "./marginal-fit.ts";
import { createRandom } from "./random.ts";
import { computeReadiness, estimateTrackPrior, expectedShare, MIN_PRIOR_CANDIDATES } from "./readiness.ts";

/** Standard normal draws from a seeded uniform (Box–Muller). */
function normal(random: () => number) {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const THEMES = Array.from({ length: 10 }, (_, i) => ({ theme: `t${i}`, weight: [14, 14, 12, 12, 12, 8, 8, 8, 6, 6][i]! }));

function makeBank(random: () => number) {
  return THEMES.map((t) => ({ ...t, bank: Array.from({ length: 60 }, () => normal(random)) }));
}

/** A candidate of known ability answers `count` questions spread over the blueprint by weight. */
function simulate(random: () => number, blueprint: ReturnType<typeof makeBank>, count: number, population = { mean: 0, sd: 1 }) {
  const theta0 = population.mean + population.sd * normal(random);
  const themeTheta = blueprint.map(() => theta0 + 0.5 * normal(random));
  const evidence: { theme: string; b: number; isCorrect: boolean }[] = [];
  const total = blueprint.reduce((n, t) => n + t.weight, 0);
  for (let k = 0; k < count; k++) {
    let u = random() * total;
    let i = 0;
    while (u > blueprint[i]!.weight) u -= blueprint[i++]!.weight;
    const b = blueprint[i]!.bank[Math.floor(random() * blueprint[i]!.bank.length)]!;
    evidence.push({ theme: blueprint[i]!.theme, b, isCorrect: random() < probability(themeTheta[i]!, b) });
  }
  // The true expected exam score, on the same summary of each theme's bank the model uses.
  let trueScore = 0;
  blueprint.forEach((t, i) => {
    const share = expectedShare(t.bank);
    const g = Math.round((themeTheta[i]! + 5) / 0.1);
    trueScore += (t.weight / total) * share[Math.max(0, Math.min(100, g))]!;
  });
  return { theta0, themeTheta, evidence, trueScore };
}

describe("readiness model (simulation of candidates of known ability)", () => {
  it("holds the true expected score in its 90% band about 90% of the time, and the ability within its SE band", () => {
    const random = createRandom(17);
    const blueprint = makeBank(random);
    let inBand = 0;
    let abilityInBand = 0;
    const N = 300;
    for (let c = 0; c < N; c++) {
      const sim = simulate(random, blueprint, 40);
      const r = computeReadiness(sim.evidence, blueprint, 0.7, c + 1);
      if (sim.trueScore >= r.low && sim.trueScore <= r.high) inBand += 1;
      if (Math.abs(sim.theta0 - r.ability) <= 1.645 * r.se) abilityInBand += 1;
    }
    expect(inBand / N).toBeGreaterThan(0.85);
    expect(inBand / N).toBeLessThan(0.95);
    expect(abilityInBand / N).toBeGreaterThan(0.85);
    expect(abilityInBand / N).toBeLessThan(0.95);
  }, 180_000);

  it("narrows the band as answers accumulate and moves the pass probability with ability", () => {
    const random = createRandom(5);
    const blueprint = makeBank(random);
    const strong = (n: number) =>
      blueprint.flatMap((t) => Array.from({ length: n }, () => ({ theme: t.theme, b: t.bank[0]!, isCorrect: random() < 0.9 })));
    const few = computeReadiness(strong(2), blueprint, 0.7);
    const many = computeReadiness(strong(12), blueprint, 0.7);
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
    expect(many.se).toBeLessThan(few.se);
    const weak = computeReadiness(
      blueprint.flatMap((t) => Array.from({ length: 12 }, () => ({ theme: t.theme, b: t.bank[0]!, isCorrect: random() < 0.3 }))),
      blueprint,
      0.7,
    );
    expect(many.passProbability).toBeGreaterThan(weak.passProbability);
    expect(weak.passProbability).toBeLessThan(0.1);
  });

  it("gives the chance to pass one sitting: a short exam leaves more to luck than a long one", () => {
    const random = createRandom(31);
    const blueprint = Array.from({ length: 10 }, (_, i) => ({
      theme: `t${i}`,
      weight: 10,
      bank: Array.from({ length: 60 }, () => (random() - 0.5) * 3),
    }));
    // Above the cut, with plenty of evidence: nearly sure over 200 questions, less so over 20.
    const able = blueprint.flatMap((t) =>
      t.bank.slice(0, 16).map((b) => ({ theme: t.theme, b, isCorrect: random() < probability(1.6, b) })),
    );
    const long = computeReadiness(able, blueprint, 0.7, 1, { questions: 200 });
    const short = computeReadiness(able, blueprint, 0.7, 1, { questions: 20 });
    expect(long.readiness).toBeGreaterThan(0.7);
    expect(long.passProbability).toBeGreaterThan(0.8);
    expect(short.passProbability).toBeLessThan(long.passProbability - 0.03);
    // The prior sits on the cut: with no evidence the chance is a coin toss, not a fail.
    expect(computeReadiness([], blueprint, 0.7, 1, { questions: 100 }).passProbability).toBeGreaterThan(0.35);
  });

  it("shows no figure until 20 answers over half the blueprint's themes", () => {
    const blueprint = makeBank(createRandom(9));
    const oneTheme = Array.from({ length: 30 }, () => ({ theme: "t0", b: 0, isCorrect: true }));
    expect(computeReadiness(oneTheme, blueprint, 0.7).enough).toBe(false);
    const spread = blueprint.slice(0, 5).flatMap((t) => Array.from({ length: 4 }, () => ({ theme: t.theme, b: 0, isCorrect: true })));
    expect(computeReadiness(spread, blueprint, 0.7).enough).toBe(true);
    expect(computeReadiness(spread.slice(1), blueprint, 0.7).enough).toBe(false);
  });
});

describe("a track's empirical prior (decision 38)", () => {
  it("recovers the candidates' distribution of ability from their answers, never narrower than its floor", () => {
    const random = createRandom(41);
    const blueprint = makeBank(random);
    const cohort = Array.from({ length: 400 }, () => simulate(random, blueprint, 30, { mean: 1.2, sd: 0.8 }));
    const likelihoods = cohort.map((c) => overallLogLikelihood(blueprint.map((t) => c.evidence.filter((e) => e.theme === t.theme))));
    const fitted = estimateAbilityPopulation(likelihoods);
    expect(fitted.mean).toBeGreaterThan(1.05);
    expect(fitted.mean).toBeLessThan(1.35);
    expect(fitted.sd).toBeGreaterThan(0.65);
    expect(fitted.sd).toBeLessThan(0.95);
    // Alike candidates make no prior narrower than the floor.
    const twins = Array.from({ length: 60 }, () => likelihoods[0]!);
    expect(estimateAbilityPopulation(twins).sd).toBe(MIN_POPULATION_SD);
  }, 60_000);

  it("waits for enough candidates with enough evidence, and counts only those", () => {
    const random = createRandom(43);
    const blueprint = makeBank(random);
    const ready = Array.from({ length: MIN_PRIOR_CANDIDATES - 1 }, () => simulate(random, blueprint, 25).evidence);
    const short = Array.from({ length: 30 }, () => simulate(random, blueprint, 10).evidence);
    expect(estimateTrackPrior([...ready, ...short], blueprint)).toBeNull();
    const one = simulate(random, blueprint, 25).evidence;
    expect(estimateTrackPrior([...ready, one, ...short], blueprint)?.candidates).toBe(MIN_PRIOR_CANDIDATES);
  });

  it("tells a cohort far above the cut a chance that matches how often it passes, where the default prior does not", () => {
    const random = createRandom(47);
    const blueprint = makeBank(random);
    const cut = computeReadiness([], blueprint, 0.7).cut;
    const cohort = Array.from({ length: 200 }, () => simulate(random, blueprint, 20, { mean: cut + 1, sd: 0.6 }));
    const prior = estimateTrackPrior(
      cohort.map((c) => c.evidence),
      blueprint,
    );
    expect(prior).not.toBeNull();
    // On average over the cohort: the told chance against the true chance of passing (score over the mark).
    let truth = 0;
    let told = 0;
    let toldByDefault = 0;
    cohort.forEach((c, i) => {
      truth += c.trueScore >= 0.7 ? 1 : 0;
      told += computeReadiness(c.evidence, blueprint, 0.7, i + 1, { questions: 1000, prior }).passProbability;
      toldByDefault += computeReadiness(c.evidence, blueprint, 0.7, i + 1, { questions: 1000 }).passProbability;
    });
    const n = cohort.length;
    expect(Math.abs(told / n - truth / n)).toBeLessThan(0.06);
    expect(truth / n - toldByDefault / n).toBeGreaterThan(Math.abs(told / n - truth / n) + 0.03);
    expect(computeReadiness(cohort[0]!.evidence, blueprint, 0.7, 1, { prior }).priorCandidates).toBe(n);
  }, 120_000);
});

describe("item calibration (Rasch fit)", () => {
  it("recovers known item difficulties from simulated answers, and keeps the seed without data", () => {
    const random = createRandom(3);
    const items = 60;
    const persons = 800;
    const trueB = Array.from({ length: items }, () => normal(random));
    const seeds = trueB.map((b, i) => (i < 50 ? seedDifficulty(Math.max(1, Math.min(5, Math.round(b / 0.8 + 3)))) : 1));
    const person: number[] = [];
    const item: number[] = [];
    const correct: number[] = [];
    for (let p = 0; p < persons; p++) {
      const theta = normal(random);
      for (let k = 0; k < 25; k++) {
        const i = Math.floor(random() * 50); // items 50..59 are never answered
        person.push(p);
        item.push(i);
        correct.push(random() < probability(theta, trueB[i]!) ? 1 : 0);
      }
    }
    const fit = fitIrt({
      persons,
      items,
      person: Int32Array.from(person),
      item: Int32Array.from(item),
      correct: Uint8Array.from(correct),
      itemPrior: Float64Array.from(seeds),
    });
    let err = 0;
    for (let i = 0; i < 50; i++) err += (fit.b[i]! - trueB[i]!) ** 2;
    expect(Math.sqrt(err / 50)).toBeLessThan(0.25);
    for (let i = 50; i < 60; i++) expect(fit.b[i]).toBeCloseTo(1, 6);
    for (let i = 50; i < 60; i++) expect(fit.se[i]).toBeCloseTo(1, 6);
  }, 60_000);

  it("estimates discrimination too (2PL), shrunk toward 1 until there is data", () => {
    const random = createRandom(4);
    const items = 41;
    const trueA = Array.from({ length: items }, (_, i) => (i % 2 ? 1.8 : 0.55));
    const trueB = Array.from({ length: items }, () => normal(random));
    const person: number[] = [];
    const item: number[] = [];
    const correct: number[] = [];
    for (let p = 0; p < 1500; p++) {
      const theta = normal(random);
      for (let k = 0; k < 30; k++) {
        const i = Math.floor(random() * 40); // item 40 is never answered
        person.push(p);
        item.push(i);
        correct.push(random() < 1 / (1 + Math.exp(-trueA[i]! * (theta - trueB[i]!))) ? 1 : 0);
      }
    }
    const fit = fitIrt({
      persons: 1500,
      items,
      person: Int32Array.from(person),
      item: Int32Array.from(item),
      correct: Uint8Array.from(correct),
      itemPrior: new Float64Array(items),
    });
    const mean = (odd: number) => {
      const xs = Array.from(fit.a).filter((_, i) => i < 40 && i % 2 === odd);
      return xs.reduce((n, x) => n + x, 0) / xs.length;
    };
    expect(mean(1)).toBeGreaterThan(1.3 * mean(0));
    expect(fit.a[40]).toBe(1);
  }, 60_000);

  it("estimates ability with a standard error that shrinks with answers", () => {
    const random = createRandom(8);
    const answers = (n: number) => Array.from({ length: n }, () => ({ b: 0, isCorrect: random() < probability(1, 0) }));
    const a = estimateAbility(answers(10));
    const b = estimateAbility(answers(80));
    expect(b.se).toBeLessThan(a.se);
    expect(Math.abs(b.theta - 1)).toBeLessThan(0.5);
  });
});

describe("adaptive mock exam (simulation of candidates of known ability)", () => {
  it("decides pass or fail right, stops once the 95% interval clears the cut, varies its items, and keeps the blueprint mix", () => {
    const random = createRandom(23);
    const pool = THEMES.flatMap((t, ti) =>
      Array.from({ length: 60 }, (_, k) => ({ id: ti * 100 + k, theme: t.theme, b: 1.2 * normal(random) })),
    );
    const weights = Object.fromEntries(THEMES.map((t) => [t.theme, t.weight]));
    const cut = 0.5;
    let right = 0;
    let stoppedEarly = 0;
    const firsts = new Set<number>();
    const shown = new Map<number, number>();
    const N = 200;
    for (let c = 0; c < N; c++) {
      const theta = cut + normal(random);
      const run = simulateCat(pool, weights, (q) => random() < probability(theta, q.b), random, { min: 30, max: 90, cut });
      if (run.pass === theta >= cut) right += 1;
      firsts.add(run.taken[0]!.id);
      for (const q of run.taken) shown.set(q.id, (shown.get(q.id) ?? 0) + 1);
      if (run.taken.length < 90) {
        stoppedEarly += 1;
        expect(run.taken.length).toBeGreaterThanOrEqual(30);
        expect(decideExam(run, cut)).toBe(run.pass ? "pass" : "fail");
      }
      // Content balancing: each theme within one item of its blueprint share.
      for (const t of THEMES) {
        const share = (t.weight / 100) * run.taken.length;
        expect(Math.abs(run.taken.filter((q) => q.theme === t.theme).length - share)).toBeLessThanOrEqual(1.5);
      }
    }
    expect(right / N).toBeGreaterThan(0.88);
    expect(stoppedEarly / N).toBeGreaterThan(0.5);
    expect(firsts.size).toBeGreaterThan(10);
    expect(Math.max(...shown.values()) / N).toBeLessThan(0.9);
  }, 180_000);

  it("finds the cut on the bank's scale, decides only when the interval clears it, and starts near it", () => {
    const shares = expectedShare([-1, 0, 1]);
    const cut = abilityCut([{ weight: 1, shares }], 0.7);
    // The mean of P(cut, b) over the bank is the pass mark.
    expect([-1, 0, 1].reduce((s, b) => s + probability(cut, b), 0) / 3).toBeCloseTo(0.7, 2);
    expect(decideExam({ theta: cut + 0.5, se: 0.2 }, cut)).toBe("pass");
    expect(decideExam({ theta: cut - 0.5, se: 0.2 }, cut)).toBe("fail");
    expect(decideExam({ theta: cut + 0.3, se: 0.2 }, cut)).toBeNull();
    const pool = Array.from({ length: 100 }, (_, i) => ({ id: i, theme: "a", b: -5 + i * 0.1 }));
    for (let s = 0; s < 20; s++) expect(Math.abs(firstItem(pool, 1, createRandom(s))!.b - 1)).toBeLessThan(1.3);
  });

  it("picks the most informative item at the current ability", () => {
    const pool = [
      { id: 1, theme: "a", b: -2 },
      { id: 2, theme: "a", b: 0.9 },
      { id: 3, theme: "a", b: 3 },
    ];
    expect(nextItem(pool, [], { a: 1 }, 1)!.id).toBe(2);
    expect(nextItem(pool, [{ id: 2, theme: "a" }], { a: 1 }, 2.8)!.id).toBe(3);
  });
});
