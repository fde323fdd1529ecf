import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { openPglite } from "../db/client.ts";
import { createFileStore } from "../providers/storage/create-store.ts";
import { createLocalFileStore } from "../providers/storage/store.ts";
import { startS3Server } from "../test/s3-server.ts";
import { backUpDatabase, backupName } from "./database-backup.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "academy-backup-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const rowsOf = async (database: Awaited<ReturnType<typeof openPglite>>) =>
  ((await database.db.execute(sql`SELECT note FROM kept ORDER BY id`)) as unknown as { rows: { note: string }[] }).rows.map((r) => r.note);

describe("backups of the embedded database", () => {
  it("are named by their time, so names sort by age", () => {
    expect(backupName(new Date("2026-11-27T16:05:09.123Z"))).toBe("academy-20261127T160509Z.tar.gz");
  });

  it("go to the upload folder's backups/, keep the newest, and restore as the README says", async () => {
    const database = await openPglite(path.join(tempDir(), "db"));
    await database.db.execute(sql`CREATE TABLE kept (id serial PRIMARY KEY, note text NOT NULL)`);
    await database.db.execute(sql`INSERT INTO kept (note) VALUES ('before the first backup')`);
    const uploads = tempDir();
    const store = createLocalFileStore(uploads);
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 27, hour));

    await backUpDatabase(database, store, { keep: 2, now: at(1) });
    await database.db.execute(sql`INSERT INTO kept (note) VALUES ('before the second')`);
    await backUpDatabase(database, store, { keep: 2, now: at(2) });
    await database.db.execute(sql`INSERT INTO kept (note) VALUES ('before the third')`);
    const made = await backUpDatabase(database, store, { keep: 2, now: at(3) });
    await database.db.execute(sql`INSERT INTO kept (note) VALUES ('after every backup')`);
    await database.close();

    expect(made?.name).toBe("academy-20261127T030000Z.tar.gz");
    expect(await store.backups.list()).toEqual(["academy-20261127T020000Z.tar.gz", "academy-20261127T030000Z.tar.gz"]);

    // Restore: unpack the newest into an empty DATA_DIR/db and start on it.
    const restored = path.join(tempDir(), "db");
    const tar = spawnSync("sh", [
      "-c",
      `mkdir -p "${restored}" && tar -xzf "${path.join(uploads, "backups", made!.name)}" -C "${restored}"`,
    ]);
    expect(tar.status, tar.stderr.toString()).toBe(0);
    const reopened = await openPglite(restored);
    expect(await rowsOf(reopened)).toEqual(["before the first backup", "before the second", "before the third"]);
    await reopened.close();
  }, 60_000);

  it("go to an S3 bucket's backups/ the same way, and are never served as uploads", async () => {
    const s3 = await startS3Server("academy-backups");
    const store = await createFileStore(loadConfig(s3.env).storage);
    const database = await openPglite();
    await database.db.execute(sql`CREATE TABLE kept (id serial PRIMARY KEY, note text NOT NULL)`);
    for (const hour of [1, 2]) await backUpDatabase(database, store, { keep: 1, now: new Date(Date.UTC(2026, 10, 27, hour)) });
    expect(await store.backups.list()).toEqual(["academy-20261127T020000Z.tar.gz"]);
    expect(await store.open("backups/academy-20261127T020000Z.tar.gz")).toBeNull();
    await expect(store.backups.put("../escape.tar.gz", Buffer.from("x"))).rejects.toThrow(/unsafe backup name/);
    await database.close();
    await store.close();
  }, 60_000);

  it("are not taken of PostgreSQL, which has its own tools", async () => {
    const store = createLocalFileStore(tempDir());
    const postgresLike = { backup: undefined } as unknown as Awaited<ReturnType<typeof openPglite>>;
    expect(await backUpDatabase(postgresLike, store, { keep: 3 })).toBeNull();
    expect(await store.backups.list()).toEqual([]);
  });
});
