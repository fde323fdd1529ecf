import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { chatMembers, realtimeEvents, realtimePresence } from "../../db/schema/chat.ts";
import { users } from "../../db/schema/users.ts";

export type EventRow = typeof realtimeEvents.$inferSelect;

/** Marks `userId` present on `channel` until `until` (a heartbeat moves it on). */
export async function touchPresence(db: Db, channel: string, userId: number, until: Date): Promise<void> {
  await db
    .insert(realtimePresence)
    .values({ channel, userId, expiresAt: until })
    .onConflictDoUpdate({ target: [realtimePresence.channel, realtimePresence.userId], set: { expiresAt: until } });
}

export async function dropPresence(db: Db, channel: string, userId: number): Promise<void> {
  await db.delete(realtimePresence).where(and(eq(realtimePresence.channel, channel), eq(realtimePresence.userId, userId)));
}

/** Who is on a channel now (the expiry not passed), by name. */
export async function presentOn(db: Db, channel: string, now: Date) {
  return db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(realtimePresence)
    .innerJoin(users, eq(users.id, realtimePresence.userId))
    .where(and(eq(realtimePresence.channel, channel), gt(realtimePresence.expiresAt, now)))
    .orderBy(asc(users.id))
    .limit(500);
}

/** Which of `userIds` are present on their own user channel now. */
export async function onlineUsers(db: Db, userIds: number[], now: Date): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: realtimePresence.userId })
    .from(realtimePresence)
    .where(
      and(
        sql`${realtimePresence.channel} = 'user:' || ${realtimePresence.userId}::text`,
        sql`${realtimePresence.userId} = ANY(${sql.raw(`ARRAY[${userIds.map((id) => Number(id)).join(",")}]::int[]`)})`,
        gt(realtimePresence.expiresAt, now),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export async function isRoomMember(db: Db, roomId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ roomId: chatMembers.roomId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
  return Boolean(row);
}

export async function insertEvent(db: Db, values: { channel: string; userId: number; payload: string }): Promise<EventRow> {
  const [row] = await db.insert(realtimeEvents).values(values).returning();
  return row!;
}

export async function eventsAfter(db: Db, channel: string, afterId: number, limit = 100): Promise<EventRow[]> {
  return db
    .select()
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.channel, channel), gt(realtimeEvents.id, afterId)))
    .orderBy(asc(realtimeEvents.id))
    .limit(limit);
}

export async function lastEventId(db: Db, channel: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${realtimeEvents.id}), 0)::int` })
    .from(realtimeEvents)
    .where(eq(realtimeEvents.channel, channel));
  return row?.id ?? 0;
}

/** Drops channel events older than `before` and presence that ran out. */
export async function prune(db: Db, before: Date, now: Date): Promise<void> {
  await db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, before));
  await db.delete(realtimePresence).where(lt(realtimePresence.expiresAt, now));
}

/** NOTIFY through the pool (the listening connection is the bus's own), several payloads in one statement. */
export async function notify(db: Db, channel: string, payloads: string[]): Promise<void> {
  if (payloads.length === 0) return;
  const list = sql.join(
    payloads.map((p) => sql`(${p})`),
    sql`, `,
  );
  await db.execute(sql`select pg_notify(${channel}, p) from (values ${list}) as t(p)`);
}
