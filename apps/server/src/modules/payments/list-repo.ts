import { type Column, ilike, or, type SQL } from "drizzle-orm";
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
