import { seedDifficulty } from "./irt.ts";
import { fitIrtMarginal } from "./marginal-fit.ts";

/** Fits the items from answers; pure, so the benchmark fits a million made-up answers with it. */
export function fitItems(
  given: readonly { userId: number; questionId: number; isCorrect: boolean }[],
  levels: ReadonlyMap<number, number>,
  /** Each item's lower asymptote from its format (guessingOf); 0 when absent. */
  guesses?: ReadonlyMap<number, number>,
) {
  const personIndex = new Map<number, number>();
  const itemIndex = new Map<number, number>();
  const itemIds: number[] = [];
  const n = given.length;
  const person = new Int32Array(n);
  const item = new Int32Array(n);
  const correct = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const a = given[k]!;
    let p = personIndex.get(a.userId);
    if (p === undefined) {
      p = personIndex.size;
      personIndex.set(a.userId, p);
    }
    let i = itemIndex.get(a.questionId);
    if (i === undefined) {
      i = itemIds.length;
      itemIndex.set(a.questionId, i);
      itemIds.push(a.questionId);
    }
    person[k] = p;
    item[k] = i;
    correct[k] = a.isCorrect ? 1 : 0;
  }
  const itemPrior = Float64Array.from(itemIds, (id) => seedDifficulty(levels.get(id) ?? 3));
  const guess = guesses && Float64Array.from(itemIds, (id) => guesses.get(id) ?? 0);
  const fit = fitIrtMarginal({
    persons: personIndex.size,
    items: itemIds.length,
    person,
    item,
    correct,
    itemPrior,
    ...(guess ? { guess } : {}),
  });
  const counts = new Int32Array(itemIds.length);
  const right = new Int32Array(itemIds.length);
  for (let k = 0; k < n; k++) {
    counts[item[k]!]! += 1;
    right[item[k]!]! += correct[k]!;
  }
  return {
    rows: itemIds.map((questionId, i) => ({
      questionId,
      difficulty: fit.b[i]!,
      discrimination: fit.a[i]!,
      standardError: fit.se[i]!,
      answers: counts[i]!,
      shareRight: right[i]! / counts[i]!,
    })),
    candidates: personIndex.size,
    iterations: fit.iterations,
  };
}
