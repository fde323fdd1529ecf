import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { startRetentionJob } from "../modules/analytics/service.ts";

/** Hourly: delete recorded sessions past ANALYTICS_RETENTION_DAYS (one instance at a time). */
export const sessionRetentionJob = fp<{ db: Db; retentionDays: number }>(async (app, { db, retentionDays }) => {
  const retention = startRetentionJob(db, {
    retentionDays,
    intervalMs: 3_600_000,
    onError: (e) => app.log.warn({ err: e }, "deleting old recorded sessions failed"),
  });
  app.addHook("onClose", async () => retention.stop());
});
