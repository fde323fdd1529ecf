/** The records engine's tables: each schema table with its rule, who may reach which rows and read which fields. */

import { hasPermission, RECORD_TABLE_PERMISSIONS, type StaffRole } from "@academy/contract/staff";
import { and, eq, getTableColumns, is, type SQL, sql } from "drizzle-orm";
import { getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema/index.ts";
import { forbidden, notFound, unauthorized } from "../../lib/http-error.ts";
import { parseConditionObject } from "./filters.ts";
import type { Row } from "./json-rows.ts";
import { INTERNAL_TABLES, isHiddenField, type Op, type Role, type Rows, RULES, type TableRule } from "./rules.ts";

export type Actor = {
  role: Role;
  userId: number | null;
  /** A staff caller's staff role: which tables they reach as staff (RECORD_TABLE_PERMISSIONS). */
  staffRole?: StaffRole | null;
  /** Staff acting as a signed-in person on a table: their account's own role, for the account check. */
  accountRole?: "admin";
  /**
   * The token version of a caller whose token is genuine but whose account is not yet checked
   * (the records reads check it in their own query); undefined once it is confirmed.
   */
  unconfirmedVersion?: number;
  /** That caller's session, checked with it (0: a token of no session). */
  unconfirmedSession?: number;
};
export type { Row };

export const LIMITS = {
  maxOffset: 100_000,
  pageSize: 100,
  listSize: 1000,
  defaultPageSize: 20,
  /**
   * A filtered page counts its matching rows up to this many (or to the end of its window, when
   * deeper); past it the answer says `total_capped` and `total` is a lower bound, so a filter that
   * matches most of a large table costs the same as on a small one.
   */
  exactTotal: 1_000,
  /**
   * A whole table's page (an administrator's, unfiltered) answers the planner's estimate of its
   * rows when it holds about this many or more, with `estimated`; a smaller table is counted.
   */
  estimateFrom: 10_000,
  /**
   * A text pattern over everyone's rows is first looked for along the first this-many times the
   * matches it must find, in the page's order; only a pattern too rare to fill them there is looked
   * up through its trigram index (see `buildCountedMatches`).
   */
  probeFactor: 4,
  joins: 3,
  ids: 100,
  exportRows: 50_000,
  /** Query shapes kept prepared on each database connection (see preparedQuery). */
  preparedShapes: 200,
  textLength: 10_000,
};

type Join = { local: PgColumn; target: string; targetColumn: PgColumn };
export type TableInfo = {
  name: string;
  table: PgTable;
  columns: Map<string, PgColumn>;
  id: PgColumn;
  joins: Map<string, Join>;
  keys: Map<string, string>;
  rule: TableRule;
};

/** Every table of the drizzle schema by its SQL name. */
export const SCHEMA_TABLES: Map<string, PgTable> = new Map(
  (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((t) => [getTableConfig(t).name, t]),
);

/** A table with a schema but no rule: admin-only, every non-hidden field. */
function adminOnlyRule(table: PgTable): TableRule {
  const writable = getTableConfig(table)
    .columns.map((c) => c.name)
    .filter((n) => !isHiddenField(n) && !["id", "created_at", "updated_at"].includes(n));
  const all = { admin: "all" } as const;
  return {
    table,
    access: { list: all, view: all, create: all, update: all, delete: all, export: all },
    read: { admin: "*" },
    write: { admin: writable },
  };
}

const internal = new Set(INTERNAL_TABLES);
export const tables = new Map<string, TableInfo>();
for (const [name, table] of SCHEMA_TABLES) {
  if (internal.has(table)) continue;
  const config = getTableConfig(table);
  const columns = new Map(config.columns.map((c) => [c.name, c as PgColumn]));
  const id = columns.get("id");
  if (!id) continue;
  const joins = new Map<string, Join>();
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    const target = getTableConfig(ref.foreignTable).name;
    const [local] = ref.columns;
    const [targetColumn] = ref.foreignColumns;
    // A table pointing at another twice (a booking's candidate and coach) joins along its first key.
    if (local && targetColumn && !internal.has(ref.foreignTable) && !joins.has(target)) joins.set(target, { local, target, targetColumn });
  }
  const keys = new Map(Object.entries(getTableColumns(table)).map(([key, c]) => [c.name, key]));
  tables.set(name, { name, table, columns, id, joins, keys, rule: RULES[name] ?? adminOnlyRule(table) });
}

export function tableInfo(name: string): TableInfo {
  const info = tables.get(name);
  if (!info) throw notFound("Unknown table");
  return info;
}

const READS: ReadonlySet<Op> = new Set(["list", "view", "export"]);

/**
 * Who a caller is on a table: staff whose staff role holds the table's permission for `op`
 * (RECORD_TABLE_PERMISSIONS in the contract) act as staff; other staff act as a signed-in person
 * (their own rows, public rows, or 403), the same as the staff calls decide. A table the contract
 * does not list is for administrators alone.
 */
export function actorFor(info: TableInfo, op: Op, actor: Actor): Actor {
  if (actor.role !== "admin") return actor;
  const entry = RECORD_TABLE_PERMISSIONS[info.name];
  const needed = entry ? (READS.has(op) ? entry.read : entry.write) : undefined;
  const isStaff = entry
    ? needed === null || (needed !== undefined && hasPermission(actor.staffRole, needed))
    : actor.staffRole === "administrator";
  return isStaff ? actor : { ...actor, role: "user", accountRole: "admin" };
}

/** Which rows the actor may reach for `op`, or 401/403. */
export function authorize(info: TableInfo, op: Op, caller: Actor): Rows {
  const actor = actorFor(info, op, caller);
  const rows = info.rule.access[op]?.[actor.role];
  if (!rows) throw actor.role === "anonymous" ? unauthorized() : forbidden();
  return rows;
}

/** The rule's row scope; `asPlaceholder` leaves the owner's id as the `owner` placeholder of a prepared query. */
export function scopeOf(info: TableInfo, rows: Rows, actor: Actor, asPlaceholder = false): SQL | undefined {
  if (rows === "all") return undefined;
  if (rows === "own") {
    const owner = info.columns.get(info.rule.owner ?? "");
    if (!owner || actor.userId === null) return sql`false`;
    return eq(owner, asPlaceholder ? sql.placeholder("owner") : actor.userId);
  }
  const pairs = Object.entries(info.rule.publicRows ?? {});
  if (!pairs.length) return sql`false`;
  return and(...pairs.map(([field, value]) => eq(info.columns.get(field) as PgColumn, value)));
}

const readableByRole = new WeakMap<TableInfo, Map<Role, ReadonlyMap<string, PgColumn>>>();

/** The fields a role may read, by name; worked out once per table and role (the rules do not change). */
export function readable(info: TableInfo, role: Role): ReadonlyMap<string, PgColumn> {
  const forTable = readableByRole.get(info) ?? new Map<Role, ReadonlyMap<string, PgColumn>>();
  readableByRole.set(info, forTable);
  let columns = forTable.get(role);
  if (!columns) {
    const fields = info.rule.read[role];
    const names = fields === "*" ? [...info.columns.keys()] : (fields ?? []);
    columns = new Map(names.filter((n) => !isHiddenField(n) && info.columns.has(n)).map((n) => [n, info.columns.get(n) as PgColumn]));
    forTable.set(role, columns);
  }
  return columns;
}

export const selection = (columns: ReadonlyMap<string, PgColumn>) => Object.fromEntries(columns);

/** An equality condition object checked against the fields the actor may read. */
export function conditionOf(actor: Actor, tableName: string, condition: Record<string, unknown>, op: Op = "update"): SQL | undefined {
  const info = tableInfo(tableName);
  return parseConditionObject(condition, readable(info, actorFor(info, op, actor).role));
}

export const exposedTables = () => [...tables.keys()];
export const tableInfoOf = (name: string) => tables.get(name);
