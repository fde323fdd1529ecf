import { describe, expect, it } from "vitest";
import { correlation } from "../../lib/statistics.ts";
import { abilityCut, chanceAboveCut, examAbility } from "./cat.ts";
import { guessingOf, information, probability } from "./irt.ts";
import { fitIrt } from "./marginal-fit.ts";
import { createRandom } from "./random.ts";
import { computeReadiness, expectedShare } from "./readiness.ts";

// The lower asymptote fixed by the item's format (decision 0033): one model for the fit, the mock
// exam and its scale.

const corr = (x: ArrayLike<number>, y: ArrayLike<number>) => correlation(x, y) ?? 0;

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

  it("recovers difficulty and discrimination of guessable items that a fit blind to guessing blurs", () => {
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
    const fit = fitIrt({ ...input, guess });
    const blind = fitIrt(input);
    const mean = (xs: ArrayLike<number>) => Array.from(xs).reduce((s, x) => s + x, 0) / xs.length;
    expect(corr(fit.b, trueB)).toBeGreaterThan(0.97);
    expect(corr(fit.a, trueA)).toBeGreaterThan(0.9);
    // On the truth's scale: discriminations neither inflated nor flattened, difficulties not shifted.
    expect(Math.abs(mean(fit.a) - mean(trueA))).toBeLessThan(0.15);
    expect(Math.abs(mean(fit.b) - mean(trueB))).toBeLessThan(0.15);
    // Blind to guessing, the guessed right answers blur both: a true/false item's floor reads as ease.
    expect(corr(blind.b, trueB)).toBeLessThan(corr(fit.b, trueB) - 0.2);
    expect(corr(blind.a, trueA)).toBeLessThan(corr(fit.a, trueA) - 0.2);
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

describe("readiness on the same model", () => {
  it("reads half right on true/false questions as knowing little, and still expects the floor of guesses", () => {
    const themes = ["t0", "t1", "t2", "t3"];
    const evidence = themes.flatMap((theme) =>
      Array.from({ length: 10 }, (_, k) => ({ theme, b: 0, c: guessingOf("true_false"), isCorrect: k % 2 === 0 })),
    );
    const guessed = computeReadiness(
      evidence,
      themes.map((theme) => ({ theme, weight: 1, bank: [{ b: 0, c: 0.5 }] })),
      0.7,
    );
    const blind = computeReadiness(
      evidence.map(({ c: _, ...e }) => e),
      themes.map((theme) => ({ theme, weight: 1, bank: [0] })),
      0.7,
    );
    // Blind to guessing, half right on items of difficulty 0 is an ability of about 0; with it, well below.
    expect(Math.abs(blind.ability)).toBeLessThan(0.5);
    expect(guessed.ability).toBeLessThan(blind.ability - 1);
    // Yet the expected score keeps the guesses: about half, not far below it.
    expect(guessed.readiness).toBeGreaterThan(0.5);
    expect(guessed.readiness).toBeLessThan(0.65);
  });
});
