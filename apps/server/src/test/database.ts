import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, openPostgres, wrapPglite } from "../db/client.ts";

/**
 * A fresh, migrated database for one test file. The `server` project runs on PGlite (a clone of
 * one migrated in-memory template per worker); the `server-pg` project on PostgreSQL (a new
 * database made from the template that the global setup migrated).
 */
export async function createTestDatabase(): Promise<Database> {
  return process.env.TEST_DB === "postgres" ? createPostgresDatabase() : createPgliteDatabase();
}

let template: Promise<PGlite> | undefined;

async function createPgliteDatabase(): Promise<Database> {
  template ??= (async () => {
    const client = await PGlite.create();
    await wrapPglite(client).migrate();
    return client;
  })();
  return wrapPglite((await (await template).clone()) as PGlite);
}

export const TEMPLATE_DB = "academy_test_template";

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createPostgresDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `academy_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(databaseUrl(base, name), { poolMax: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => drop.end());
    },
  };
}
