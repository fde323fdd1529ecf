import { and, between, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { badRequest } from "../../lib/http-error.ts";
import { escapeLike } from "../../lib/like.ts";

/** `filter=field,op,value` operators (api-conventions.md); `eq` when the op is left out. */
export const FILTER_OPS = ["eq", "neq", "cs", "sw", "ew", "lt", "le", "ge", "gt", "bt", "in", "is"] as const;
type FilterOp = (typeof FILTER_OPS)[number];

export const MAX_FILTERS = 10;
export const MAX_VALUE_LENGTH = 500;
const MAX_IN_VALUES = 100;

/** A date PostgreSQL stores as given: years 1 to 9999. */
export const isStorableDate = (date: Date) => !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999;

/** A client's value as the column's type, or 400: text never reaches SQL other than as a bound value. */
export function coerceValue(column: PgColumn, field: string, raw: string): string | number | boolean | Date {
  if (raw.length > MAX_VALUE_LENGTH)
    throw badRequest(`Value of ${field} is too long (at most ${MAX_VALUE_LENGTH} characters)`, { [field]: "Too long" });
  if (raw.includes("\0")) throw badRequest(`Value of ${field} contains a NUL character`, { [field]: "Invalid character" });
  switch (column.dataType) {
    case "number": {
      if (!/^-?\d{1,10}$/.test(raw) || Math.abs(Number(raw)) > 2_147_483_647)
        throw badRequest(`${field} must be a whole number`, { [field]: "Must be a whole number" });
      return Number(raw);
    }
    case "boolean":
      if (raw === "true" || raw === "1") return true;
      if (raw === "false" || raw === "0") return false;
      throw badRequest(`${field} must be true or false`, { [field]: "Must be true or false" });
    case "date": {
      const date = new Date(raw);
      if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || !isStorableDate(date))
        throw badRequest(`${field} must be a date`, { [field]: "Must be a date" });
      return date;
    }
    case "string":
      return raw;
    default:
      throw badRequest(`${field} cannot be compared`, { [field]: "Cannot be compared" });
  }
}

/** A client-given name as it may be echoed in a message: only when it looks like a field name. */
export const shown = (name: string) => (/^[A-Za-z_]\w{0,63}$/.test(name) ? name : "(not a field name)");

/**
 * How a checked value enters the SQL: as itself (a bound parameter of this query), or as a
 * placeholder of a prepared query whose value is kept aside (see `placeholders`).
 */
export type Bind = (value: string | number | boolean | Date) => unknown;
const asValue: Bind = (value) => value;

/** A parsed filter: its condition, and its shape (field, operator, how many values) for a prepared query's key. */
export type ParsedFilter = { where: SQL; shape: string; pattern?: boolean };

/**
 * How text patterns are matched: `byRows` matches them on an expression of the column, which no
 * trigram index serves, so a plan made without the pattern's value walks the rows the other
 * conditions reach (a person's own, through the owner's index) instead of gathering every row
 * of the table that holds the pattern's letters.
 */
export type PatternMatch = { byRows?: boolean };

