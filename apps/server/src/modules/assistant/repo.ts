import { and, count, desc, eq, gte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type AssistantCitation, assistantMessages } from "../../db/schema/library.ts";

export type MessageRow = typeof assistantMessages.$inferSelect;

/** Key space of the per-person lock around taking a question's place in the day's quota (the second key is the user id). */
const ASKING_LOCK = 727_274_031;

/** Serialises one person's questions until the transaction ends, so the day's count and the place it allows are one step. */
export async function lockAsking(db: Db, userId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ASKING_LOCK}, ${userId})`);
}

/** A question's place in the day's quota, taken before it is answered. */
export async function insertPending(db: Db, userId: number, prompt: string, at: Date): Promise<number> {
  const [row] = await db
    .insert(assistantMessages)
    .values({ userId, prompt, answer: "", answered: "pending", answerer: "", createdAt: at })
    .returning({ id: assistantMessages.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** The answer to a question whose place was taken. */
export async function completeMessage(
  db: Db,
  id: number,
  values: { answer: string; citations: AssistantCitation[]; answered: boolean; answerer: string },
): Promise<MessageRow> {
  const [row] = await db
    .update(assistantMessages)
    .set({ ...values, answered: values.answered ? "yes" : "no" })
    .where(eq(assistantMessages.id, id))
    .returning();
  if (!row) throw new Error("the question's row is gone");
  return row;
}

/** Gives a place back when no answer could be made. */
export async function deletePending(db: Db, id: number) {
  await db.delete(assistantMessages).where(and(eq(assistantMessages.id, id), eq(assistantMessages.answered, "pending")));
}

export async function countMessagesSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assistantMessages)
    .where(and(eq(assistantMessages.userId, userId), gte(assistantMessages.createdAt, since)));
  return row?.n ?? 0;
}

export async function listMessages(db: Db, userId: number, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(assistantMessages)
    .where(and(eq(assistantMessages.userId, userId), ne(assistantMessages.answered, "pending")))
    .orderBy(desc(assistantMessages.id))
    .limit(limit);
  return rows.reverse();
}
