import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, type Db, openPostgres, PGLITE_EXTENSIONS, wrapPglite } from "../db/client.ts";
import { seedEmailTemplates } from "../db/seed/emails.ts";
import { seedLibraryContent } from "../db/seed/library-content.ts";
import { seedPackages } from "../db/seed/packages.ts";
import { seedQuizContent } from "../db/seed/quiz-content.ts";
import { seedPaymentPlans } from "../modules/payments/seed.ts";
import { TestModeProvider } from "../providers/payments/test-mode.ts";

/**
 * A fresh, migrated database for one test file. The `server` project runs on PGlite (loaded from
 * the data folder its global setup migrated and seeded); the `server-pg` project on PostgreSQL (a
 * new database made from the template that its global setup migrated).
 */
export type TestDatabase = Database & {
  /**
   * Makes the database unreachable, as an outage would. Answers how to bring it back, where
   * the engine can come back (PostgreSQL); PGlite can only be closed.
   */
  cutOff(): Promise<(() => Promise<void>) | null>;
};

export async function createTestDatabase(): Promise<TestDatabase> {
  return process.env.TEST_DB === "postgres" ? createPostgresDatabase() : createPgliteDatabase();
}

let template: Promise<Blob> | undefined;

async function createPgliteDatabase(): Promise<TestDatabase> {
  // The `server` project's global setup migrated and seeded the template once for the run.
  template ??= (async () => {
    let file = process.env.ACADEMY_PGLITE_TEMPLATE;
    file ??= await (await import("./global-setup-pglite.ts")).pgliteTemplate();
    return new Blob([await readFile(file)]);
  })();
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: await template });
  const database = wrapPglite(client);
  return {
    ...database,
    async cutOff() {
      await database.close();
      return null;
    },
  };
}

/** What every test database starts with besides the schema: the data a fresh install seeds. */
export async function seedReferenceData(db: Db): Promise<void> {
  await seedPackages(db);
  await seedEmailTemplates(db);
  await seedQuizContent(db);
  await seedLibraryContent(db);
  await seedPaymentPlans(db, new TestModeProvider(db, "http://localhost"), "eur", "http://localhost");
}

/** The migrated template of this test run (named by the global setup, so parallel runs do not collide). */
export const templateName = () => {
  const name = process.env.ACADEMY_TEST_TEMPLATE;
  if (!name) throw new Error("the PostgreSQL global setup has not run");
  return name;
};

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${templateName()}_${randomBytes(4).toString("hex")}`;
  await withAdmin(base, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName()}`));
  const database = await openPostgres(databaseUrl(base, name), { poolMax: 5, onError: () => {} });
  return {
    ...database,
    async close() {
      await database.close().catch(() => {});
      await withAdmin(base, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
    async cutOff() {
      await withAdmin(base, async (admin) => {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
      });
      return () => withAdmin(base, (admin) => admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`)).then(() => {});
    },
  };
}
