import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { startActivityRetention } from "../modules/activity/service.ts";

/** Hourly: delete activity-log entries past ACTIVITY_RETENTION_DAYS (one instance at a time). */
export const activityRetentionJob = fp<{ db: Db; retentionDays: number }>(async (app, { db, retentionDays }) => {
  const retention = startActivityRetention(db, {
    retentionDays,
    intervalMs: 3_600_000,
    onError: (e) => app.log.warn({ err: e }, "deleting old activity-log entries failed"),
  });
  app.addHook("onClose", async () => retention.stop());
});