/** Parses one `field,op,value` against the fields the caller may read. */
export function parseFilter(
  text: string,
  readable: ReadonlyMap<string, PgColumn>,
  bind: Bind = asValue,
  match: PatternMatch = {},
): ParsedFilter {
  const [field = "", ...rest] = text.split(",");
  const column = readable.get(field);
  if (!column) throw badRequest(`Unknown field in filter: ${shown(field)}`, { filter: "Unknown field" });
  let op: FilterOp = "eq";
  if (rest.length && (FILTER_OPS as readonly string[]).includes(rest[0] ?? "")) op = rest.shift() as FilterOp;
  const value = rest.join(",");
  const one = () => bind(coerceValue(column, field, value)) as string;
  const matched = match.byRows ? sql`(${column} || '')` : column;
  const pattern = (make: (escaped: string) => string) => {
    if (column.dataType !== "string") throw badRequest(`${op} needs a text field`, { filter: `${op} needs a text field` });
    return bind(make(escapeLike(String(coerceValue(column, field, value))))) as string;
  };
  const shaped = (where: SQL, values = 1): ParsedFilter => ({
    where,
    shape: `${field} ${op} ${values}`,
    pattern: op === "cs" || op === "sw" || op === "ew",
  });
  switch (op) {
    case "eq":
      return shaped(eq(column, one()));
    case "neq":
      return shaped(ne(column, one()));
    case "lt":
      return shaped(lt(column, one()));
    case "le":
      return shaped(lte(column, one()));
    case "gt":
      return shaped(gt(column, one()));
    case "ge":
      return shaped(gte(column, one()));
    case "cs":
      return shaped(
        ilike(
          matched,
          pattern((v) => `%${v}%`),
        ),
      );
    case "sw":
      return shaped(
        ilike(
          matched,
          pattern((v) => `${v}%`),
        ),
      );
    case "ew":
      return shaped(
        ilike(
          matched,
          pattern((v) => `%${v}`),
        ),
      );
    case "bt": {
      if (rest.length !== 2) throw badRequest("bt needs two values: field,bt,a,b", { filter: "bt needs two values" });
      const [from, to] = [coerceValue(column, field, rest[0] ?? ""), coerceValue(column, field, rest[1] ?? "")];
      return shaped(between(column, bind(from), bind(to)), 2);
    }
    case "in": {
      if (!rest.length || rest.length > MAX_IN_VALUES) throw badRequest(`in needs 1 to ${MAX_IN_VALUES} values`, { filter: "Bad list" });
      const values = rest.map((v) => bind(coerceValue(column, field, v)) as string);
      return shaped(inArray(column, values), values.length);
    }
    case "is": {
      if (value === "" || value === "null") return { where: isNull(column), shape: `${field} is null` };
      if (value === "notnull" || value === "not_null") return { where: isNotNull(column), shape: `${field} is notnull` };
      throw badRequest("is takes null or notnull", { filter: "is takes null or notnull" });
    }
  }
}

/**
 * The filters ANDed together (undefined for none), their shapes joined for a prepared query's key,
 * and whether any is a text pattern (cs, sw, ew): how selective a pattern is depends on its value,
 * so such a query is best planned with the value in hand.
 */
export function parseFilters(
  filters: readonly string[],
  readable: ReadonlyMap<string, PgColumn>,
  bind: Bind = asValue,
  match: PatternMatch = {},
): { where: SQL | undefined; shape: string; patterns: boolean } {
  if (filters.length > MAX_FILTERS) throw badRequest(`At most ${MAX_FILTERS} filters`, { filter: "Too many filters" });
  const parsed = filters.map((f) => parseFilter(f, readable, bind, match));
  return {
    where: parsed.length ? and(...parsed.map((p) => p.where)) : undefined,
    shape: parsed.map((p) => p.shape).join("; "),
    patterns: parsed.some((p) => p.pattern),
  };
}

/**
 * A `Bind` that puts each value in a named placeholder (f0, f1, …) and keeps the values to run the
 * prepared query with. Dates go in as ISO text, as the columns themselves would send them.
 */
export function placeholders(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  let next = 0;
  return {
    values,
    bind: (value) => {
      const name = `f${next++}`;
      values[name] = value instanceof Date ? value.toISOString() : value;
      return sql.placeholder(name);
    },
  };
}

/** Equality conditions given as an object (`updateCondition`, legacy `where`/`payload`). */
export function parseConditionObject(condition: Record<string, unknown>, readable: ReadonlyMap<string, PgColumn>): SQL | undefined {
  const parts: SQL[] = [];
  for (const [field, value] of Object.entries(condition)) {
    const column = readable.get(field);
    if (!column) throw badRequest(`Unknown field in condition: ${shown(field)}`, { [shown(field)]: "Unknown field" });
    if (value === null) parts.push(isNull(column));
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      parts.push(eq(column, coerceValue(column, field, String(value))));
    else throw badRequest(`Condition on ${field} must be a single value`, { [field]: "Must be a single value" });
  }
  if (parts.length > MAX_FILTERS) throw badRequest(`At most ${MAX_FILTERS} conditions`, { where: "Too many conditions" });
  return parts.length ? and(...parts) : undefined;
}
