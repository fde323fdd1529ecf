import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** A meeting as the records tests compare it: id, start (ISO), details. */
export type Meeting = { id: number; start: string; details: string };

/** A person's meetings read straight from the table, in start order then id (how their pages are ordered). */
export async function meetingsOf(db: Db, userId: number): Promise<Meeting[]> {
  const all = (await db.execute(
    sql`SELECT id, meeting_start AS start, meeting_details AS details FROM schedule WHERE user_id = ${userId}`,
  )) as unknown as { rows: { id: number; start: string | Date; details: string }[] };
  return all.rows
    .map((r) => ({ id: Number(r.id), start: new Date(r.start).toISOString(), details: r.details }))
    .sort((a, b) => (a.start === b.start ? a.id - b.id : a.start < b.start ? -1 : 1));
}
