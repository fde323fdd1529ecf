/** Prepared query shapes, raw row reading and the caller's account check that reads fold into their query. */
import type { SQLWrapper } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { currentAccountValues, isCurrentAccount } from "../../db/current-account.ts";
import { users } from "../../db/schema/users.ts";
import { tokenExpired } from "../../lib/http-error.ts";
import { rowReader } from "./json-rows.ts";
import type { Rows } from "./rules.ts";
import { type Actor, LIMITS, type Row } from "./tables.ts";

/** A built query's raw rows (no ORM mapping), as a prepared query's `all` gives them. */
export async function rawRows(db: Db, query: SQLWrapper): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const readers = new WeakMap<ReadonlyMap<string, PgColumn>, (raw: Row) => Row>();

/** The JSON-ready reader of rows holding `columns` (a role's readable fields), made once per set. */
export function readerOf(columns: ReadonlyMap<string, PgColumn>): (raw: Row) => Row {
  let read = readers.get(columns);
  if (!read) {
    read = rowReader(columns);
    readers.set(columns, read);
  }
  return read;
}

/** A prepared query's raw rows: keyed by output column name, timestamps still as the database's text. */
export type Prepared = { all(values: Record<string, unknown>): Promise<Row[]> };
const statementNames = new Map<string, string>();
const preparedByDb = new WeakMap<Db, Map<string, Prepared>>();
const plannedPerCallByDb = new WeakMap<Db, Map<string, Prepared>>();

/**
 * A query of fixed shape built once and, on PostgreSQL, prepared once per connection: the calls
 * made most (a row by id, an unfiltered page) skip rebuilding their SQL and the server's planning.
 * The key names everything the SQL depends on; values go in as placeholders. Each connection
 * keeps its statements, so their number is capped: shapes past LIMITS.preparedShapes still run,
 * built and planned per call.
 */
export function preparedQuery(
  db: Db,
  key: string,
  build: () => { prepare(name: string): unknown },
  opts: { planPerCall?: boolean; buildPerCall?: boolean } = {},
): Prepared {
  // A query whose SQL text varies beyond its key (a deep window's reach) is not kept at all.
  if (opts.buildPerCall) return build().prepare("") as Prepared;
  // PostgreSQL plans its unnamed statement (an empty name) with the call's values: for queries
  // whose best plan depends on them (a text pattern that matches a few rows or most of the
  // table). Their SQL is still built once per shape: only the planning is per call.
  const byDb = opts.planPerCall ? plannedPerCallByDb : preparedByDb;
  const forDb = byDb.get(db) ?? new Map<string, Prepared>();
  byDb.set(db, forDb);
  let found = forDb.get(key);
  if (!found) {
    if (forDb.size >= LIMITS.preparedShapes) return build().prepare("") as Prepared;
    if (opts.planPerCall) found = build().prepare("") as Prepared;
    else {
      const name = statementNames.get(key) ?? `records_${statementNames.size + 1}`;
      statementNames.set(key, name);
      found = build().prepare(name) as Prepared;
    }
    forDb.set(key, found);
  }
  return found;
}

/** What a prepared query's key must say about the actor: role, reach, whether an owner id exists and is still to be confirmed. */
export const reachKey = (actor: Actor, rows: Rows) =>
  `${actor.role}:${rows}:${actor.userId === null ? "-" : "u"}:${isUnconfirmed(actor) ? "confirm" : ""}`;

export const isUnconfirmed = (actor: Actor): actor is Actor & { userId: number; unconfirmedVersion: number } =>
  actor.unconfirmedVersion !== undefined && actor.userId !== null;

export const accountValues = (actor: Actor) =>
  isUnconfirmed(actor)
    ? currentAccountValues({
        userId: actor.userId,
        tokenVersion: actor.unconfirmedVersion,
        sessionId: actor.unconfirmedSession,
        role: actor.accountRole ?? actor.role,
        staffRole: actor.staffRole,
      })
    : {};

/** The caller's account row when it is still current (one row), as a subquery reads can start from. */
export const currentAccountRow = (db: Db) => db.select({ __account: users.id }).from(users).where(isCurrentAccount).as("current_account");

/** Checks an unconfirmed caller's account on its own (reads that cannot fold the check into their query). */
export async function confirmAccount(db: Db, actor: Actor): Promise<Actor> {
  if (!isUnconfirmed(actor)) return actor;
  const [row] = await preparedQuery(db, "account", () => db.select({ id: users.id }).from(users).where(isCurrentAccount)).all(
    accountValues(actor),
  );
  if (!row) throw tokenExpired();
  return { role: actor.role, userId: actor.userId, staffRole: actor.staffRole, accountRole: actor.accountRole };
}
