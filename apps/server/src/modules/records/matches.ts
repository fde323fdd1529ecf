/** What a page's total reads beside its window: a whole table's estimate, or the matches counted as far as a cap. */
import { asc, desc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { currentAccountRow } from "./prepared.ts";
import { type Actor, LIMITS, selection, type TableInfo } from "./tables.ts";

export type OrderTerm = { field: string; direction: "asc" | "desc" };

/** ORDER BY items for the terms, each over `columnOf` its field (or its place among the terms). */
export const orderBy = (terms: OrderTerm[], columnOf: (field: string, i: number) => PgColumn | SQLWrapper) =>
  terms.map(({ field, direction }, i) => (direction === "asc" ? asc : desc)(columnOf(field, i)));

/** The name a window's query gives the value of its `i`th order term. */
const orderName = (i: number) => `__o${i}`;

/** A table's column by field name (the fields are checked before a query is built). */
const columnsOf = (info: TableInfo) => (field: string) => info.columns.get(field) as PgColumn;

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
 *
 * `probe` (a text pattern over everyone's rows, whose best plan depends on how common the word
 * is): the matches are first looked for along the first LIMITS.probeFactor × `reach` rows in
 * order, which holds them all for a common word and stops as soon as it has them; only when they
 * are not all there (a rarer word, on a larger table) are all the matches fetched, by whatever
 * index serves the pattern, and the first `reach` of them sorted out. PostgreSQL would otherwise
 * pick one plan from its estimate of the word's frequency, and walking the whole table in order
 * for a word it thought common enough made a rare word's page cost the whole table.
 */
export function buildCountedMatches(
  db: Db,
  info: TableInfo,
  columns: ReadonlyMap<string, PgColumn>,
  order: OrderTerm[],
  where: SQL | undefined,
  window: { size: number; offset: number },
  reach: number,
  /** The caller whose account the statement checks, while it is still unconfirmed. */
  confirm: (Actor & { unconfirmedVersion: number }) | undefined,
  probe = false,
) {
  const columnOf = columnsOf(info);
  const orderFields: Record<string, SQL.Aliased> = {};
  order.forEach((term, i) => {
    orderFields[orderName(i)] = sql`${columnOf(term.field)}`.as(orderName(i));
  });
  const matched = probe
    ? probedMatches(db, info, order, where, reach)
    : db
        .select({ __key: sql<number>`${info.id}`.as("__key"), ...orderFields })
        .from(info.table)
        .where(where)
        .orderBy(...orderBy(order, columnOf))
        .limit(sql.raw(String(reach)) as unknown as number)
        .as("matched");
  const matchedFields = matched as unknown as Record<string, PgColumn>;
  const keys = db
    .select({ __key: matched.__key, __total: sql<number>`count(*) over ()`.as("__total") })
    .from(matched)
    .orderBy(...orderBy(order, (_, i) => matchedFields[orderName(i)] as PgColumn))
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
  const query = confirm
    ? db.select(fields).from(currentAccountRow(db, confirm)).leftJoinLateral(paged, sql`true`)
    : db.select(fields).from(paged);
  return query.orderBy(...byOrder);
}

/** The first `reach` matches in order, looked for along the first rows in order before any index (see `buildCountedMatches`). */
function probedMatches(db: Db, info: TableInfo, order: OrderTerm[], where: SQL | undefined, reach: number) {
  const limit = sql.raw(String(reach));
  const probeRows = sql.raw(String(reach * LIMITS.probeFactor));
  const columnOf = columnsOf(info);
  const named = (_: string, i: number) => sql`${sql.identifier(orderName(i))}`;
  const keyAndOrder = sql.join([sql.identifier("__key"), ...order.map((t, i) => named(t.field, i))], sql`, `);
  const selected = sql.join([sql`${info.id} AS __key`, ...order.map((t, i) => sql`${columnOf(t.field)} AS ${named(t.field, i)}`)], sql`, `);
  const inOrder = sql.join(orderBy(order, columnOf), sql`, `);
  const byNames = sql.join(orderBy(order, named), sql`, `);
  const condition = where ?? sql`true`;
  const found = sql`(WITH probe_hits AS MATERIALIZED (
      SELECT ${keyAndOrder} FROM (SELECT ${selected}, (${condition}) AS __hit FROM ${info.table} ORDER BY ${inOrder} LIMIT ${probeRows}) AS p
      WHERE p.__hit LIMIT ${limit}
    ),
    -- The probe holds every match wanted when it found them all, or when it read the whole table.
    enough AS MATERIALIZED (
      SELECT (SELECT count(*) FROM probe_hits) >= ${limit} OR (SELECT count(*) FROM (SELECT 1 FROM ${info.table} LIMIT ${probeRows}) AS r) < ${probeRows} AS yes
    )
    SELECT ${keyAndOrder} FROM probe_hits WHERE (SELECT yes FROM enough)
    UNION ALL
    (SELECT ${keyAndOrder} FROM (SELECT ${selected} FROM ${info.table} WHERE ${condition} OFFSET 0) AS everything
      WHERE NOT (SELECT yes FROM enough) ORDER BY ${byNames} LIMIT ${limit}))`;
  const fields: Record<string, SQL.Aliased> = { __key: sql<number>`__key`.as("__key") };
  order.forEach((term, i) => {
    fields[orderName(i)] = named(term.field, i).as(orderName(i));
  });
  return db.select(fields).from(sql`${found} AS probed`).as("matched");
}
