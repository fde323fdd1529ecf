import { and, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox, emailTemplates } from "../../db/schema/accounts.ts";

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type TemplateRow = typeof emailTemplates.$inferSelect;

export async function findTemplate(db: Db, slug: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.slug, slug));
  return row;
}

export async function insertOutbox(db: Db, values: typeof emailOutbox.$inferInsert): Promise<OutboxRow> {
  const [row] = await db.insert(emailOutbox).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/**
 * Claims due mails for one delivery pass: SKIP LOCKED keeps instances apart, and the lease
 * (next_attempt_at moved ahead) keeps a claimed row from being claimed again while it is sent
 * outside the transaction.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, new Date())))
      .orderBy(emailOutbox.id)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(Date.now() + leaseSeconds * 1000),
      })
      .where(
        inArray(
          emailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db.update(emailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, id));
}

export async function markFailedAttempt(db: Db, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(emailOutbox)
    .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, status: "failed" })
    .where(eq(emailOutbox.id, id));
}

export async function listOutbox(db: Db, opts: { to?: string; limit: number }): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(opts.to ? sql`lower(${emailOutbox.to}) = ${opts.to.toLowerCase()}` : undefined)
    .orderBy(desc(emailOutbox.id))
    .limit(opts.limit);
}

export async function findTemplateById(db: Db, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  return row;
}

/** Puts a failed or queued mail back at the front of the queue; false when there is no such mail. */
export async function requeue(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: "queued", attempts: 0, lastError: null, nextAttemptAt: new Date() })
    .where(and(eq(emailOutbox.id, id), or(eq(emailOutbox.status, "failed"), eq(emailOutbox.status, "queued"))))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

export async function findOutboxStatus(db: Db, id: number): Promise<OutboxRow["status"] | undefined> {
  const [row] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return row?.status;
}

export async function deleteQueued(db: Db, id: number): Promise<void> {
  await db.delete(emailOutbox).where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "queued")));
}
