import { type SQL, sql } from "drizzle-orm";
import { rateLimits } from "./schema/accounts.ts";

/**
 * The statement that counts one attempt in a window and answers the window's count so far
 * (`count`): run alone, or as a CTE of a caller's own statement, so the count costs no round trip
 * of its own (an analytics batch is counted by the statement that stores it).
 */
export const countInWindowSql = (key: SQL, windowStart: SQL) =>
  sql`INSERT INTO ${rateLimits} (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = ${rateLimits.count} + 1 RETURNING count`;
