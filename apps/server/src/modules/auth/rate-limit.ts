import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/accounts.ts";
import { HttpError } from "../../lib/http-error.ts";

export type Limit = { key: string; max: number; windowSeconds: number };

const windowOf = (windowSeconds: number, now: number) => {
  const ms = windowSeconds * 1000;
  const start = Math.floor(now / ms) * ms;
  return { start: new Date(start), retryAfter: Math.max(1, Math.ceil((start + ms - now) / 1000)) };
};

export const tooManyRequests = (retryAfter: number) =>
  new HttpError(
    429,
    `Too many attempts. Try again in ${retryAfter < 120 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`}.`,
    {
      headers: { "retry-after": String(retryAfter) },
    },
  );

/** Counts one attempt in the limit's current window (shared across instances); 429 once over. */
export async function hit(db: Db, limit: Limit): Promise<void> {
  const now = Date.now();
  const { start, retryAfter } = windowOf(limit.windowSeconds, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 0) > limit.max) throw tooManyRequests(retryAfter);
}

/** 429 when the window already holds `max` counts; counts nothing itself. */
export async function ensureUnder(db: Db, limit: Limit): Promise<void> {
  const now = Date.now();
  const { start, retryAfter } = windowOf(limit.windowSeconds, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, start)));
  if ((row?.count ?? 0) >= limit.max) throw tooManyRequests(retryAfter);
}

/** Counts without checking (failures recorded after the fact). */
export async function record(db: Db, limit: Limit): Promise<void> {
  const { start } = windowOf(limit.windowSeconds, Date.now());
  await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } });
}

/** Drops windows older than a day. */
export async function prune(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - 24 * 3600 * 1000)));
}
