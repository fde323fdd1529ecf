import { and, asc, count, desc, eq, getTableColumns, inArray, is, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import { ownedRowCounts } from "../../db/schema/system.ts";
import { users } from "../../db/schema/users.ts";
import { badRequest, forbidden, HttpError, notFound, tokenExpired, unauthorized } from "../../lib/http-error.ts";
import { currentAccountValues, isCurrentAccount } from "../auth/current-account.ts";
import { isStorableDate, parseConditionObject, parseFilters, placeholders, shown } from "./filters.ts";
import { type Row, rowReader } from "./json-rows.ts";
import { INTERNAL_TABLES, isHiddenField, type Op, OWNED_ROW_COUNTED, type Role, type Rows, RULES, type TableRule } from "./rules.ts";

export type Actor = {
  role: Role;
  userId: number | null;
  /**
   * The token version of a caller whose token is genuine but whose account is not yet checked
   * (the records reads check it in their own query); undefined once it is confirmed.
   */
  unconfirmedVersion?: number;
};
export type { Row };

export const LIMITS = {
  maxOffset: 100_000,
  pageSize: 100,
  listSize: 1000,
  defaultPageSize: 20,
  joins: 3,
  ids: 100,
  exportRows: 50_000,
  /** Query shapes kept prepared on each database connection (see preparedQuery). */
  preparedShapes: 200,
  textLength: 10_000,
};

type Join = { local: PgColumn; target: string; targetColumn: PgColumn };
type TableInfo = {
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
const tables = new Map<string, TableInfo>();
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

/** Which rows the actor may reach for `op`, or 401/403. */
export function authorize(info: TableInfo, op: Op, actor: Actor): Rows {
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

const selection = (columns: ReadonlyMap<string, PgColumn>) => Object.fromEntries(columns);

/** A built query's raw rows (no ORM mapping), as a prepared query's `all` gives them. */
async function rawRows(db: Db, query: SQLWrapper): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const readers = new WeakMap<ReadonlyMap<string, PgColumn>, (raw: Row) => Row>();

/** The JSON-ready reader of rows holding `columns` (a role's readable fields), made once per set. */
function readerOf(columns: ReadonlyMap<string, PgColumn>): (raw: Row) => Row {
  let read = readers.get(columns);
  if (!read) {
    read = rowReader(columns);
    readers.set(columns, read);
  }
  return read;
}

/** A prepared query's raw rows: keyed by output column name, timestamps still as the database's text. */
type Prepared = { all(values: Record<string, unknown>): Promise<Row[]> };
const statementNames = new Map<string, string>();
const preparedByDb = new WeakMap<Db, Map<string, Prepared>>();

/**
 * A query of fixed shape built once and, on PostgreSQL, prepared once per connection: the calls
 * made most (a row by id, an unfiltered page) skip rebuilding their SQL and the server's planning.
 * The key names everything the SQL depends on; values go in as placeholders. Each connection
 * keeps its statements, so their number is capped: shapes past LIMITS.preparedShapes still run,
 * built and planned per call.
 */
function preparedQuery(db: Db, key: string, build: () => { prepare(name: string): unknown }): Prepared {
  const forDb = preparedByDb.get(db) ?? new Map<string, Prepared>();
  preparedByDb.set(db, forDb);
  let found = forDb.get(key);
  if (!found) {
    // An empty name is PostgreSQL's unnamed statement: parsed and planned for this call only.
    if (forDb.size >= LIMITS.preparedShapes) return build().prepare("") as Prepared;
    const name = statementNames.get(key) ?? `records_${statementNames.size + 1}`;
    statementNames.set(key, name);
    found = build().prepare(name) as Prepared;
    forDb.set(key, found);
  }
  return found;
}

/** What a prepared query's key must say about the actor: role, reach, whether an owner id exists and is still to be confirmed. */
const reachKey = (actor: Actor, rows: Rows) =>
  `${actor.role}:${rows}:${actor.userId === null ? "-" : "u"}:${isUnconfirmed(actor) ? "confirm" : ""}`;

const isUnconfirmed = (actor: Actor): actor is Actor & { userId: number; unconfirmedVersion: number } =>
  actor.unconfirmedVersion !== undefined && actor.userId !== null;

const accountValues = (actor: Actor) =>
  isUnconfirmed(actor) ? currentAccountValues({ userId: actor.userId, tokenVersion: actor.unconfirmedVersion, role: actor.role }) : {};

/** The caller's account row when it is still current (one row), as a subquery reads can start from. */
const currentAccountRow = (db: Db) => db.select({ __account: users.id }).from(users).where(isCurrentAccount).as("current_account");

/** Checks an unconfirmed caller's account on its own (reads that cannot fold the check into their query). */
async function confirmAccount(db: Db, actor: Actor): Promise<Actor> {
  if (!isUnconfirmed(actor)) return actor;
  const [row] = await preparedQuery(db, "account", () => db.select({ id: users.id }).from(users).where(isCurrentAccount)).all(
    accountValues(actor),
  );
  if (!row) throw tokenExpired();
  return { role: actor.role, userId: actor.userId };
}

type OrderTerm = { field: string; direction: "asc" | "desc" };

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

const orderBy = (terms: OrderTerm[], columnOf: (field: string) => PgColumn) =>
  terms.map(({ field, direction }) => (direction === "asc" ? asc : desc)(columnOf(field)));

/** Nests each joined row under the joined table's name, filtered by that table's own rule. */
async function attachJoins(db: Db, info: TableInfo, rows: Row[], joinNames: readonly string[], actor: Actor): Promise<void> {
  if (joinNames.length > LIMITS.joins) throw badRequest(`At most ${LIMITS.joins} joins`, { join: "Too many joins" });
  const own = readable(info, actor.role);
  for (const name of new Set(joinNames)) {
    const join = info.joins.get(name);
    if (!join || !own.has(join.local.name)) throw badRequest(`Unknown join: ${shown(name)}`, { join: "Unknown join" });
    const target = tableInfo(join.target);
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

export async function listRows(db: Db, caller: Actor, tableName: string, opts: ListOptions & { size?: number }): Promise<Row[]> {
  const info = tableInfo(tableName);
  const reach = authorize(info, "list", caller);
  const size = opts.size ?? LIMITS.listSize;
  if (!Number.isSafeInteger(size) || size < 1 || size > LIMITS.listSize)
    throw badRequest(`size must be 1 to ${LIMITS.listSize}`, { size: "Out of range" });
  const { list } = await readWindow(db, caller, info, reach, opts, { size, offset: 0, counted: false });
  return list;
}

export type Page = { list: Row[]; total: number; limit: number; num_pages: number; page: number };

export async function pageRows(
  db: Db,
  caller: Actor,
  tableName: string,
  opts: ListOptions & { page: number; size: number },
): Promise<Page> {
  const info = tableInfo(tableName);
  const reach = authorize(info, "list", caller);
  if (!Number.isSafeInteger(opts.page) || opts.page < 1) throw badRequest("page must be 1 or more", { page: "Out of range" });
  if (!Number.isSafeInteger(opts.size) || opts.size < 1 || opts.size > LIMITS.pageSize)
    throw badRequest(`page size must be 1 to ${LIMITS.pageSize}`, { size: "Out of range" });
  const offset = (opts.page - 1) * opts.size;
  // Deep offsets read every row before them: past this, narrow the filter instead.
  if (offset > LIMITS.maxOffset)
    throw badRequest(`page is too deep (at most ${LIMITS.maxOffset} rows in); narrow the filter`, { page: "Too deep" });
  const { list, total } = await readWindow(db, caller, info, reach, opts, { size: opts.size, offset, counted: true });
  return { list, total, limit: opts.size, num_pages: Math.ceil(total / opts.size), page: opts.page };
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
): Promise<{ list: Row[]; total: number }> {
  const columns = readable(info, caller.role);
  // The client's filters have a fixed shape (fields, operators, value counts) whose values go in
  // as placeholders, so filtered windows are prepared too; a server-built condition is not.
  const isFixedShape = !opts.where;
  const bound = isFixedShape ? placeholders() : undefined;
  const filters = parseFilters(opts.filters ?? [], columns, bound?.bind);
  const order = parseOrder(opts.order, columns, info);
  // A window of fixed shape checks the caller's account in its own statement; any other first.
  const actor = isFixedShape ? caller : await confirmAccount(db, caller);
  // A person's whole own rows of a counted table: the database keeps their total (decision 12).
  const totalIsKept = isFixedShape && !filters.where && rows === "own" && OWNED_ROW_COUNTED.has(info.name);
  const build = () => {
    const where = and(scopeOf(info, rows, actor, isFixedShape), opts.where, filters.where);
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
      .where(where)
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
    const account = isUnconfirmed(actor) ? currentAccountRow(db) : undefined;
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
          .select({ __total: sql<number>`coalesce(max(${ownedRowCounts.rows}), 0)::int`.as("__total") })
          .from(ownedRowCounts)
          .where(and(eq(ownedRowCounts.tableName, info.name), eq(ownedRowCounts.ownerId, sql.placeholder("owner"))))
          .as("counted")
      : db
          .select({ __total: sql<number>`count(*)::int`.as("__total") })
          .from(info.table)
          .where(where)
          .as("counted");
    fields.__total = counted.__total;
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
    filters.shape,
  ].join(":");
  const found = await (isFixedShape
    ? preparedQuery(db, shape, build).all({ owner: actor.userId, offset: window.offset, ...accountValues(actor), ...bound?.values })
    : rawRows(db, build())
  ).catch(translateDbError);
  // No row at all: the account check in the statement found no current account.
  if (isUnconfirmed(actor) && !found.length) throw tokenExpired();
  const total = window.counted ? Number(found[0]?.__total ?? 0) : 0;
  const read = readerOf(columns);
  const list: Row[] = [];
  for (const raw of found) if (raw.__id !== null) list.push(read(raw));
  if (opts.joins?.length) await attachJoins(db, info, list, opts.joins, { role: actor.role, userId: actor.userId });
  return { list, total };
}

/** Rows by id: `view` for one id, `list` for several; rows out of the caller's reach are simply absent. */
export async function getRows(db: Db, caller: Actor, tableName: string, ids: number[], joins: readonly string[] = []): Promise<Row[]> {
  const info = tableInfo(tableName);
  if (ids.length > LIMITS.ids) throw badRequest(`At most ${LIMITS.ids} ids`, { id: "Too many ids" });
  const reach = authorize(info, ids.length === 1 ? "view" : "list", caller);
  const columns = readable(info, caller.role);
  const [id] = ids;
  let rows: Row[];
  if (ids.length === 1 && id !== undefined) {
    // One row by id: the caller's account check rides in the same statement.
    const found = await preparedQuery(db, `get:${info.name}:${reachKey(caller, reach)}`, () => {
      const one = db
        .select({ ...selection(columns), __id: sql<number>`${info.id}`.as("__id") })
        .from(info.table)
        .where(and(eq(info.id, sql.placeholder("id")), scopeOf(info, reach, caller, true)))
        .as("one");
      const oneFields = one as unknown as Record<string, PgColumn>;
      const fields: Record<string, PgColumn> = { __id: oneFields.__id as PgColumn };
      for (const name of columns.keys()) fields[name] = oneFields[name] as PgColumn;
      return isUnconfirmed(caller)
        ? db.select(fields).from(currentAccountRow(db)).leftJoinLateral(one, sql`true`)
        : db.select(fields).from(one);
    })
      .all({ id, owner: caller.userId, ...accountValues(caller) })
      .catch(translateDbError);
    if (isUnconfirmed(caller) && !found.length) throw tokenExpired();
    const read = readerOf(columns);
    rows = [];
    for (const raw of found) if (raw.__id !== null) rows.push(read(raw));
  } else {
    const actor = await confirmAccount(db, caller);
    rows = await db
      .select(selection(columns))
      .from(info.table)
      .where(and(inArray(info.id, ids), scopeOf(info, reach, actor)))
      .orderBy(desc(info.id))
      .catch(translateDbError);
  }
  if (joins.length) await attachJoins(db, info, rows, joins, { role: caller.role, userId: caller.userId });
  return rows;
}

// ---- writes -------------------------------------------------------------------------------

function fieldSchema(info: TableInfo, column: PgColumn): z.ZodType {
  const max = info.rule.maxLength?.[column.name] ?? LIMITS.textLength;
  const base = ((): z.ZodType => {
    if (column.enumValues?.length) return z.enum(column.enumValues as [string, ...string[]]);
    switch (column.dataType) {
      case "number":
        return z.number().int().min(-2_147_483_648).max(2_147_483_647);
      case "boolean":
        return z.boolean();
      case "date":
        return z.iso
          .datetime({ offset: true })
          .transform((s) => new Date(s))
          .refine(isStorableDate, "Year must be 1 to 9999");
      case "json":
        return z.unknown().superRefine((value, ctx) => {
          const problem = jsonProblem(value, max);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        });
      default:
        return z
          .string()
          .max(max)
          .refine((s) => !s.includes("\0"), "Contains a NUL character");
    }
  })();
  return column.notNull ? base : base.nullable();
}

const MAX_JSON_DEPTH = 16;

/** What is wrong with a JSON value for a jsonb field (depth, size, NUL characters), checked without recursion. */
function jsonProblem(value: unknown, maxChars: number): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  let chars = 0;
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (depth > MAX_JSON_DEPTH) return `Nested deeper than ${MAX_JSON_DEPTH} levels`;
    if (v === null || typeof v === "boolean") chars += 5;
    else if (typeof v === "number") {
      if (!Number.isFinite(v)) return "Not a JSON value";
      chars += 24;
    } else if (typeof v === "string") {
      if (v.includes("\0")) return "Contains a NUL character";
      chars += v.length + 2;
    } else if (Array.isArray(v)) for (const item of v) stack.push([item, depth + 1]);
    else if (typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes("\0")) return "Contains a NUL character";
        chars += k.length + 3;
        stack.push([item, depth + 1]);
      }
    } else return "Not a JSON value";
    if (chars > maxChars) return `At most ${maxChars} characters`;
  }
  return null;
}

const bodySchemas = new Map<string, z.ZodType<Row>>();

/** The strict body schema of `mode` for a role: writable fields only; unknown or forbidden keys are 400. */
function bodySchema(info: TableInfo, role: Role, mode: "create" | "update"): z.ZodType<Row> {
  const key = `${info.name}:${role}:${mode}`;
  let found = bodySchemas.get(key);
  if (!found) {
    const shape: Record<string, z.ZodType> = {};
    for (const name of info.rule.write[role] ?? []) {
      const column = info.columns.get(name);
      if (!column || isHiddenField(name) || column === info.id) continue;
      const field = fieldSchema(info, column);
      shape[name] = mode === "create" && column.notNull && !column.hasDefault && name !== info.rule.owner ? field : field.optional();
    }
    found = z.strictObject(shape) as unknown as z.ZodType<Row>;
    bodySchemas.set(key, found);
  }
  return found;
}

export function validateBody(info: TableInfo, role: Role, mode: "create" | "update", body: unknown): Row {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest("Body must be an object");
  const parsed = bodySchema(info, role, mode).safeParse(body);
  if (!parsed.success) {
    const validation: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") for (const k of issue.keys) validation[shown(k)] ??= "Unknown or read-only field";
      else validation[String(issue.path[0] ?? "body")] ??= issue.message;
    }
    const [field, message] = Object.entries(validation)[0] ?? ["body", "Invalid"];
    throw badRequest(`${field}: ${message}`, validation);
  }
  const values = { ...parsed.data };
  if (mode === "update" && !Object.keys(values).length) throw badRequest("Nothing to update", { body: "No writable field given" });
  info.rule.sanitize?.(values);
  return values;
}

