import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { queueDoubtfulQuestions } from "../question-bank/service.ts";
import * as repo from "./calibration-repo.ts";
import { fitOffThread } from "./fit-thread.ts";
import { guessingOf } from "./irt.ts";
import { answerColumns } from "./item-fit.ts";

/**
 * Item calibration: a background job refits every answered question's difficulty and discrimination
 * (2PL with a lower asymptote fixed by the question's format, decision 0033) from the answers that
 * count as evidence, seeded from the authored level (docs/readiness-model.md).
 */

/** Refit once the evidence has grown by this share since the last fit (or by REFIT_MIN_NEW answers). */
export const REFIT_GROWTH = 0.1;
export const REFIT_MIN_NEW = 500;

/** Refits every item now (one instance at a time); answers what it did, or null when another instance is at it. */
export async function refitItems(db: Db) {
  let summary: { answers: number; items: number; milliseconds: number; queued: number } | null = null;
  await repo.withCalibrationLock(db, async (tx) => {
    const started = performance.now();
    const [given, levels] = await readTogether(tx, [() => repo.calibrationAnswers(tx), () => repo.questionLevels(tx)]);
    // The fit runs on a worker thread: the instance goes on serving meanwhile.
    const fit = await fitOffThread(
      answerColumns(given),
      new Map(levels.map((l) => [l.id, l.difficulty])),
      new Map(levels.map((l) => [l.id, guessingOf(l.type, l.optionCount)])),
    );
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
