import { describe, expect, it } from "vitest";
import { abilityCut, chanceAboveCut, examAbility, selectionPoint } from "./cat.ts";
import { fitIrt, guessingOf, information, probability } from "./irt.ts";
import { fitIrtMarginal } from "./marginal-fit.ts";
import { createRandom } from "./random.ts";
import { expectedShare } from "./readiness.ts";

// The lower asymptote fixed by the item's format (decision 0033): one model for the fit, the mock
// exam and its scale.

function corr(x: ArrayLike<number>, y: ArrayLike<number>) {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]! / n;
    my += y[i]! / n;
  }
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

function normal(random: () => number) {
  return Math.sqrt(-2 * Math.log(Math.max(random(), 1e-12))) * Math.cos(2 * Math.PI * random());
}

describe("guessing fixed by the item's format", () => {
  it("gives a single choice 1/k, a true/false one half, and formats that cannot be guessed none", () => {
    expect(guessingOf("single", 4)).toBe(0.25);
    expect(guessingOf("single", 3)).toBeCloseTo(1 / 3, 9);
    expect(guessingOf("true_false", 2)).toBe(0.5);
    for (const type of ["multiple", "ordering", "numeric"]) expect(guessingOf(type, 5)).toBe(0);
  });

  it("floors the chance of a right answer at the guess and lowers the information an answer carries", () => {
    expect(probability(-8, 0, 1, 0.25)).toBeCloseTo(0.25, 3);
    expect(probability(0, 0, 1, 0.5)).toBeCloseTo(0.75, 9);
    expect(information(0.3, 0, 1.4, 0)).toBeCloseTo(1.4 ** 2 * probability(0.3, 0, 1.4) * (1 - probability(0.3, 0, 1.4)), 9);
    // A true/false item tells less than the same item without guessing, most of all below its difficulty.
    expect(information(0, 0, 1, 0.5)).toBeLessThan(information(0, 0, 1, 0));
    expect(information(-1, 0, 1, 0.5) / information(-1, 0, 1, 0)).toBeLessThan(information(1, 0, 1, 0.5) / information(1, 0, 1, 0));
    // The bank's expected share starts at the guess, not at 0.
    expect(expectedShare([{ b: 0, c: 0.5 }])[0]).toBeGreaterThan(0.5);
    expect(expectedShare([0])[0]).toBeLessThan(0.01);
  });

  it("recovers difficulty and discrimination of guessable items that a fit without guessing reads as easier and flatter", () => {
    const random = createRandom(33);
    const items = 80;
    const trueA = Array.from({ length: items }, () => Math.exp(0.4 * normal(random)));
    const trueB = Array.from({ length: items }, () => normal(random));
    // Half true/false, half single choice of four options.
    const guess = Float64Array.from({ length: items }, (_, i) => (i % 2 ? guessingOf("true_false") : guessingOf("single", 4)));
    const person: number[] = [];
    const item: number[] = [];
    const correct: number[] = [];
    const persons = 4000;
    for (let p = 0; p < persons; p++) {
      const theta = normal(random);
      for (let k = 0; k < 30; k++) {
        const i = Math.floor(random() * items);
        person.push(p);
        item.push(i);
        correct.push(random() < probability(theta, trueB[i]!, trueA[i]!, guess[i]!) ? 1 : 0);
      }
    }
    const input = {
      persons,
      items,
      person: Int32Array.from(person),
      item: Int32Array.from(item),
      correct: Uint8Array.from(correct),
      itemPrior: new Float64Array(items),
    };
    // The engine's fit (marginal, decision 0033) with the formats' asymptotes, and the same fit told nobody guesses.
    const fit = fitIrtMarginal({ ...input, guess });
    const blind = fitIrtMarginal(input);
    const mean = (xs: ArrayLike<number>) => Array.from(xs).reduce((s, x) => s + x, 0) / xs.length;
    expect(corr(fit.b, trueB)).toBeGreaterThan(0.97);
    expect(corr(fit.a, trueA)).toBeGreaterThan(0.9);
    // On the truth's scale: discriminations neither inflated nor flattened, difficulties not shifted.
    expect(Math.abs(mean(fit.a) - mean(trueA))).toBeLessThan(0.15);
    expect(Math.abs(mean(fit.b) - mean(trueB))).toBeLessThan(0.15);
    // Blind to guessing, the guessed right answers make the items look easier and flatter.
    expect(mean(blind.b)).toBeLessThan(mean(trueB) - 0.15);
    expect(corr(blind.a, trueA)).toBeLessThan(corr(fit.a, trueA) - 0.1);
    // The joint fit, which treats each candidate's estimate as known, inflates discriminations here.
    expect(mean(fitIrt({ ...input, guess }).a)).toBeGreaterThan(1.5 * mean(fit.a));
  }, 60_000);
});

describe("the mock exam's model near the cut", () => {
  it("puts the cut where the expected share with guessing is the pass mark", () => {
    const bank = [
      { b: -1, c: 0.5 },
      { b: 0, c: 0.25 },
      { b: 1, c: 0 },
    ];
    const cut = abilityCut([{ weight: 1, shares: expectedShare(bank) }], 0.7);
    expect(bank.reduce((s, q) => s + probability(cut, q.b, 1, q.c), 0) / 3).toBeCloseTo(0.7, 2);
    // Guessing raises the share, so the same difficulties reach the pass mark at a lower ability.
    expect(cut).toBeLessThan(abilityCut([{ weight: 1, shares: expectedShare([-1, 0, 1]) }], 0.7));
  });

  it("asks for information at the cut while the interval holds it, at the estimate once it does not", () => {
    expect(selectionPoint({ theta: 0.9, se: 0.3 }, 0.5)).toBe(0.5);
    expect(selectionPoint({ theta: 1.9, se: 0.3 }, 0.5)).toBe(1.9);
  });

  it("gives the posterior chance of being above the cut, a half for an estimate on it", () => {
    const answers = [0.5, 0.4, 0.6, 0.5].flatMap((b, i) => [
      { b, isCorrect: i % 2 === 0 },
      { b, isCorrect: i % 2 === 1 },
    ]);
    const est = examAbility(answers, 0.5);
    expect(chanceAboveCut(est.posterior, est.theta)).toBeCloseTo(0.5, 1);
    expect(chanceAboveCut(est.posterior, est.theta - 3 * est.se)).toBeGreaterThan(0.99);
  });
});