/** Maps DB column names to the table's drizzle keys, as insert/update expect them. */
function toKeys(info: TableInfo, values: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(values)) {
    const key = info.keys.get(name);
    if (key) out[key] = value;
  }
  return out;
}

/** Unique violations and foreign keys that do not exist: 409/400 instead of a 500. */
function translateDbError(error: unknown): never {
  let e = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++) {
    if (e.code === "23505") throw new HttpError(409, "A record with these values already exists");
    if (e.code === "23503") throw badRequest("A referenced record does not exist");
    if (e.code === "23502") throw badRequest("A required field is missing");
    if (["23514", "22P02", "22P05", "22007", "22008", "22021", "54001"].includes(e.code ?? "")) throw badRequest("Invalid value");
    e = e.cause as typeof e;
  }
  throw error;
}

export async function createRow(db: Db, caller: Actor, tableName: string, body: unknown): Promise<number> {
  const actor = await confirmAccount(db, caller);
  const info = tableInfo(tableName);
  const rows = authorize(info, "create", actor);
  const values = validateBody(info, actor.role, "create", body);
  if (rows === "own" && info.rule.owner) values[info.rule.owner] = actor.userId;
  if (rows === "public") Object.assign(values, info.rule.publicRows);
  const [created] = await db.insert(info.table).values(toKeys(info, values)).returning({ id: info.id }).catch(translateDbError);
  return Number((created as { id: number }).id);
}

