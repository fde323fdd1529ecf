import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths.ts";
import { useReadPipeline } from "./prepared-read.ts";
import { createReadPipeline } from "./read-pipeline.ts";
import * as schema from "./schema/index.ts";
import { trackCommits } from "./write-ledger.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  /** PostgreSQL: the address, for a connection of its own (the realtime bus's LISTEN). */
  connectionString?: string;
  /** Applies pending migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  /**
   * Applies pending migrations, then runs `work` (seeding) before releasing the start-up lock:
   * instances starting at once on one PostgreSQL take their turn, so only the first seeds.
   */
  migrateThen<T>(work: () => Promise<T>): Promise<T>;
  /** Answers within `timeoutMs` whether the database serves queries. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Embedded database on disk: why its folder cannot take writes now (full, read-only), or null. */
  storageProblem(): Promise<string | null>;
  /**
   * The embedded database: its data folder as a gzip'd tar, taken after a checkpoint while it
   * keeps serving (restored by unpacking it into an empty DATA_DIR/db). PostgreSQL has none: back
   * it up with its own tools.
   */
  backup?(): Promise<Buffer>;
  close(): Promise<void>;
};

/** The advisory lock an instance holds while it migrates and seeds at start. */
export const MIGRATION_LOCK = 727_274_001;

export async function openPostgres(
  url: string,
  opts: { poolMax?: number; readConnections?: number; statementTimeoutMs?: number; onError?: (e: Error) => void } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    // Without these a lost database makes requests hang forever instead of failing fast.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A statement that runs (or waits for a lock) longer than this is cancelled by PostgreSQL;
    // a database that stops answering altogether is given up by the client a moment later.
    statement_timeout: opts.statementTimeoutMs ?? 5_000,
    query_timeout: (opts.statementTimeoutMs ?? 5_000) + 2_000,
  });
  // A connection lost while idle in the pool, or while checked out between two queries, must not
  // crash the process: the pool drops it, and the query that used it fails and answers 503.
  pool.on("error", (e) => opts.onError?.(e));
  pool.on("connect", (client) => client.on("error", (e) => opts.onError?.(e)));
  const db = trackCommits(drizzleNodePg(pool, { schema })) as unknown as Db;
  // Quick reads (a row by its key, a token's account) pipelined on connections of their own.
  const readConnections = opts.readConnections ?? 2;
  const pipeline =
    readConnections > 0
      ? createReadPipeline(url, {
          connections: readConnections,
          statementTimeoutMs: opts.statementTimeoutMs ?? 5_000,
          onError: opts.onError,
        })
      : undefined;
  if (pipeline) useReadPipeline(db, pipeline);
  const migrateThen = async <T>(work: () => Promise<T>): Promise<T> => {
    // The lock is held by a connection of its own for the whole turn, without the pool's time
    // limits: another instance's migration and seed may take longer than any request may, and
    // waiting for it is this instance's start (`work` seeds through the pool).
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on("error", (e) => opts.onError?.(e));
    await client.connect();
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      await client.end().catch(() => {});
    }
  };
  return {
    kind: "postgres",
    db,
    connectionString: url,
    migrate: () => migrateThen(async () => {}),
    migrateThen,
    ping: (timeoutMs = 2_000) => pingWith(() => pool.query("SELECT 1"), timeoutMs),
    storageProblem: async () => null,
    close: async () => {
      await pipeline?.close();
      await pool.end();
    },
  };
}

/** Extensions the migrations create: PGlite loads them at start (PostgreSQL ships them in contrib). */
export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm };

/** `dataDir` undefined = in memory. */
export async function openPglite(dataDir?: string, from?: PGlite): Promise<Database> {
  if (dataDir) await mkdir(path.resolve(dataDir), { recursive: true });
  const client =
    from ??
    (dataDir
      ? await PGlite.create(path.resolve(dataDir), { extensions: PGLITE_EXTENSIONS })
      : await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  return wrapPglite(client, dataDir ? path.resolve(dataDir) : undefined);
}

/**
 * Whether `dir` takes a write now: a small file written, flushed and removed, as the embedded
 * database's own writes would be. Answers why not (full, read-only), or null.
 */
export async function folderWriteProblem(dir: string): Promise<string | null> {
  const probe = path.join(dir, ".write-probe");
  try {
    const file = await open(probe, "w");
    try {
      await file.writeFile(Buffer.alloc(16 * 1024, 0x2e));
      await file.sync();
    } finally {
      await file.close();
    }
    await rm(probe, { force: true });
    return null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOSPC" || code === "EDQUOT") return "the data folder (DATA_DIR) is full";
    if (code === "EROFS" || code === "EACCES" || code === "EPERM") return "the data folder (DATA_DIR) is read-only";
    return `the data folder (DATA_DIR) cannot be written (${code ?? "unknown error"})`;
  }
}

/** `dataDir`: the folder the database lives in, checked by `storageProblem` (none in memory). */
export function wrapPglite(client: PGlite, dataDir?: string): Database {
  const db = trackCommits(drizzlePglite(client, { schema })) as unknown as Db;
  return {
    kind: "pglite",
    db,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    async migrateThen(work) {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      return work();
    },
    ping: (timeoutMs = 2_000) => pingWith(() => client.query("SELECT 1"), timeoutMs),
    storageProblem: async () => (dataDir ? folderWriteProblem(dataDir) : null),
    async backup() {
      await client.query("CHECKPOINT");
      return Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function pingWith(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      query(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("ping timed out")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
