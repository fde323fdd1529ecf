/** Records reads: lists, pages (one round trip with their total), rows by id, export, legacy joins and autocomplete. */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { ownedRowCounts } from "../../db/schema/system.ts";
import { badRequest, tokenExpired } from "../../lib/http-error.ts";
import { parseFilters, placeholders, shown } from "./filters.ts";
import { buildCountedMatches, type OrderTerm, orderBy, wholeTableTotal } from "./matches.ts";
import { accountValues, confirmAccount, currentAccountRow, isUnconfirmed, preparedQuery, rawRows, reachKey, readerOf } from "./prepared.ts";
import { OWNED_ROW_COUNTED, type Rows } from "./rules.ts";
import { type Actor, actorFor, authorize, LIMITS, type Row, readable, scopeOf, selection, type TableInfo, tableInfo } from "./tables.ts";
import { translateDbError } from "./writes.ts";

/** The order as checked terms: a readable field and a direction, then id as the tie-breaker. */
function parseOrder(order: string | undefined, columns: ReadonlyMap<string, PgColumn>, info: TableInfo): OrderTerm[] {
  const [field = "id", dir = "desc", ...extra] = (order ?? "id,desc").split(",");
  const column = columns.get(field);
  if (!column || extra.length) throw badRequest(`Unknown field in order: ${shown(field)}`, { order: "Unknown field" });
  const direction = dir.toLowerCase();
  if (direction !== "asc" && direction !== "desc") throw badRequest("order direction must be asc or desc", { order: "asc or desc" });
  return column === info.id
    ? [{ field, direction }]
    : [
        { field, direction },
        { field: info.id.name, direction },
      ];
}

/** Nests each joined row under the joined table's name, filtered by that table's own rule. */
async function attachJoins(db: Db, info: TableInfo, rows: Row[], joinNames: readonly string[], caller: Actor): Promise<void> {
  if (joinNames.length > LIMITS.joins) throw badRequest(`At most ${LIMITS.joins} joins`, { join: "Too many joins" });
  const own = readable(info, actorFor(info, "view", caller).role);
  for (const name of new Set(joinNames)) {
    const join = info.joins.get(name);
    if (!join || !own.has(join.local.name)) throw badRequest(`Unknown join: ${shown(name)}`, { join: "Unknown join" });
    const target = tableInfo(join.target);
    const actor = actorFor(target, "view", caller);
    const scope = scopeOf(target, authorize(target, "view", actor), actor);
    const keys = [...new Set(rows.map((r) => r[join.local.name]).filter((k) => k !== null && k !== undefined))];
    const found = keys.length
      ? await db
          .select({ ...selection(readable(target, actor.role)), __key: join.targetColumn })
          .from(target.table)
          .where(and(inArray(join.targetColumn, keys), scope))
      : [];
    const byKey = new Map(found.map(({ __key, ...row }) => [__key, row]));
    for (const row of rows) row[name] = byKey.get(row[join.local.name]) ?? null;
  }
}

export type ListOptions = { filters?: readonly string[]; where?: SQL; order?: string; joins?: readonly string[] };

export async function listRows(db: Db, staffOrNot: Actor, tableName: string, opts: ListOptions & { size?: number }): Promise<Row[]> {
  const info = tableInfo(tableName);
  const caller = actorFor(info, "list", staffOrNot);
  const reach = authorize(info, "list", caller);
  const size = opts.size ?? LIMITS.listSize;
  if (!Number.isSafeInteger(size) || size < 1 || size > LIMITS.listSize)
    throw badRequest(`size must be 1 to ${LIMITS.listSize}`, { size: "Out of range" });
  const { list } = await readWindow(db, caller, info, reach, opts, { size, offset: 0, counted: false });
  return list;
}

export type Page = {
  list: Row[];
  total: number;
  /** More rows match than were counted: `total` is a lower bound (a filtered page counts up to LIMITS.exactTotal). */
  total_capped: boolean;
  /** `total` is PostgreSQL's estimate of a whole table's rows (LIMITS.estimateFrom or more), not a count. */
  estimated: boolean;
  limit: number;
  num_pages: number;
  page: number;
};