export type UpdateWhere = { id?: number; where?: SQL };

/** Updates the rows matching `target` within the caller's reach; answers how many changed. */
export async function updateRows(db: Db, caller: Actor, tableName: string, target: UpdateWhere, body: unknown): Promise<number> {
  const actor = await confirmAccount(db, caller);
  const info = tableInfo(tableName);
  const scope = scopeOf(info, authorize(info, "update", actor), actor);
  const values = validateBody(info, actor.role, "update", body);
  const set: Row = { ...toKeys(info, values), ...toKeys(info, info.rule.onUpdate?.(values) ?? {}) };
  if (info.columns.has("updated_at")) Object.assign(set, toKeys(info, { updated_at: new Date() }));
  const condition = target.id !== undefined ? eq(info.id, target.id) : target.where;
  if (!condition) throw badRequest("condition is required.");
  const changed = await db
    .update(info.table)
    .set(set)
    .where(and(condition, scope, info.rule.updateGuard?.(actor.userId, values)))
    .returning({ id: info.id })
    .catch(translateDbError);
  return changed.length;
}

export async function deleteRows(db: Db, caller: Actor, tableName: string, target: UpdateWhere): Promise<number> {
  const actor = await confirmAccount(db, caller);
  const info = tableInfo(tableName);
  const scope = scopeOf(info, authorize(info, "delete", actor), actor);
  const condition = target.id !== undefined ? eq(info.id, target.id) : target.where;
  if (!condition) throw badRequest("condition is required.");
  const inUse = info.rule.inUse;
  if (inUse) {
    const [busy] = await db
      .select({ id: info.id })
      .from(info.table)
      .where(and(condition, scope, inUse.when(info.id)))
      .limit(1);
    if (busy) throw new HttpError(409, inUse.message);
  }
  const deleted = await db.delete(info.table).where(and(condition, scope)).returning({ id: info.id }).catch(translateDbError);
  return deleted.length;
}

