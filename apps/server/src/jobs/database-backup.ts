import fp from "fastify-plugin";
import type { Database } from "../db/client.ts";
import { backUpDatabase } from "../lib/database-backup.ts";
import { startPeriodicPass } from "../lib/periodic-pass.ts";
import type { FileStore } from "../providers/storage/store.ts";

/**
 * Every BACKUP_INTERVAL_HOURS: a backup of the embedded database into the file store (the upload
 * folder's `backups/`, or the bucket's), keeping the newest BACKUP_KEEP. The first runs ten
 * minutes after start. Nothing runs on PostgreSQL or with an interval of 0.
 */
export const databaseBackupJob = fp<{ database: Database; store: FileStore; intervalHours: number; keep: number }>(
  async (app, { database, store, intervalHours, keep }) => {
    if (!database.backup || intervalHours === 0) return;
    const job = startPeriodicPass(
      async () => {
        const made = await backUpDatabase(database, store, { keep });
        if (made) app.log.info({ backup: made.name, bytes: made.bytes, store: store.description }, "database backed up");
      },
      {
        intervalMs: intervalHours * 3_600_000,
        firstAfterMs: 10 * 60_000,
        onError: (e) => app.log.error({ err: e }, "the database backup failed"),
      },
    );
    app.addHook("onClose", async () => job.stop());
  },
);
