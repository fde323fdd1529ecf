import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { pruneAccounts } from "../modules/auth/service.ts";

/** Hourly: drop old rate-limit windows and stale one-time tokens. */
export const accountPruningJob = fp<{ db: Db }>(async (app, { db }) => {
  const timer = setInterval(() => {
    pruneAccounts(db).catch((e: unknown) => app.log.warn({ err: e }, "pruning account data failed"));
  }, 3_600_000);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
});
