import { and, eq, gt, gte, isNotNull, isNull, like, lt, lte, ne, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { badRequest } from "../../lib/http-error.ts";
import { coerceValue, shown } from "./filters.ts";

/**
 * The legacy join calls send select lists and where clauses as text. They are parsed here
 * against the tables of the call (each with the columns the caller may read); anything outside
 * this grammar answers 400, and values become bound parameters:
 *
 *   select := item ("," item)*        item  := ref [["as"] alias]
 *   ref    := table ".*" | "*" | table "." column | column
 *   where  := [table "."] column op value
 *   op     := "=" | "!=" | "<>" | "<" | "<=" | ">" | ">=" | "like" | "is" | "is not"
 *   value  := integer | 'text' (with '' for a quote) | true | false | null (with is / is not)
 */
export type Scope = ReadonlyMap<string, ReadonlyMap<string, PgColumn>>;

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/i;
const MAX_ITEMS = 50;

function resolve(scope: Scope, table: string | undefined, column: string): PgColumn {
  if (table !== undefined) {
    const found = scope.get(table)?.get(column);
    if (!found) throw badRequest(`Unknown column: ${shown(table)}.${shown(column)}`);
    return found;
  }
  const matches = [...scope.values()].map((c) => c.get(column)).filter((c): c is PgColumn => c !== undefined);
  if (matches.length !== 1) throw badRequest(matches.length ? `Ambiguous column: ${column}` : `Unknown column: ${shown(column)}`);
  return matches[0] as PgColumn;
}

/** Output name → column; on a repeated name the first wins. */
export function parseSelect(text: string | undefined, scope: Scope): Record<string, PgColumn> {
  const out: Record<string, PgColumn> = {};
  const add = (name: string, column: PgColumn) => {
    if (!Object.hasOwn(out, name)) out[name] = column;
  };
  const items = text === undefined || text.trim() === "" ? ["*"] : text.split(",");
  if (items.length > MAX_ITEMS) throw badRequest(`At most ${MAX_ITEMS} selected columns`);
  for (const item of items) {
    const m = /^\s*(?:([a-z_]\w*)\.)?(\*|[a-z_]\w*)(?:\s+(?:as\s+)?([a-z_]\w*))?\s*$/i.exec(item);
    if (!m) throw badRequest("Cannot read select item: expected table.column, table.* or column, with an optional alias");
    const [, table, column = "", alias] = m;
    if (alias !== undefined && !IDENT.test(alias)) throw badRequest(`Bad alias: ${shown(alias)}`);
    if (column === "*") {
      if (alias) throw badRequest("A * cannot have an alias");
      const tables = table === undefined ? [...scope.keys()] : [table];
      for (const t of tables) {
        const columns = scope.get(t);
        if (!columns) throw badRequest(`Unknown table: ${shown(t)}`);
        for (const [name, c] of columns) add(name, c);
      }
      continue;
    }
    add(alias ?? column, resolve(scope, table, column));
  }
  return out;
}

function parseValue(text: string): string | number | boolean | null {
  if (/^-?\d{1,10}$/.test(text)) return text;
  if (/^'(?:[^']|'')*'$/.test(text)) return text.slice(1, -1).replaceAll("''", "'");
  if (/^(true|false)$/i.test(text)) return text.toLowerCase();
  if (/^null$/i.test(text)) return null;
  throw badRequest("Cannot read value: expected a number, 'text', true, false or null");
}

export function parseWhereClause(text: string, scope: Scope): SQL {
  const m = /^\s*(?:([a-z_]\w*)\.)?([a-z_]\w*)\s*(<=|>=|<>|!=|=|<|>|\s+like\s+|\s+is\s+not\s+|\s+is\s+)\s*(.*?)\s*$/is.exec(text);
  if (!m) throw badRequest("Cannot read condition: expected table.column op value");
  const [, table, field = "", rawOp = "", rawValue = ""] = m;
  const column = resolve(scope, table, field);
  const op = rawOp.trim().toLowerCase().replace(/\s+/g, " ");
  const value = parseValue(rawValue);
  if (op === "is" || op === "is not") {
    if (value !== null) throw badRequest("is / is not take null");
    return op === "is" ? isNull(column) : isNotNull(column);
  }
  if (value === null) throw badRequest("Compare with null using is / is not");
  const typed = coerceValue(column, field, String(value));
  switch (op) {
    case "=":
      return eq(column, typed);
    case "!=":
    case "<>":
      return ne(column, typed);
    case "<":
      return lt(column, typed);
    case "<=":
      return lte(column, typed);
    case ">":
      return gt(column, typed);
    case ">=":
      return gte(column, typed);
    default:
      if (column.dataType !== "string") throw badRequest("like needs a text column");
      return like(column, String(typed));
  }
}

export function parseWhere(where: string | readonly string[] | undefined, scope: Scope): SQL | undefined {
  const clauses = (where === undefined ? [] : typeof where === "string" ? [where] : [...where]).filter((w) => w.trim() !== "");
  if (clauses.length > 10) throw badRequest("At most 10 conditions");
  return clauses.length ? and(...clauses.map((c) => parseWhereClause(c, scope))) : undefined;
}

/** "a.col = b.col" of multi-join's joinIds. */
export function parseJoinPair(text: string): [string, string, string, string] {
  const m = /^\s*([a-z_]\w*)\.([a-z_]\w*)\s*=\s*([a-z_]\w*)\.([a-z_]\w*)\s*$/i.exec(text);
  if (!m) throw badRequest("Cannot read join: expected table.column = table.column");
  return [m[1] as string, m[2] as string, m[3] as string, m[4] as string];
}