export async function pageRows(
  db: Db,
  staffOrNot: Actor,
  tableName: string,
  opts: ListOptions & { page: number; size: number },
): Promise<Page> {
  const info = tableInfo(tableName);
  const caller = actorFor(info, "list", staffOrNot);
  const reach = authorize(info, "list", caller);
  if (!Number.isSafeInteger(opts.page) || opts.page < 1) throw badRequest("page must be 1 or more", { page: "Out of range" });
  if (!Number.isSafeInteger(opts.size) || opts.size < 1 || opts.size > LIMITS.pageSize)
    throw badRequest(`page size must be 1 to ${LIMITS.pageSize}`, { size: "Out of range" });
  const offset = (opts.page - 1) * opts.size;
  // Deep offsets read every row before them: past this, narrow the filter instead.
  if (offset > LIMITS.maxOffset)
    throw badRequest(`page is too deep (at most ${LIMITS.maxOffset} rows in); narrow the filter`, { page: "Too deep" });
  const { list, total, capped, estimated } = await readWindow(db, caller, info, reach, opts, { size: opts.size, offset, counted: true });
  return {
    list,
    total,
    total_capped: capped,
    estimated,
    limit: opts.size,
    num_pages: Math.ceil(total / opts.size),
    page: opts.page,
  };
}

/**
 * `size` rows from `offset` in the asked order (and, when `counted`, the total of rows that match),
 * in one statement: the caller's account check (when still due), the total and the rows ride in
 * the same query, so a list or page is one round trip. Unfiltered windows are prepared.
 */
