import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { queueDoubtfulQuestions } from "../question-bank/service.ts";
import * as repo from "./calibration-repo.ts";
import { listTracks } from "./catalogue.ts";
import { fitOffThread } from "./fit-thread.ts";
import { guessingOf } from "./irt.ts";
import { answerColumns } from "./item-fit.ts";
import { toEvidence } from "./progress.ts";
import { MIN_ANSWERS, priorEvidence, priorOf } from "./readiness.ts";

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
  type Summary = { answers: number; items: number; milliseconds: number; queued: number; priors: number; priorMilliseconds: number };
  let summary: Summary | null = null;
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
    // Each track's prior, under the items just fitted.
    const priorsStarted = performance.now();
    const priors = await estimateTrackPriors(tx);
    const priorMilliseconds = Math.round(performance.now() - priorsStarted);
    summary = { answers: given.length, items: fit.rows.length, milliseconds, queued, priors, priorMilliseconds };
  });
  return summary as Summary | null;
}

/** Candidates per track whose evidence estimates its prior: the most recently active, enough for a steady estimate. */
export const PRIOR_SAMPLE = 2000;
/** Candidates whose likelihood is computed between two turns of the event loop (a few milliseconds of work). */
const PRIOR_CHUNK = 50;

/**
 * Estimates every track's empirical prior (docs/readiness-model.md, decision 38) from the evidence of
 * its candidates who have enough for a figure, and stores it; a track with fewer than
 * MIN_PRIOR_CANDIDATES of them keeps the default prior. Answers how many tracks have one.
 */
export async function estimateTrackPriors(db: Db) {
  const priors: { trackSlug: string; mean: number; sd: number; candidates: number }[] = [];
  for (const track of await listTracks(db)) {
    if (!track.themes.length) continue;
    const rows = await repo.trackCandidatesEvidence(db, track.slug, PRIOR_SAMPLE, MIN_ANSWERS);
    const byPerson = new Map<number, typeof rows>();
    for (const r of rows) byPerson.get(r.userId)?.push(r) ?? byPerson.set(r.userId, [r]);
    const themes = track.themes.map((t) => ({ theme: t.slug }));
    const likelihoods: Float64Array[] = [];
    let done = 0;
    for (const answered of byPerson.values()) {
      const ll = priorEvidence(toEvidence(answered), themes);
      if (ll) likelihoods.push(ll);
      // Let requests through between chunks: the job shares its instance's thread.
      if (++done % PRIOR_CHUNK === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const prior = priorOf(likelihoods);
    if (prior) priors.push({ trackSlug: track.slug, mean: prior.mean, sd: prior.sd, candidates: likelihoods.length });
  }
  await repo.saveTrackPriors(db, priors);
  return priors.length;
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
