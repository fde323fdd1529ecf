import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { coachProfiles } from "../../db/schema/coaching.ts";
import { schedule } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { containsPattern } from "../../lib/like.ts";

export type CoachRow = typeof coachProfiles.$inferSelect;
export type ScheduleRow = typeof schedule.$inferSelect;

const coachUser = alias(users, "coach_user");

/** A booking with both people's names and the coach's meeting place and time zone. */
const bookingColumns = {
  row: schedule,
  candidateFirst: users.firstName,
  candidateLast: users.lastName,
  candidateEmail: users.email,
  coachFirst: coachUser.firstName,
  coachLast: coachUser.lastName,
  coachEmail: coachUser.email,
  meetingLink: coachProfiles.meetingLink,
  meetingPlace: coachProfiles.meetingPlace,
  cancelNoticeHours: coachProfiles.cancelNoticeHours,
  rescheduleNoticeHours: coachProfiles.rescheduleNoticeHours,
  coachTimeZone: coachProfiles.timeZone,
};
export type BookingRow = {
  row: ScheduleRow;
  candidateFirst: string;
  candidateLast: string;
  candidateEmail: string;
  coachFirst: string | null;
  coachLast: string | null;
  coachEmail: string | null;
  meetingLink: string | null;
  meetingPlace: string | null;
  cancelNoticeHours: number | null;
  rescheduleNoticeHours: number | null;
  coachTimeZone: string | null;
};

const bookings = (db: Db) =>
  db
    .select(bookingColumns)
    .from(schedule)
    .innerJoin(users, eq(users.id, schedule.userId))
    .leftJoin(coachUser, eq(coachUser.id, schedule.coachId))
    .leftJoin(coachProfiles, eq(coachProfiles.userId, schedule.coachId));

export async function listActiveCoaches(db: Db) {
  return db
    .select({ profile: coachProfiles, firstName: users.firstName, lastName: users.lastName })
    .from(coachProfiles)
    .innerJoin(users, eq(users.id, coachProfiles.userId))
    .where(and(eq(coachProfiles.isActive, true), eq(users.status, "active"), eq(users.role, "admin")))
    .orderBy(asc(users.firstName), asc(users.id));
}

export async function findCoach(db: Db, userId: number, lock = false): Promise<CoachRow | undefined> {
  const q = db.select().from(coachProfiles).where(eq(coachProfiles.userId, userId));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function upsertCoach(db: Db, userId: number, values: Omit<typeof coachProfiles.$inferInsert, "userId">) {
  await db
    .insert(coachProfiles)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: coachProfiles.userId, set: { ...values, updatedAt: new Date() } });
}

/** The booked sessions of these coaches that touch [from, to), except `exceptId`. */
export async function bookedBetween(db: Db, coachIds: readonly number[], from: Date, to: Date, exceptId?: number) {
  if (coachIds.length === 0) return [];
  return db
    .select({
      id: schedule.id,
      coachId: schedule.coachId,
      start: schedule.meetingStart,
      blockedStart: schedule.blockedStart,
      blockedEnd: schedule.blockedEnd,
    })
    .from(schedule)
    .where(
      and(
        inArray(schedule.coachId, [...coachIds]),
        eq(schedule.status, "booked"),
        lt(schedule.meetingStart, to),
        gt(schedule.meetingEnd, from),
        exceptId ? sql`${schedule.id} <> ${exceptId}` : undefined,
      ),
    );
}

/** Serialises one person's bookings (credits are counted, then spent). */
export async function lockUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email, firstName: users.firstName, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

export async function findUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function countCreditsUsed(db: Db, userId: number, month: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schedule)
    .where(and(eq(schedule.userId, userId), eq(schedule.status, "booked"), eq(schedule.creditMonth, month)));
  return row?.n ?? 0;
}

/** The candidate's own booked sessions overlapping [start, end), except `exceptId`. */
export async function candidateOverlaps(db: Db, userId: number, start: Date, end: Date, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: schedule.id })
    .from(schedule)
    .where(
      and(
        eq(schedule.userId, userId),
        eq(schedule.status, "booked"),
        lt(schedule.meetingStart, end),
        gt(schedule.meetingEnd, start),
        exceptId ? sql`${schedule.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertBooking(db: Db, values: typeof schedule.$inferInsert): Promise<ScheduleRow> {
  const [row] = await db.insert(schedule).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateBooking(db: Db, id: number, set: Partial<typeof schedule.$inferInsert>) {
  await db
    .update(schedule)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(schedule.id, id));
}

export async function findBooking(db: Db, id: number, lock = false): Promise<BookingRow | undefined> {
  if (lock) await db.select({ id: schedule.id }).from(schedule).where(eq(schedule.id, id)).for("update");
  const [row] = await bookings(db).where(eq(schedule.id, id));
  return row;
}

export async function listBookingsOf(db: Db, userId: number, limit = 100) {
  return bookings(db)
    .where(and(eq(schedule.userId, userId), sql`${schedule.coachId} IS NOT NULL`))
    .orderBy(desc(schedule.meetingStart))
    .limit(limit);
}

export async function listCoachBookings(db: Db, coachId: number, from: Date, to: Date) {
  return bookings(db)
    .where(and(eq(schedule.coachId, coachId), gte(schedule.meetingStart, from), lt(schedule.meetingStart, to)))
    .orderBy(asc(schedule.meetingStart));
}

export async function listAllBookings(
  db: Db,
  f: {
    coachId?: number;
    userId?: number;
    status?: "booked" | "cancelled";
    when?: "upcoming" | "past";
    q?: string;
    now: Date;
    sort: "id" | "meeting_start" | "created_at";
    direction: "asc" | "desc";
    limit: number;
    offset: number;
  },
) {
  const conditions: (SQL | undefined)[] = [
    sql`${schedule.coachId} IS NOT NULL`,
    f.coachId ? eq(schedule.coachId, f.coachId) : undefined,
    f.userId ? eq(schedule.userId, f.userId) : undefined,
    f.status ? eq(schedule.status, f.status) : undefined,
    f.when === "upcoming" ? gte(schedule.meetingStart, f.now) : f.when === "past" ? lt(schedule.meetingStart, f.now) : undefined,
    f.q
      ? or(
          ilike(users.email, containsPattern(f.q)),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containsPattern(f.q)),
          ilike(sql`${coachUser.firstName} || ' ' || ${coachUser.lastName}`, containsPattern(f.q)),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const column = { id: schedule.id, meeting_start: schedule.meetingStart, created_at: schedule.createdAt }[f.sort];
  const [rows, [total]] = await Promise.all([
    bookings(db)
      .where(where)
      .orderBy(f.direction === "asc" ? asc(column) : desc(column), desc(schedule.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(schedule)
      .innerJoin(users, eq(users.id, schedule.userId))
      .leftJoin(coachUser, eq(coachUser.id, schedule.coachId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countUpcoming(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schedule)
    .where(and(eq(schedule.status, "booked"), gte(schedule.meetingStart, now)));
  return row?.n ?? 0;
}

export async function lastBookedBefore(db: Db, coachId: number, until: Date) {
  return db
    .select({ start: schedule.meetingStart })
    .from(schedule)
    .where(and(eq(schedule.coachId, coachId), eq(schedule.status, "booked"), lte(schedule.meetingStart, until)));
}

export async function countCoaches(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(coachProfiles);
  return row?.n ?? 0;
}
