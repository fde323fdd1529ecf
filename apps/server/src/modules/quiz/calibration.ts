import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { queueDoubtfulQuestions } from "../question-bank/service.ts";
import { fitRasch, seedDifficulty } from "./irt.ts";
import * as repo from "./repo.ts";

/**
 * Item calibration: a background job refits every answered question's Rasch difficulty from
 * the answers that count as evidence, seeded from the authored level (docs/readiness-model.md).
 */

/** Refit once the evidence has grown by this share since the last fit (or by REFIT_MIN_NEW answers). */
export const REFIT_GROWTH = 0.1;
export const REFIT_MIN_NEW = 500;

/** Fits the items from answers; pure, so the benchmark fits a million made-up answers with it. */
export function fitItems(
  given: readonly { userId: number; questionId: number; isCorrect: boolean }[],
  levels: ReadonlyMap<number, number>,
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
  const fit = fitRasch({ persons: personIndex.size, items: itemIds.length, person, item, correct, itemPrior });
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
      standardError: fit.se[i]!,
      answers: counts[i]!,
      shareRight: right[i]! / counts[i]!,
    })),
    candidates: personIndex.size,
    iterations: fit.iterations,
  };
}

/** Refits every item now (one instance at a time); answers what it did, or null when another instance is at it. */
export async function refitItems(db: Db) {
  let summary: { answers: number; items: number; milliseconds: number; queued: number } | null = null;
  await repo.withCalibrationLock(db, async (tx) => {
    const started = performance.now();
    const [given, levels] = await readTogether(tx, [() => repo.calibrationAnswers(tx), () => repo.questionLevels(tx)]);
    const fit = fitItems(given, new Map(levels.map((l) => [l.id, l.difficulty])));
    const milliseconds = Math.round(performance.now() - started);
    await repo.saveCalibration(tx, fit.rows, {
      answers: given.length,
      candidates: fit.candidates,
      items: fit.rows.length,
      iterations: fit.iterations,
      milliseconds,
    });
    // The item quality loop: questions the statistics now judge doubtful go to staff review.
    const queued = await queueDoubtfulQuestions(tx);
    summary = { answers: given.length, items: fit.rows.length, milliseconds, queued };
  });
  return summary as { answers: number; items: number; milliseconds: number; queued: number } | null;
}

/** Whether the evidence grew enough since the last fit to refit. */
export async function refitDue(db: Db) {
  const [total, last] = await readTogether(db, [() => repo.countCalibrationAnswers(db), () => repo.lastCalibrationRun(db)]);
  const before = last?.answers ?? 0;
  return total - before >= Math.max(REFIT_MIN_NEW, before * REFIT_GROWTH);
}

/** Checks every `intervalMs` whether a refit is due and runs it; stop() ends the job. */
export function startCalibrationJob(db: Db, opts: { intervalMs: number; onError: (e: unknown) => void; onDone?: (s: unknown) => void }) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refitDue(db)
      .then(async (due) => {
        if (due) opts.onDone?.(await refitItems(db));
      })
      .catch(opts.onError)
      .finally(() => {
        running = false;
      });
  }, opts.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
