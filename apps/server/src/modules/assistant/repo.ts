import { and, count, desc, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type AssistantCitation, assistantMessages } from "../../db/schema/library.ts";

export type MessageRow = typeof assistantMessages.$inferSelect;

export async function insertMessage(
  db: Db,
  values: { userId: number; prompt: string; answer: string; citations: AssistantCitation[]; answered: boolean; answerer: string },
): Promise<MessageRow> {
  const [row] = await db
    .insert(assistantMessages)
    .values({ ...values, answered: values.answered ? "yes" : "no" })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
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
    .where(eq(assistantMessages.userId, userId))
    .orderBy(desc(assistantMessages.id))
    .limit(limit);
  return rows.reverse();
}
