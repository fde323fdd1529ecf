import { and, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { authSessions } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";

export type SessionRow = typeof authSessions.$inferSelect;

export async function insertSession(db: Db, values: typeof authSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(authSessions).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The session whose current or previous refresh token has this hash. */
export async function findSessionByRefresh(db: Db, refreshHash: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(authSessions)
    .where(or(eq(authSessions.refreshHash, refreshHash), eq(authSessions.previousRefreshHash, refreshHash)))
    .limit(1);
  return row;
}

/**
 * Replaces the refresh token, only if it is still the one presented (two renewals with the same
 * token: one wins, the other finds nothing to replace). True when this call rotated it.
 */
export async function rotateRefresh(
  db: Db,
  id: number,
  presentedHash: string,
  next: { refreshHash: string; now: Date; idleExpiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({
      previousRefreshHash: presentedHash,
      refreshHash: next.refreshHash,
      rotatedAt: next.now,
      lastSeenAt: next.now,
      idleExpiresAt: next.idleExpiresAt,
    })
    .where(and(eq(authSessions.id, id), eq(authSessions.refreshHash, presentedHash), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.length > 0;
}

/** Signs sessions of an account out: one (`only`), or all but one (`except`), or every one. Answers how many. */
export async function revokeSessions(db: Db, userId: number, now: Date, which: { only?: number; except?: number } = {}): Promise<number> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        which.only !== undefined ? eq(authSessions.id, which.only) : undefined,
        which.except !== undefined ? ne(authSessions.id, which.except) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length;
}

/** An account's sessions that still stand at `now` (not signed out, renewed in time, of its current token version), latest first. */
export async function listLiveSessions(db: Db, userId: number, now: Date, openedAfter: Date): Promise<SessionRow[]> {
  return db
    .select({ session: authSessions })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.idleExpiresAt, now),
        gt(authSessions.createdAt, openedAfter),
        eq(authSessions.tokenVersion, users.tokenVersion),
      ),
    )
    .orderBy(desc(authSessions.lastSeenAt))
    .limit(100)
    .then((rows) => rows.map((r) => r.session));
}

/** Forgets an account's sessions that ended more than a day ago (kept small; the list never shows them). */
export async function pruneSessions(db: Db, userId: number, before: Date): Promise<void> {
  await db
    .delete(authSessions)
    .where(
      and(eq(authSessions.userId, userId), or(sql`${authSessions.revokedAt} < ${before}`, sql`${authSessions.idleExpiresAt} < ${before}`)),
    );
}
