import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { startCalibrationJob } from "../modules/quiz/service.ts";

/** Every 10 minutes: refit item difficulties once the answers grew enough (one instance at a time). */
export const itemCalibrationJob = fp<{ db: Db }>(async (app, { db }) => {
  const calibration = startCalibrationJob(db, {
    intervalMs: 600_000,
    onError: (e) => app.log.warn({ err: e }, "item calibration failed"),
    onDone: (summary) => app.log.info({ calibration: summary }, "item difficulties refitted"),
  });
  app.addHook("onClose", async () => calibration.stop());
});
