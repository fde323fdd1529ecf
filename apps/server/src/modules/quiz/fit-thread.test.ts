import { describe, expect, it } from "vitest";
import { fitOffThread } from "./fit-thread.ts";
import { answerColumns, fitItems } from "./item-fit.ts";
import { createRandom } from "./random.ts";

/** Answers of `persons` candidates of known ability to `items` items (2PL, a few guessable), seeded. */
function simulate(persons: number, items: number, perPerson: number, seed: number) {
  const random = createRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const b = Array.from({ length: items }, () => normal());
  const a = Array.from({ length: items }, () => Math.exp(0.3 * normal()));
  const c = Array.from({ length: items }, (_, i) => (i % 3 === 0 ? 0.25 : 0));
  const given: { userId: number; questionId: number; isCorrect: boolean }[] = [];
  for (let p = 0; p < persons; p++) {
    const theta = normal();
    for (let k = 0; k < perPerson; k++) {
      const i = Math.floor(random() * items);
      const right = c[i]! + (1 - c[i]!) / (1 + Math.exp(-a[i]! * (theta - b[i]!)));
      given.push({ userId: 1000 + p, questionId: 500 + i, isCorrect: random() < right });
    }
  }
  const levels = new Map(Array.from({ length: items }, (_, i) => [500 + i, 1 + (i % 5)] as [number, number]));
  const guesses = new Map(Array.from({ length: items }, (_, i) => [500 + i, c[i]!] as [number, number]));
  return { given, levels, guesses };
}

describe("the item fit on a worker thread", () => {
  it("gives the fit the same code gives on the server's thread", async () => {
    const { given, levels, guesses } = simulate(400, 60, 30, 7);
    const here = fitItems(given, levels, guesses);
    const there = await fitOffThread(answerColumns(given), levels, guesses);
    expect(there).toEqual(here);
    expect(there.rows.length).toBe(60);
    expect(there.candidates).toBe(400);
  });

  it("leaves the server's thread free while it fits", async () => {
    const { given, levels, guesses } = simulate(3_000, 400, 40, 11);
    const columns = answerColumns(given);
    // The thread's timers keep firing while the fit runs; on this thread the fit would be one gap as long as itself.
    let last = performance.now();
    let longestGap = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 5);
    const started = performance.now();
    const fit = await fitOffThread(columns, levels, guesses);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(fit.rows.reduce((n, r) => n + r.answers, 0)).toBe(120_000);
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(5);
    expect(longestGap).toBeLessThan(took / 2);
    // The answers' buffers moved to the worker: nothing was copied.
    expect(columns.userId.length).toBe(0);
  });

  it("fails the refit, not the instance, when the worker cannot fit", async () => {
    const { given, guesses } = simulate(10, 5, 5, 3);
    // Levels the fit cannot read (an object where a map belongs): the worker throws, the promise rejects.
    const unreadable = {} as unknown as Map<number, number>;
    await expect(fitOffThread(answerColumns(given), unreadable, guesses)).rejects.toThrow(/levels.get is not a function/);
    // The next fit works as before.
    const { given: again, levels, guesses: g } = simulate(50, 10, 10, 4);
    expect((await fitOffThread(answerColumns(again), levels, g)).rows.length).toBe(10);
  });
});
