import type { StaffRole } from "@academy/contract/staff";
import { and, asc, type Column, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { chatMessages, chatRooms } from "../../db/schema/chat.ts";
import { users } from "../../db/schema/users.ts";
import { containsPattern } from "../../lib/like.ts";

// The shared inbox: rooms of a candidate (route role `user`) and a staff member (`admin`). A room
// of two staff members, or a pair that changed role since, is not in it.

const candidate = alias(users, "candidate");
const staffer = alias(users, "staffer");
const assignee = alias(users, "assignee");

const isMember = (person: { id: Column }) => or(eq(person.id, chatRooms.lowUserId), eq(person.id, chatRooms.highUserId));
const fullName = (person: { firstName: Column; lastName: Column }) => sql<string>`trim(${person.firstName} || ' ' || ${person.lastName})`;

/** The newest message of the room: one index lookup each (chat_message_room_time_idx). */
const newest = <T>(column: SQL) =>
  sql<T>`(select ${column} from ${chatMessages} m where m.room_id = ${chatRooms.id} order by m.created_at desc, m.id desc limit 1)`;

const columns = {
  roomId: chatRooms.id,
  lastMessageAt: chatRooms.lastMessageAt,
  assigneeId: chatRooms.assigneeId,
  assignedAt: chatRooms.assignedAt,
  candidateId: candidate.id,
  candidateName: fullName(candidate),
  candidateEmail: candidate.email,
  staffId: staffer.id,
  staffName: fullName(staffer),
  staffEmail: staffer.email,
  staffRole: staffer.staffRole,
  assigneeName: sql<string | null>`trim(${assignee.firstName} || ' ' || ${assignee.lastName})`,
  assigneeEmail: assignee.email,
  lastMessage: newest<string | null>(sql`m.message`),
  lastIsImage: newest<boolean | null>(sql`m.is_image`),
  lastSenderId: newest<number | null>(sql`m.user_id`),
};
export type InboxRow = {
  roomId: number;
  lastMessageAt: Date | null;
  assigneeId: number | null;
  assignedAt: Date | null;
  candidateId: number;
  candidateName: string;
  candidateEmail: string;
  staffId: number;
  staffName: string;
  staffEmail: string;
  staffRole: StaffRole | null;
  assigneeName: string | null;
  assigneeEmail: string | null;
  lastMessage: string | null;
  lastIsImage: boolean | null;
  lastSenderId: number | null;
};

export type InboxFilter = { assigneeId?: number; isUnassigned?: boolean; q?: string };

function whereOf(f: InboxFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (f.assigneeId !== undefined) c.push(eq(chatRooms.assigneeId, f.assigneeId));
  if (f.isUnassigned) c.push(isNull(chatRooms.assigneeId));
  if (f.q) {
    const p = containsPattern(f.q);
    c.push(or(ilike(fullName(candidate), p), ilike(candidate.email, p), ilike(fullName(staffer), p), ilike(staffer.email, p)));
  }
  return c.length ? and(...c) : undefined;
}

const isCandidate = and(isMember(candidate), eq(candidate.role, "user"));
const isStaffer = and(isMember(staffer), eq(staffer.role, "admin"));

const inboxRooms = (db: Db) =>
  db
    .select(columns)
    .from(chatRooms)
    .innerJoin(candidate, isCandidate)
    .innerJoin(staffer, isStaffer)
    .leftJoin(assignee, eq(assignee.id, chatRooms.assigneeId));

const countInboxRooms = async (db: Db, where: SQL | undefined): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(chatRooms)
    .innerJoin(candidate, isCandidate)
    .innerJoin(staffer, isStaffer)
    .where(where);
  return row?.n ?? 0;
};

/** A page of the inbox: unassigned first, then by latest message (newest first), with the total. */
export async function listInbox(db: Db, f: InboxFilter, page: { limit: number; offset: number }) {
  const where = whereOf(f);
  const [rows, total] = await Promise.all([
    inboxRooms(db)
      .where(where)
      .orderBy(sql`${chatRooms.assigneeId} is null desc`, sql`${chatRooms.lastMessageAt} desc nulls last`, desc(chatRooms.id))
      .limit(page.limit)
      .offset(page.offset),
    countInboxRooms(db, where),
  ]);
  return { rows: rows as InboxRow[], total };
}

/** One inbox conversation; `lock` holds the room for an assignment in this transaction. */
export async function findInboxRoom(db: Db, roomId: number, lock = false): Promise<InboxRow | undefined> {
  if (lock) await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, roomId)).for("update");
  const [row] = await inboxRooms(db).where(eq(chatRooms.id, roomId));
  return row as InboxRow | undefined;
}

export async function roomExists(db: Db, roomId: number): Promise<boolean> {
  const [row] = await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, roomId));
  return Boolean(row);
}

export async function setAssignee(db: Db, roomId: number, assigneeId: number | null): Promise<void> {
  await db
    .update(chatRooms)
    .set({ assigneeId, assignedAt: assigneeId === null ? null : sql`now()` })
    .where(eq(chatRooms.id, roomId));
}

/** Conversations assigned to the person whose newest message is the candidate's (waiting for an answer). */
export const countWaitingFor = (db: Db, assigneeId: number) =>
  countInboxRooms(db, and(eq(chatRooms.assigneeId, assigneeId), eq(columns.lastSenderId, candidate.id)));

export async function findPerson(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, staffRole: users.staffRole, status: users.status, name: fullName(users), email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Active staff of the given staff roles, by name. */
export async function listStaffOf(db: Db, roles: readonly StaffRole[]) {
  if (!roles.length) return [];
  return db
    .select({ id: users.id, name: fullName(users), email: users.email, staffRole: users.staffRole })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active"), inArray(users.staffRole, [...roles])))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(500);
}
