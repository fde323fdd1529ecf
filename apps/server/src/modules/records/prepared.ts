/** Prepared query shapes, raw row reading and the caller's account check that reads fold into their query. */
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { currentAccount, currentAccountValues, tokenKindOf } from "../../db/current-account.ts";
import { type PreparedRead, prepareRead, type ReadRows } from "../../db/prepared-read.ts";
import { users } from "../../db/schema/users.ts";
import { tokenExpired } from "../../lib/http-error.ts";
import { rowReader } from "./json-rows.ts";
import type { Rows } from "./rules.ts";
import { type Actor, LIMITS, type Row } from "./tables.ts";

/** A built query run once (planned with its values): its rows as arrays, with its columns' names. */
export function rawRows(db: Db, query: Parameters<typeof prepareRead>[2]): Promise<ReadRows> {
  return prepareRead(db, "", query).run({});
}

const readers = new WeakMap<readonly string[], WeakMap<ReadonlyMap<string, PgColumn>, (raw: readonly unknown[]) => Row>>();

/**
 * The JSON-ready reader of rows holding `columns` (a role's readable fields) out of an answer with
 * the output columns `names`: made once per statement (its answers share their names) and set.
 */
export function readerOf(columns: ReadonlyMap<string, PgColumn>, names: readonly string[]): (raw: readonly unknown[]) => Row {
  let byColumns = readers.get(names);
  if (!byColumns) {
    byColumns = new WeakMap();
    readers.set(names, byColumns);
  }
  let read = byColumns.get(columns);
  if (!read) {
    read = rowReader(columns, names);
    byColumns.set(columns, read);
  }
  return read;
}

/** A prepared query: its rows as arrays, timestamps still as the database's text. */
export type Prepared = PreparedRead;
const statementNames = new Map<string, string>();
const preparedByDb = new WeakMap<Db, Map<string, Prepared>>();
const plannedPerCallByDb = new WeakMap<Db, Map<string, Prepared>>();

/**
 * A query of fixed shape built once and, on PostgreSQL, prepared once per connection: the calls
 * made most (a row by id, an unfiltered page) skip rebuilding their SQL and the server's planning.
 * A `quick` one (a row by its key, an account check) is pipelined (see `prepareRead`).
 * The key names everything the SQL depends on; values go in as placeholders. Each connection
 * keeps its statements, so their number is capped: shapes past LIMITS.preparedShapes still run,
 * built and planned per call.
 */
export function preparedQuery(
  db: Db,
  key: string,
  build: () => Parameters<typeof prepareRead>[2],
  opts: { planPerCall?: boolean; buildPerCall?: boolean; quick?: boolean } = {},
): Prepared {
  // A query whose SQL text varies beyond its key (a deep window's reach) is not kept at all.
  if (opts.buildPerCall) return prepareRead(db, "", build());
  // PostgreSQL plans its unnamed statement (an empty name) with the call's values: for queries
  // whose best plan depends on them (a text pattern that matches a few rows or most of the
  // table). Their SQL is still built once per shape: only the planning is per call.
  const byDb = opts.planPerCall ? plannedPerCallByDb : preparedByDb;
  let forDb = byDb.get(db);
  if (!forDb) {
    forDb = new Map<string, Prepared>();
    byDb.set(db, forDb);
  }
  let found = forDb.get(key);
  if (!found) {
    if (forDb.size >= LIMITS.preparedShapes) return prepareRead(db, "", build());
    if (opts.planPerCall) found = prepareRead(db, "", build());
    else {
      const name = statementNames.get(key) ?? `records_${statementNames.size + 1}`;
      statementNames.set(key, name);
      found = prepareRead(db, name, build(), { quick: opts.quick });
    }
    forDb.set(key, found);
  }
  return found;
}

/**
 * What a prepared query's key must say about the actor: role, reach, whether an owner id exists,
 * and whether the account is still to be confirmed (and how: a token of a session or not).
 */
export const reachKey = (actor: Actor, rows: Rows) =>
  `${actor.role}:${rows}:${actor.userId === null ? "-" : "u"}:${isUnconfirmed(actor) ? `confirm ${tokenKindOf(actor.unconfirmedSession)}` : ""}`;

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

/**
 * An unconfirmed caller's account row when it is still current (one row), as a subquery reads can
 * start from: its statement's shape follows the caller's kind of token (see `reachKey`).
 */
export const currentAccountRow = (db: Db, actor: Actor & { unconfirmedVersion: number }) =>
  currentAccount(db, { __account: users.id }, tokenKindOf(actor.unconfirmedSession)).as("current_account");

/** Checks an unconfirmed caller's account on its own (reads that cannot fold the check into their query). */
export async function confirmAccount(db: Db, actor: Actor): Promise<Actor> {
  if (!isUnconfirmed(actor)) return actor;
  const kind = tokenKindOf(actor.unconfirmedSession);
  const { rows } = await preparedQuery(db, `account:${kind}`, () => currentAccount(db, { id: users.id }, kind), { quick: true }).run(
    accountValues(actor),
  );
  if (!rows.length) throw tokenExpired();
  return { role: actor.role, userId: actor.userId, staffRole: actor.staffRole, accountRole: actor.accountRole };
}