/** An equality condition object checked against the fields the actor may read. */
export function conditionOf(actor: Actor, tableName: string, condition: Record<string, unknown>): SQL | undefined {
  return parseConditionObject(condition, readable(tableInfo(tableName), actor.role));
}

export async function exportRows(db: Db, caller: Actor, tableName: string): Promise<{ columns: string[]; rows: Row[] }> {
  const actor = await confirmAccount(db, caller);
  const info = tableInfo(tableName);
  const scope = scopeOf(info, authorize(info, "export", actor), actor);
  const columns = readable(info, actor.role);
  const rows = await db.select(selection(columns)).from(info.table).where(scope).orderBy(asc(info.id)).limit(LIMITS.exportRows);
  return { columns: [...columns.keys()], rows };
}

export const exposedTables = () => [...tables.keys()];
export const tableInfoOf = (name: string) => tables.get(name);

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
  const scopes = infos.map((info) => scopeOf(info, authorize(info, "list", actor), actor));
  const visible = new Map(infos.map((info) => [info.name, readable(info, actor.role)]));
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
  return { list, total, limit: size, num_pages: Math.ceil(total / size), page };
}

/** Legacy AUTOCOMPLETE: rows whose text field starts with `query` (case-insensitive), id and field only. */
export async function autocomplete(db: Db, caller: Actor, tableName: string, field: string, query: string, limit: number): Promise<Row[]> {
  const actor = await confirmAccount(db, caller);
  const info = tableInfo(tableName);
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
