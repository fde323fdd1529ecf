import type { ListQuery } from "@academy/contract/payments";
import { type AnyColumn, and, asc, type Column, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { containsPattern } from "../../lib/like.ts";

// Paging and searching, shared by every payment list.

export type Paging = { offset: number; limit: number | null };

/** How a list is cut: which page, in what order (the id last, so pages never overlap). */
export type ListCut = { paging: Paging; order: SQL[] };

/** Case-insensitive "contains" over any of `columns`; the text is matched literally. */
export function searchAny(text: string | undefined, ...columns: Column[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** One page of a dynamic select (every row for `limit: null`). */
export function page<T extends PgSelect>(q: T, paging: Paging) {
  const from = q.offset(paging.offset);
  return paging.limit === null ? from : from.limit(paging.limit);
}

export function paging(q: ListQuery): Paging {
  return q.limit === "all" ? { offset: 0, limit: null } : { offset: (q.page - 1) * q.limit, limit: q.limit };
}

/**
 * Whose payment rows a list shows: a candidate's own (userId given), staff everything. This is the
 * one owner rule of the payment mirror's tables. They are INTERNAL_TABLES in records/rules.ts
 * (the records API never serves them) because every change to them must come from the card
 * provider, so the rule cannot live there; it lives here, next to the calls that serve them.
 */
export function userFilter(userId: number | undefined, column: Parameters<typeof eq>[0], extra?: SQL): SQL | undefined {
  return and(userId === undefined ? undefined : eq(column, userId), extra);
}

export const optionalEq = (column: AnyColumn, value: string | number | undefined) => (value === undefined ? undefined : eq(column, value));

/** The order of an admin list: the chosen column (from the list's allowlist), else the list's default. */
export function cutOf<K extends string>(
  q: ListQuery & { sort?: K; direction: "asc" | "desc" },
  columns: Record<K, AnyColumn>,
  fallback: SQL[] = [],
): ListCut {
  const order = q.sort ? [q.direction === "asc" ? asc(columns[q.sort]) : desc(columns[q.sort])] : fallback;
  return { paging: paging(q), order };
}
