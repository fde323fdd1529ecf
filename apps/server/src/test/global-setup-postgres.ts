import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPostgres } from "../db/client.ts";
import { databaseUrl, seedReferenceData } from "./database.ts";

/**
 * Migrates the template database that every PostgreSQL test file copies. Its name is unique
 * to the run and reaches the workers through the environment, which they inherit.
 */
export default async function setup() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const template = `academy_t${randomBytes(4).toString("hex")}`;
  process.env.ACADEMY_TEST_TEMPLATE = template;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const database = await openPostgres(databaseUrl(base, template), { poolMax: 1 });
  await database.migrate();
  await seedReferenceData(database.db);
  await database.close();
  return async () => {
    const drop = new pg.Client({ connectionString: base });
    await drop.connect();
    try {
      const copies = await drop.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${template}%`]);
      for (const { datname } of copies.rows) await drop.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await drop.end();
    }
  };
}
