import { Worker } from "node:worker_threads";
import type { AnswerColumns, ItemFit } from "./item-fit.ts";

/**
 * The worker's file beside this module, with this module's own extension: the TypeScript source
 * when the server runs from its sources (tests), the bundle beside the server's bundle otherwise
 * (`dist/fit-worker.js`, or a benchmark's `.mjs`).
 */
const workerFile = new URL(`./fit-worker${/\.[^./]+$/.exec(new URL(import.meta.url).pathname)?.[0] ?? ".js"}`, import.meta.url);

/**
 * Fits the items on a worker thread: at a million answers the fit takes seconds of CPU, which on
 * the server's own thread would hold every request of the instance (health checks included) until
 * it ends. The answers' columns move to the worker without a copy (they are unusable here after).
 */
export function fitOffThread(answers: AnswerColumns, levels: Map<number, number>, guesses: Map<number, number>): Promise<ItemFit> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, {
      workerData: { answers, levels, guesses },
      transferList: [answers.userId.buffer, answers.questionId.buffer, answers.correct.buffer] as ArrayBuffer[],
    });
    let settled = false;
    worker.once("message", (fit: ItemFit) => {
      settled = true;
      resolve(fit);
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`The item fit's worker stopped (exit code ${code}) before it answered`));
    });
  });
}