async function readWindow(
  db: Db,
  caller: Actor,
  info: TableInfo,
  rows: Rows,
  opts: ListOptions,
  window: { size: number; offset: number; counted: boolean },
): Promise<{ list: Row[]; total: number; capped: boolean; estimated: boolean }> {
  const columns = readable(info, caller.role);
  // The client's filters have a fixed shape (fields, operators, value counts) whose values go in
  // as placeholders, so filtered windows are prepared too; a server-built condition is not.
  const isFixedShape = !opts.where;
  const bound = isFixedShape ? placeholders() : undefined;
  // A person's text filters are matched along the person's own rows, never through a trigram
  // index over everyone's: a plan that holds for any pattern, so they are prepared too (decision 36).
  const byRows = isFixedShape && rows === "own";
  const filters = parseFilters(opts.filters ?? [], columns, bound?.bind, { byRows });
  const order = parseOrder(opts.order, columns, info);
  // A window of fixed shape checks the caller's account in its own statement; any other first.
  const actor = isFixedShape ? caller : await confirmAccount(db, caller);
  // A person's whole own rows of a counted table: the database keeps their total (decision 12).
  const totalIsKept = isFixedShape && !filters.where && rows === "own" && OWNED_ROW_COUNTED.has(info.name);
  // A filtered total is counted as the window is read, in one pass over the matching rows in
  // order, and no further than the cap (or the window's end when deeper): the rows are read once,
  // and a filter matching most of a large table costs what it costs on a small one.
  const countsMatches = window.counted && !totalIsKept && Boolean(filters.where || opts.where);
  const reach = Math.max(LIMITS.exactTotal, window.offset + window.size) + 1;
  const isDeep = reach > LIMITS.exactTotal + 1;
  const where = () => and(scopeOf(info, rows, actor, isFixedShape), opts.where, filters.where);
  const build = () => {
    if (countsMatches)
      return buildCountedMatches(
        db,
        info,
        columns,
        order,
        where(),
        window,
        reach,
        isUnconfirmed(actor) ? actor : undefined,
        filters.patterns && !byRows,
      );
    const where_ = where();
    // The size is part of the SQL text (window sizes are checked integers): PostgreSQL plans a
    // LIMIT it cannot see as a tenth of the rows, which makes a prepared plan look costly and
    // sends it back to planning on every call.
    const limit = sql.raw(String(window.size)) as unknown as number;
    // A first window has no OFFSET at all: an unknown one is planned as a tenth of the rows too,
    // which for a large table sends even the first page back to planning on every call.
    const skip = window.offset === 0 ? 0 : isFixedShape ? sql.placeholder("offset") : window.offset;
    // The window's ids first (an index-only scan where an index covers scope and order), then
    // only those rows: reading whole rows just to skip or filter them out costs far more.
    const keys = db
      .select({ __key: sql<number>`${info.id}`.as("__key") })
      .from(info.table)
      .where(where_)
      .orderBy(...orderBy(order, (f) => info.columns.get(f) as PgColumn))
      .limit(limit)
      .offset(skip as number)
      .as("keys");
    const paged = db
      .select({ ...selection(columns), __id: sql<number>`${info.id}`.as("__id") })
      .from(info.table)
      .innerJoin(keys, eq(info.id, keys.__key))
      .as("paged");
    const pagedFields = paged as unknown as Record<string, PgColumn>;
    const fields: Record<string, unknown> = { __id: paged.__id };
    for (const name of columns.keys()) fields[name] = pagedFields[name];
    const byOrder = orderBy(order, (f) => (f === info.id.name ? paged.__id : pagedFields[f]) as PgColumn);
    const account = isUnconfirmed(actor) ? currentAccountRow(db, actor) : undefined;
    if (!window.counted) {
      const query = account
        ? db
            .select(fields as Record<string, PgColumn>)
            .from(account)
            .leftJoinLateral(paged, sql`true`)
        : db.select(fields as Record<string, PgColumn>).from(paged);
      return query.orderBy(...byOrder);
    }
    // The total beside the rows (a window past the end still answers it).
    const counted = totalIsKept
      ? db
          .select({ __total: sql<number>`coalesce(sum(${ownedRowCounts.rows}), 0)::int`.as("__total") })
          .from(ownedRowCounts)
          .where(and(eq(ownedRowCounts.tableName, info.name), eq(ownedRowCounts.ownerId, sql.placeholder("owner"))))
          .as("counted")
      : where_
        ? db
            .select({ __total: sql<number>`count(*)::int`.as("__total") })
            .from(info.table)
            .where(where_)
            .as("counted")
        : wholeTableTotal(db, info);
    fields.__total = counted.__total;
    if (!totalIsKept && !where_) fields.__estimated = (counted as unknown as Record<string, unknown>).__estimated;
    const query = account
      ? db
          .select(fields as Record<string, PgColumn>)
          .from(account)
          .innerJoin(counted, sql`true`)
          .leftJoinLateral(paged, sql`true`)
      : db
          .select(fields as Record<string, PgColumn>)
          .from(counted)
          .leftJoinLateral(paged, sql`true`);
    return query.orderBy(...byOrder);
  };
  const shape = [
    window.counted ? "page" : "list",
    info.name,
    reachKey(actor, rows),
    order.map((o) => `${o.field} ${o.direction}`),
    window.size,
    window.offset === 0 ? "first" : "offset",
    countsMatches ? `matches ${isDeep ? "deep" : reach}` : "",
    filters.shape,
  ].join(":");
  // Over everyone's rows a text pattern's best plan depends on its value (an index for a rare
  // word, a scan in order for a common one): a list is planned per call; a counted page probes the
  // rows in order before the index (`buildCountedMatches`), a plan that holds for any word, so it
  // is prepared. A deep window's reach is in its text: planned per call.
  const planPerCall = (filters.patterns && !byRows && !countsMatches) || (countsMatches && isDeep);
  const prepareAs = { planPerCall, buildPerCall: countsMatches && isDeep };
  const values = { owner: actor.userId, offset: window.offset, ...accountValues(actor), ...bound?.values };
  const { names, rows: found } = await (isFixedShape ? preparedQuery(db, shape, build, prepareAs).run(values) : rawRows(db, build())).catch(
    translateDbError,
  );
  // No row at all: the account check in the statement found no current account.
  if (isUnconfirmed(actor) && !found.length) throw tokenExpired();
  const list: Row[] = [];
  if (found.length) {
    const read = readerOf(columns, names);
    const at = names.indexOf("__id");
    for (const raw of found) if (raw[at] !== null) list.push(read(raw));
  }
  if (opts.joins?.length)
    await attachJoins(db, info, list, opts.joins, { role: actor.role, userId: actor.userId, staffRole: actor.staffRole });
  if (!window.counted) return { list, total: 0, capped: false, estimated: false };
  const first = (name: string) => found[0]?.[names.indexOf(name)];
  if (!countsMatches) return { list, total: Number(first("__total") ?? 0), capped: false, estimated: first("__estimated") === true };
  // Matches counted beside the window; a window past the last match has none beside it, so
  // (only then) they are counted on their own, as far as the same reach.
  let matches = Number(first("__total") ?? 0);
  if (!list.length && window.offset > 0) {
    const counter = () => {
      const upTo = db
        .select({ __one: sql`1`.as("__one") })
        .from(info.table)
        .where(where())
        .limit(sql.raw(String(reach)) as unknown as number)
        .as("up_to");
      return db.select({ __total: sql<number>`count(*)::int`.as("__total") }).from(upTo);
    };
    const counted = await (isFixedShape
      ? preparedQuery(db, `${shape}:count`, counter, prepareAs).run(values)
      : rawRows(db, counter())
    ).catch(translateDbError);
    matches = Number(counted.rows[0]?.[counted.names.indexOf("__total")] ?? 0);
  }
  return matches >= reach
    ? { list, total: reach - 1, capped: true, estimated: false }
    : { list, total: matches, capped: false, estimated: false };
}

