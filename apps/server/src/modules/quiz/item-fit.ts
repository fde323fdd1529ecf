import { seedDifficulty } from "./irt.ts";
import { fitIrt } from "./marginal-fit.ts";

/** Answers as columns: who answered, which question, right (1) or not (0). Typed arrays, so a worker thread takes them without a copy. */
export type AnswerColumns = { userId: Int32Array; questionId: Int32Array; correct: Uint8Array };

/** The answers as columns. */
export function answerColumns(given: readonly { userId: number; questionId: number; isCorrect: boolean }[]): AnswerColumns {
  const n = given.length;
  const columns = { userId: new Int32Array(n), questionId: new Int32Array(n), correct: new Uint8Array(n) };
  for (let k = 0; k < n; k++) {
    const a = given[k]!;
    columns.userId[k] = a.userId;
    columns.questionId[k] = a.questionId;
    columns.correct[k] = a.isCorrect ? 1 : 0;
  }
  return columns;
}

/** Fits the items from answers; pure, so the benchmark fits a million made-up answers with it. */
export function fitItems(
  given: readonly { userId: number; questionId: number; isCorrect: boolean }[],
  levels: ReadonlyMap<number, number>,
  /** Each item's lower asymptote from its format (guessingOf); 0 when absent. */
  guesses?: ReadonlyMap<number, number>,
) {
  return fitItemColumns(answerColumns(given), levels, guesses);
}

/** What `fitItems` answers: each answered item's fitted parameters and figures. */
export type ItemFit = ReturnType<typeof fitItemColumns>;

/** `fitItems` from answers as columns (what the calibration job's worker thread runs). */
export function fitItemColumns(answers: AnswerColumns, levels: ReadonlyMap<number, number>, guesses?: ReadonlyMap<number, number>) {
  const personIndex = new Map<number, number>();
  const itemIndex = new Map<number, number>();
  const itemIds: number[] = [];
  const n = answers.userId.length;
  const person = new Int32Array(n);
  const item = new Int32Array(n);
  const correct = answers.correct;
  for (let k = 0; k < n; k++) {
    const userId = answers.userId[k]!;
    const questionId = answers.questionId[k]!;
    let p = personIndex.get(userId);
    if (p === undefined) {
      p = personIndex.size;
      personIndex.set(userId, p);
    }
    let i = itemIndex.get(questionId);
    if (i === undefined) {
      i = itemIds.length;
      itemIndex.set(questionId, i);
      itemIds.push(questionId);
    }
    person[k] = p;
    item[k] = i;
  }
  const itemPrior = Float64Array.from(itemIds, (id) => seedDifficulty(levels.get(id) ?? 3));
  const guess = guesses && Float64Array.from(itemIds, (id) => guesses.get(id) ?? 0);
  const fit = fitIrt({
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
