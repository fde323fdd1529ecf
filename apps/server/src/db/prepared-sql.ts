import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

type Session = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isArrayMode: false,
  ): { all(): Promise<unknown[]> };
};

/**
 * Runs a hand-written statement as a named prepared statement: PostgreSQL parses and plans it
 * once per connection instead of on every call. Worth it for a statement that is costly to plan
 * and cheap to run (the library search plans in ~2 ms and runs in ~0.1 ms). The name is the
 * hash of the statement's text, so each distinct shape (a filter present or not) gets its own
 * statement; values stay parameters. Only for statements whose shapes are few and fixed by the
 * code, never by what a caller sends.
 */
export async function preparedRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: Session };
  const query = dialect.sqlToQuery(statement);
  const name = `sql_${createHash("sha256").update(query.sql).digest("hex").slice(0, 32)}`;
  return (await session.prepareQuery(query, undefined, name, false).all()) as T[];
}