/** Rows by id: `view` for one id, `list` for several; rows out of the caller's reach are simply absent. */
export async function getRows(db: Db, staffOrNot: Actor, tableName: string, ids: number[], joins: readonly string[] = []): Promise<Row[]> {
  const info = tableInfo(tableName);
  const caller = actorFor(info, ids.length === 1 ? "view" : "list", staffOrNot);
  if (ids.length > LIMITS.ids) throw badRequest(`At most ${LIMITS.ids} ids`, { id: "Too many ids" });
  const reach = authorize(info, ids.length === 1 ? "view" : "list", caller);
  const columns = readable(info, caller.role);
  const [id] = ids;
  let rows: Row[];
  if (ids.length === 1 && id !== undefined) {
    // One row by id: the caller's account check rides in the same statement.
    const found = await preparedQuery(
      db,
      `get:${info.name}:${reachKey(caller, reach)}`,
      () => {
        const one = db
          .select({ ...selection(columns), __id: sql<number>`${info.id}`.as("__id") })
          .from(info.table)
          .where(and(eq(info.id, sql.placeholder("id")), scopeOf(info, reach, caller, true)))
          .as("one");
        const oneFields = one as unknown as Record<string, PgColumn>;
        const fields: Record<string, PgColumn> = { __id: oneFields.__id as PgColumn };
        for (const name of columns.keys()) fields[name] = oneFields[name] as PgColumn;
        return isUnconfirmed(caller)
          ? db.select(fields).from(currentAccountRow(db, caller)).leftJoinLateral(one, sql`true`)
          : db.select(fields).from(one);
      },
      // One row by its primary key: a quick read, pipelined.
      { quick: true },
    )
      .run({ id, owner: caller.userId, ...accountValues(caller) })
      .catch(translateDbError);
    if (isUnconfirmed(caller) && !found.rows.length) throw tokenExpired();
    rows = [];
    if (found.rows.length) {
      const read = readerOf(columns, found.names);
      const at = found.names.indexOf("__id");
      for (const raw of found.rows) if (raw[at] !== null) rows.push(read(raw));
    }
  } else {
    const actor = await confirmAccount(db, caller);
    rows = await db
      .select(selection(columns))
      .from(info.table)
      .where(and(inArray(info.id, ids), scopeOf(info, reach, actor)))
      .orderBy(desc(info.id))
      .catch(translateDbError);
  }
  if (joins.length) await attachJoins(db, info, rows, joins, { role: caller.role, userId: caller.userId, staffRole: caller.staffRole });
  return rows;
}

export async function exportRows(db: Db, caller: Actor, tableName: string): Promise<{ columns: string[]; rows: Row[] }> {
  const info = tableInfo(tableName);
  const actor = actorFor(info, "export", await confirmAccount(db, caller));
  const scope = scopeOf(info, authorize(info, "export", actor), actor);
  const columns = readable(info, actor.role);
  const rows = await db.select(selection(columns)).from(info.table).where(scope).orderBy(asc(info.id)).limit(LIMITS.exportRows);
  return { columns: [...columns.keys()], rows };
}

// ---- legacy joins -------------------------------------------------------------------------

