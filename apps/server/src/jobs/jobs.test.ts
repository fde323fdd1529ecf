import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "../db/client.ts";
import type { Hub } from "../modules/realtime/service.ts";
import type { MailTransport } from "../providers/mail/transport.ts";
import type { FileStore } from "../providers/storage/store.ts";
import { accountPruningJob } from "./account-pruning.ts";
import { activityRetentionJob } from "./activity-retention.ts";
import { databaseBackupJob } from "./database-backup.ts";
import { itemCalibrationJob } from "./item-calibration.ts";
import { mailDeliveryJob } from "./mail-delivery.ts";
import { realtimePruningJob } from "./realtime-pruning.ts";
import { sessionRetentionJob } from "./session-retention.ts";

// No timer fires here (they are fake and never advanced), so the jobs never reach their database.
const db = {} as Db;
const transport: MailTransport = { kind: "log", send: async () => {}, close: () => {} };

describe("background jobs", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const jobs = [
    ["mail delivery", (app: ReturnType<typeof Fastify>) => app.register(mailDeliveryJob, { db, transport, from: "a@b.c" })],
    ["account pruning", (app: ReturnType<typeof Fastify>) => app.register(accountPruningJob, { db })],
    ["item calibration", (app: ReturnType<typeof Fastify>) => app.register(itemCalibrationJob, { db })],
    ["session retention", (app: ReturnType<typeof Fastify>) => app.register(sessionRetentionJob, { db, retentionDays: 30 })],
    ["activity retention", (app: ReturnType<typeof Fastify>) => app.register(activityRetentionJob, { db, retentionDays: 365 })],
    [
      "database backup",
      (app: ReturnType<typeof Fastify>) =>
        app.register(databaseBackupJob, {
          database: { backup: async () => Buffer.alloc(0) } as unknown as Database,
          store: {} as FileStore,
          intervalHours: 24,
          keep: 7,
        }),
    ],
    ["realtime pruning", (app: ReturnType<typeof Fastify>) => app.register(realtimePruningJob, { hub: { db } as unknown as Hub })],
  ] as const;

  it.each(jobs)("%s starts its timer when registered and stops it when the app closes", async (_name, register) => {
    const app = Fastify();
    const before = vi.getTimerCount();
    await register(app);
    await app.ready();
    expect(vi.getTimerCount()).toBeGreaterThan(before);
    await app.close();
    expect(vi.getTimerCount()).toBe(before);
  });

  it("offers the mail worker to the whole app; closing the app closes its transport and it delivers nothing more", async () => {
    const close = vi.fn();
    const app = Fastify();
    await app.register(mailDeliveryJob, { db, transport: { ...transport, close }, from: "a@b.c" });
    expect(typeof app.mail.flush).toBe("function");
    await app.close();
    expect(close).toHaveBeenCalledOnce();
    await expect(app.mail.flush()).resolves.toBe(0);
  });
});
