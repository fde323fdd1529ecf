/**
 * The calibration job's worker thread (see `fit-thread.ts`): fits the items from the answers it is
 * handed and posts the fit back. Built as its own entry (apps/server/workers.mjs).
 */
import { parentPort, workerData } from "node:worker_threads";
import { type AnswerColumns, fitItemColumns } from "./item-fit.ts";

const { answers, levels, guesses } = workerData as {
  answers: AnswerColumns;
  levels: Map<number, number>;
  guesses: Map<number, number>;
};
parentPort?.postMessage(fitItemColumns(answers, levels, guesses));
