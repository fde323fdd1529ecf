import type { Db } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import * as repo from "./rate-limit-repo.ts";

export type Limit = { key: string; max: number; windowSeconds: number };

/** The fixed window `now` falls in: when it started, and the seconds until the next one (a 429's Retry-After). */
export const windowOf = (windowSeconds: number, now: number) => {
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
  const count = await repo.countInWindow(db, limit.key, start);
  if (count > limit.max) throw tooManyRequests(retryAfter);
}

export type Reservation = { key: string; windowStart: Date };

/**
 * Takes one of the window's `max` slots in a single statement, before the work it guards (a
 * password hash, a code check): concurrent callers cannot all pass a check made before any of
 * them counted. 429 when the window is full. `release` gives the slot back (the attempt succeeded).
 */
export async function reserve(db: Db, limit: Limit): Promise<Reservation> {
  const { start, retryAfter } = windowOf(limit.windowSeconds, Date.now());
  const count = await repo.countInWindowBelow(db, limit.key, start, limit.max);
  if (count === undefined || count > limit.max) throw tooManyRequests(retryAfter);
  return { key: limit.key, windowStart: start };
}

/** Gives back a slot taken by `reserve`. */
export async function release(db: Db, reservation: Reservation): Promise<void> {
  await repo.uncountInWindow(db, reservation.key, reservation.windowStart);
}

/** Drops windows older than a day. */
export async function prune(db: Db): Promise<void> {
  await repo.deleteWindowsBefore(db, new Date(Date.now() - 24 * 3600 * 1000));
}
