import { and, asc, desc, eq, getTableColumns, gt, ilike, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { chatMembers, chatMessages, chatRooms } from "../../db/schema/chat.ts";
import { schedule } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { containsPattern } from "../../lib/like.ts";

/** A message with its sender's name (messages of an inbox room may come from a third person). */
export type MessageRow = typeof chatMessages.$inferSelect & { senderName: string };
const senderName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
const messageColumns = { ...getTableColumns(chatMessages), senderName };
export type MemberRow = typeof chatMembers.$inferSelect;

export async function findUser(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email, firstName: users.firstName, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Whether the candidate ever booked the coach (a booked or cancelled session). */
export async function hasBooked(db: Db, candidateId: number, coachId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: schedule.id })
    .from(schedule)
    .where(and(eq(schedule.userId, candidateId), eq(schedule.coachId, coachId)))
    .limit(1);
  return Boolean(row);
}

export async function findRoomByPair(db: Db, low: number, high: number) {
  const [row] = await db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.lowUserId, low), eq(chatRooms.highUserId, high)));
  return row;
}

/** Inserts the room of a pair with both members; an existing room of the pair is answered as it is. */
export async function insertRoom(db: Db, low: number, high: number, createdBy: number): Promise<number> {
  const [row] = await db
    .insert(chatRooms)
    .values({ lowUserId: low, highUserId: high, createdBy })
    .onConflictDoNothing({ target: [chatRooms.lowUserId, chatRooms.highUserId] })
    .returning({ id: chatRooms.id });
  if (!row) return (await findRoomByPair(db, low, high))!.id;
  await db.insert(chatMembers).values([
    { roomId: row.id, userId: low },
    { roomId: row.id, userId: high },
  ]);
  return row.id;
}

export async function findMember(db: Db, roomId: number, userId: number, lock = false): Promise<MemberRow | undefined> {
  const q = db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function otherMember(db: Db, roomId: number, userId: number, lock = false): Promise<MemberRow | undefined> {
  const q = db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), ne(chatMembers.userId, userId)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function updateMember(db: Db, roomId: number, userId: number, set: Partial<MemberRow>): Promise<void> {
  await db
    .update(chatMembers)
    .set(set)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
}

/** Moves the member's read mark forward (never back) to the room's newest message; answers the mail to withdraw. */
export async function markRead(db: Db, roomId: number, userId: number): Promise<{ notifyMailId: number | null } | undefined> {
  const [before] = await db
    .select({ notifyMailId: chatMembers.notifyMailId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
  await db
    .update(chatMembers)
    .set({
      lastReadId: sql`greatest(${chatMembers.lastReadId}, coalesce((select max(${chatMessages.id}) from ${chatMessages} where ${chatMessages.roomId} = ${roomId}), 0))`,
      notifyMailId: null,
    })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
  return before;
}

const other = sql<number>`case when ${chatRooms.lowUserId} = ${chatMembers.userId} then ${chatRooms.highUserId} else ${chatRooms.lowUserId} end`;

const roomColumns = {
  roomId: chatRooms.id,
  lastMessageAt: chatRooms.lastMessageAt,
  otherId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  photo: users.photo,
  role: users.role,
  unread: sql<number>`(select count(*)::int from ${chatMessages} m where m.room_id = ${chatRooms.id} and m.id > ${chatMembers.lastReadId} and m.user_id <> ${chatMembers.userId})`,
  lastMessage: sql<
    string | null
  >`(select m.message from ${chatMessages} m where m.room_id = ${chatRooms.id} order by m.created_at desc, m.id desc limit 1)`,
  lastIsImage: sql<
    boolean | null
  >`(select m.is_image from ${chatMessages} m where m.room_id = ${chatRooms.id} order by m.created_at desc, m.id desc limit 1)`,
};
export type RoomRow = {
  roomId: number;
  lastMessageAt: Date | null;
  otherId: number;
  firstName: string;
  lastName: string;
  email: string;
  photo: string | null;
  role: "user" | "admin";
  unread: number;
  lastMessage: string | null;
  lastIsImage: boolean | null;
};

const roomsOf = (db: Db, userId: number, where?: SQL) =>
  db
    .select(roomColumns)
    .from(chatMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(chatMembers.userId, userId), where));

/** The user's rooms, unread first, then by newest message; `q` matches the other person's name or email. */
export async function listRooms(db: Db, userId: number, q?: string): Promise<RoomRow[]> {
  const search = q
    ? or(
        ilike(users.firstName, containsPattern(q)),
        ilike(users.lastName, containsPattern(q)),
        ilike(users.email, containsPattern(q)),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containsPattern(q)),
      )
    : undefined;
  const rows = await roomsOf(db, userId, search)
    .orderBy(sql`${roomColumns.unread} > 0 desc`, sql`${chatRooms.lastMessageAt} desc nulls last`, desc(chatRooms.id))
    .limit(500);
  return rows as RoomRow[];
}

export async function findRoom(db: Db, userId: number, roomId: number): Promise<RoomRow | undefined> {
  const [row] = await roomsOf(db, userId, eq(chatRooms.id, roomId));
  return row as RoomRow | undefined;
}

/** Unread messages over all the user's rooms. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chatMembers, and(eq(chatMembers.roomId, chatMessages.roomId), eq(chatMembers.userId, userId)))
    .where(and(gt(chatMessages.id, chatMembers.lastReadId), ne(chatMessages.userId, userId)));
  return row?.n ?? 0;
}

/** A page of a room's messages older than (`date`, `beforeId`), newest first; one more than `limit` tells whether more exist. */
export async function messagesBefore(db: Db, roomId: number, limit: number, before?: { date: Date; id?: number }): Promise<MessageRow[]> {
  const older = before
    ? before.id
      ? or(lt(chatMessages.createdAt, before.date), and(eq(chatMessages.createdAt, before.date), lt(chatMessages.id, before.id)))
      : lt(chatMessages.createdAt, before.date)
    : undefined;
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.roomId, roomId), older))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit + 1);
}

export async function insertMessage(
  db: Db,
  values: { roomId: number; userId: number; message: string; isImage: boolean },
): Promise<MessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  await db.update(chatRooms).set({ lastMessageAt: row!.createdAt }).where(eq(chatRooms.id, values.roomId));
  const [sender] = await db.select({ senderName }).from(users).where(eq(users.id, values.userId));
  return { ...row!, senderName: sender?.senderName ?? "" };
}

/** Messages to the user (sent by the other member of one of their rooms) with an id above `afterId`. */
export async function messagesToUserAfter(db: Db, userId: number, afterId: number, limit = 100): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(chatMembers, and(eq(chatMembers.roomId, chatMessages.roomId), eq(chatMembers.userId, userId)))
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(gt(chatMessages.id, afterId), ne(chatMessages.userId, userId)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
}

/** The newest message id in any of the user's rooms (0 when none). */
export async function lastMessageIdOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${chatMessages.id}), 0)::int` })
    .from(chatMessages)
    .innerJoin(chatMembers, and(eq(chatMembers.roomId, chatMessages.roomId), eq(chatMembers.userId, userId)));
  return row?.id ?? 0;
}
