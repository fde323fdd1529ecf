import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/accounts.ts";
import { bookkeeping } from "../../db/write-ledger.ts";
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
  const [row] = await bookkeeping(() =>
    db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: start, count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count }),
  );
  if ((row?.count ?? 0) > limit.max) throw tooManyRequests(retryAfter);
}

export type Reservation = { key: string; windowStart: Date };

/**
 * Takes one of the window's `max` slots in a single statement, before the work it guards (a
 * password hash, a code check): concurrent callers cannot all pass a check made before any of
 * them counted. 429 when the window is full. `release` gives the slot back (the attempt succeeded).
 */
export async function reserve(db: Db, limit: Limit): Promise<Reservation> {
  const { start, retryAfter } = windowOf(limit.windowSeconds, Date.now());
  const rows = await bookkeeping(() =>
    db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
        setWhere: sql`${rateLimits.count} < ${limit.max}`,
      })
      .returning({ count: rateLimits.count }),
  );
  if (rows.length === 0 || (rows[0]?.count ?? 0) > limit.max) throw tooManyRequests(retryAfter);
  return { key: limit.key, windowStart: start };
}

/** Gives back a slot taken by `reserve`. */
export async function release(db: Db, reservation: Reservation): Promise<void> {
  await bookkeeping(() =>
    db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, reservation.key), eq(rateLimits.windowStart, reservation.windowStart))),
  );
}

/** Drops windows older than a day. */
export async function prune(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - 24 * 3600 * 1000)));
}
