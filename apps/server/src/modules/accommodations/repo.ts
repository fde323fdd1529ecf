import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accommodations } from "../../db/schema/accommodations.ts";
import { users } from "../../db/schema/users.ts";

export type AccommodationRow = typeof accommodations.$inferSelect;
export type AccommodationValues = Pick<AccommodationRow, "extraTimeFactor" | "breakMinutes" | "note" | "endsOn">;

/** The account an accommodation is for, locked until the transaction ends: one change at a time per candidate. */
export async function lockCandidate(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/** The account's time zone and its accommodation (none: undefined). */
export async function findWithTimeZone(db: Db, userId: number) {
  const [row] = await db
    .select({ accommodation: accommodations, timeZone: users.timeZone })
    .from(accommodations)
    .innerJoin(users, eq(users.id, accommodations.userId))
    .where(eq(accommodations.userId, userId));
  return row;
}

export async function findAccommodation(db: Db, userId: number): Promise<AccommodationRow | undefined> {
  const [row] = await db.select().from(accommodations).where(eq(accommodations.userId, userId));
  return row;
}

export async function upsertAccommodation(db: Db, userId: number, values: AccommodationValues, now: Date): Promise<AccommodationRow> {
  const [row] = await db
    .insert(accommodations)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: accommodations.userId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

export async function deleteAccommodation(db: Db, userId: number): Promise<boolean> {
  const rows = await db.delete(accommodations).where(eq(accommodations.userId, userId)).returning({ id: accommodations.userId });
  return rows.length === 1;
}
