/** What a page's total reads beside its window: a whole table's estimate, or the matches counted as far as a cap. */
import { asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { currentAccountRow } from "./prepared.ts";
import { LIMITS, selection, type TableInfo } from "./tables.ts";

export type OrderTerm = { field: string; direction: "asc" | "desc" };

export const orderBy = (terms: OrderTerm[], columnOf: (field: string) => PgColumn) =>
  terms.map(({ field, direction }) => (direction === "asc" ? asc : desc)(columnOf(field)));

/**
 * A whole table's total without reading it: the planner's estimate (the rows per page of the last
 * ANALYZE, times the table's pages now, as PostgreSQL's own planner scales it), when that is
 * LIMITS.estimateFrom rows or more; otherwise, or for a table never analysed, its exact count.
 * `__estimated` says which.
 */
export function wholeTableTotal(db: Db, info: TableInfo) {
  const name = sql.raw(`'"${info.name}"'`);
  const estimate = sql`(SELECT CASE WHEN c.reltuples < 0 OR c.relpages = 0 THEN 0::float8
      ELSE c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int) END AS n
    FROM pg_class c WHERE c.oid = ${name}::regclass) AS e`;
  const from = sql.raw(String(LIMITS.estimateFrom));
  return db
    .select({
      __total: sql<number>`(CASE WHEN e.n >= ${from} THEN round(e.n) ELSE (SELECT count(*) FROM ${info.table}) END)::int`.as("__total"),
      __estimated: sql<boolean>`e.n >= ${from}`.as("__estimated"),
    })
    .from(estimate)
    .as("counted");
}

/**
 * A window of matching rows with their count beside each row: the matches in order, as far as
 * `reach` of them (ids and order fields only, an index-only scan where an index covers them),
 * counted over that set, then the window's rows read by id.
 */
export function buildCountedMatches(
  db: Db,
  info: TableInfo,
  columns: ReadonlyMap<string, PgColumn>,
  order: OrderTerm[],
  where: SQL | undefined,
  window: { size: number; offset: number },
  reach: number,
  confirm: boolean,
) {
  const orderFields: Record<string, SQL.Aliased> = {};
  order.forEach((term, i) => {
    orderFields[`__o${i}`] = sql`${info.columns.get(term.field) as PgColumn}`.as(`__o${i}`);
  });
  const matched = db
    .select({ __key: sql<number>`${info.id}`.as("__key"), ...orderFields })
    .from(info.table)
    .where(where)
    .orderBy(...orderBy(order, (f) => info.columns.get(f) as PgColumn))
    .limit(sql.raw(String(reach)) as unknown as number)
    .as("matched");
  const matchedFields = matched as unknown as Record<string, PgColumn>;
  const keys = db
    .select({ __key: matched.__key, __total: sql<number>`count(*) over ()`.as("__total") })
    .from(matched)
    .orderBy(...order.map(({ direction }, i) => (direction === "asc" ? asc : desc)(matchedFields[`__o${i}`] as PgColumn)))
    .limit(sql.raw(String(window.size)) as unknown as number)
    .offset((window.offset === 0 ? 0 : sql.placeholder("offset")) as number)
    .as("keys");
  const paged = db
    .select({ ...selection(columns), __id: sql<number>`${info.id}`.as("__id"), __total: keys.__total })
    .from(info.table)
    .innerJoin(keys, eq(info.id, keys.__key))
    .as("paged");
  const pagedFields = paged as unknown as Record<string, PgColumn>;
  const fields: Record<string, PgColumn> = { __id: pagedFields.__id as PgColumn, __total: pagedFields.__total as PgColumn };
  for (const name of columns.keys()) fields[name] = pagedFields[name] as PgColumn;
  const byOrder = orderBy(order, (f) => (f === info.id.name ? pagedFields.__id : pagedFields[f]) as PgColumn);
  const query = confirm ? db.select(fields).from(currentAccountRow(db)).leftJoinLateral(paged, sql`true`) : db.select(fields).from(paged);
  return query.orderBy(...byOrder);
}
