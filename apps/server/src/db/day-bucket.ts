import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * The 1-based day of `column` among `starts` (the instants the grid's days begin). The array
 * goes as one text parameter, so the statement is the same for any number of days.
 */
export function dayBucket(column: SQLWrapper, starts: readonly Date[]): SQL<number> {
  const thresholds = `{${starts.map((d) => d.toISOString()).join(",")}}`;
  return sql<number>`width_bucket(${column}, ${thresholds}::timestamptz[])`.mapWith(Number);
}

/** The bucket expression carries a parameter, so grouping repeats it by position, not by text. */
export const FIRST_COLUMN = sql`1`;