export type JoinQuery = {
  tables: readonly string[];
  /** [tableA, columnA, tableB, columnB]: must be a foreign key of the schema, either way round. */
  pairs: readonly (readonly [string, string, string, string])[];
  select: (scope: ReadonlyMap<string, ReadonlyMap<string, PgColumn>>) => Record<string, PgColumn>;
  where: (scope: ReadonlyMap<string, ReadonlyMap<string, PgColumn>>) => SQL | undefined;
  page?: { page: number; size: number };
};

function isForeignKey(a: TableInfo, aColumn: string, b: TableInfo, bColumn: string): boolean {
  const forward = a.joins.get(b.name);
  const backward = b.joins.get(a.name);
  return (
    (forward?.local.name === aColumn && forward.targetColumn.name === bColumn) ||
    (backward?.local.name === bColumn && backward.targetColumn.name === aColumn)
  );
}

/** Tables joined along schema foreign keys; each table's rule (list) applies to its rows and fields. */
export async function joinRows(db: Db, caller: Actor, query: JoinQuery): Promise<Row[] | Page> {
  const actor = await confirmAccount(db, caller);
  if (new Set(query.tables).size !== query.tables.length) throw badRequest("A table may appear once");
  if (query.pairs.length !== query.tables.length - 1) throw badRequest("Give one join per additional table");
  const infos = query.tables.map((t) => tableInfo(t));
  const scopes = infos.map((info) => scopeOf(info, authorize(info, "list", actor), actorFor(info, "list", actor)));
  const visible = new Map(infos.map((info) => [info.name, readable(info, actorFor(info, "list", actor).role)]));
  const [first, ...rest] = infos as [TableInfo, ...TableInfo[]];
  const joined = new Set([first.name]);
  const ons: { table: PgTable; on: SQL }[] = [];
  for (const next of rest) {
    const pair = query.pairs.find(([a, , b]) => (a === next.name && joined.has(b)) || (b === next.name && joined.has(a)));
    if (!pair) throw badRequest(`No join given for ${next.name}`);
    const [a, ac, b, bc] = pair;
    const infoA = tableInfo(a);
    const infoB = tableInfo(b);
    const colA = visible.get(a)?.get(ac);
    const colB = visible.get(b)?.get(bc);
    if (!colA || !colB || !isForeignKey(infoA, ac, infoB, bc))
      throw badRequest(`Unknown join: ${shown(a)}.${shown(ac)} = ${shown(b)}.${shown(bc)}`);
    ons.push({ table: next.table, on: eq(colA, colB) });
    joined.add(next.name);
  }
  const fields = query.select(visible);
  if (!Object.keys(fields).length) throw badRequest("Nothing selected");
  const where = and(query.where(visible), ...scopes);
  let rows = db.select(fields).from(first.table).$dynamic();
  let counter = db.select({ total: count() }).from(first.table).$dynamic();
  for (const { table, on } of ons) {
    rows = rows.innerJoin(table, on);
    counter = counter.innerJoin(table, on);
  }
  const ordered = rows.where(where).orderBy(desc(first.id));
  if (!query.page) return await ordered.limit(LIMITS.listSize);
  const { page, size } = query.page;
  if (size > LIMITS.pageSize) throw badRequest(`limit must be 1 to ${LIMITS.pageSize}`, { limit: "Out of range" });
  const [list, [counted]] = await Promise.all([ordered.limit(size).offset((page - 1) * size), counter.where(where)]);
  const total = counted?.total ?? 0;
  return { list, total, total_capped: false, estimated: false, limit: size, num_pages: Math.ceil(total / size), page };
}

/** Legacy AUTOCOMPLETE: rows whose text field starts with `query` (case-insensitive), id and field only. */
export async function autocomplete(db: Db, caller: Actor, tableName: string, field: string, query: string, limit: number): Promise<Row[]> {
  const info = tableInfo(tableName);
  const actor = actorFor(info, "list", await confirmAccount(db, caller));
  const scope = scopeOf(info, authorize(info, "list", actor), actor);
  const columns = readable(info, actor.role);
  const column = columns.get(field);
  if (column?.dataType !== "string") throw badRequest(`Unknown text field: ${shown(field)}`, { field: "Unknown text field" });
  const { where } = parseFilters([`${field},sw,${query}`], columns);
  return db
    .select({ id: info.id, [field]: column })
    .from(info.table)
    .where(and(scope, where))
    .orderBy(asc(column))
    .limit(limit);
}
