import { and, eq, lt, sql } from "drizzle-orm";
import { countInWindowSql } from "../../db/attempt-count.ts";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/accounts.ts";
import { bookkeeping } from "../../db/write-ledger.ts";

/** Counts one attempt in a window; answers the window's count so far. */
export async function countInWindow(db: Db, key: string, windowStart: Date): Promise<number> {
  const result = await bookkeeping(() => db.execute(countInWindowSql(sql`${key}`, sql`${windowStart.toISOString()}::timestamptz`)));
  const [row] = (result as unknown as { rows: { count: number }[] }).rows;
  return Number(row?.count ?? 0);
}

/** Counts one attempt only while the window holds fewer than `max`; answers the new count, or nothing when it was full. */
export async function countInWindowBelow(db: Db, key: string, windowStart: Date, max: number): Promise<number | undefined> {
  const rows = await bookkeeping(() =>
    db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
        setWhere: sql`${rateLimits.count} < ${max}`,
      })
      .returning({ count: rateLimits.count }),
  );
  return rows.length === 0 ? undefined : (rows[0]?.count ?? 0);
}

/** Takes one attempt back out of a window. */
export async function uncountInWindow(db: Db, key: string, windowStart: Date): Promise<void> {
  await bookkeeping(() =>
    db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart))),
  );
}

/** Drops windows that started before `before`. */
export async function deleteWindowsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
