import pg from "pg";
import { openPostgres } from "../db/client.ts";
import { databaseUrl, TEMPLATE_DB } from "./database.ts";

/** Migrates the template database that every PostgreSQL test file copies. */
export default async function setup() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const leftovers = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'academy_test_%'");
  for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const database = await openPostgres(databaseUrl(base, TEMPLATE_DB), { poolMax: 1 });
  await database.migrate();
  await database.close();
  return async () => {
    const drop = new pg.Client({ connectionString: base });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`).finally(() => drop.end());
  };
}
