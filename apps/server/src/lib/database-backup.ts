import type { Database } from "../db/client.ts";
import type { FileStore } from "../providers/storage/store.ts";

/** `academy-20261127T160000Z.tar.gz` for the moment `at`. */
export const backupName = (at: Date) =>
  `academy-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")}.tar.gz`;

/**
 * Takes one backup of the embedded database into the file store, then deletes the oldest beyond
 * `keep`. Answers the new backup's name and size, or null when the database has no backup of its
 * own (PostgreSQL).
 */
export async function backUpDatabase(database: Database, store: FileStore, opts: { keep: number; now?: Date }) {
  if (!database.backup) return null;
  const body = await database.backup();
  const name = backupName(opts.now ?? new Date());
  await store.backups.put(name, body);
  const kept = await store.backups.list();
  for (const old of kept.slice(0, Math.max(0, kept.length - opts.keep))) await store.backups.remove(old);
  return { name, bytes: body.length };
}
