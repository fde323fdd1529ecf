import { and, asc, count, desc, eq, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { activityLog } from "../../db/schema/activity.ts";
import { users } from "../../db/schema/users.ts";

export type ActivityRow = typeof activityLog.$inferSelect;
export type NewActivity = Omit<typeof activityLog.$inferInsert, "id" | "at" | "actorEmail">;

/** The log's retention pass holds this (transaction-scoped) so one instance at a time deletes. */
const RETENTION_LOCK = 727_274_025;

/** Writes one entry; the actor's email is read in the same statement, so the entry names them even after they go. */
export async function insertEntry(db: Db, values: NewActivity): Promise<void> {
  await db.insert(activityLog).values({
    ...values,
    actorEmail: sql`coalesce((SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${values.actorId}), 'unknown')`,
  });
}

export type ActivityFilter = {
  actorId?: number;
  subjectUserId?: number;
  kind?: string;
  recordTable?: string;
  recordId?: number;
  from?: Date;
  to?: Date;
};

function whereOf(f: ActivityFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.actorId !== undefined) c.push(eq(activityLog.actorId, f.actorId));
  if (f.subjectUserId !== undefined) c.push(eq(activityLog.subjectUserId, f.subjectUserId));
  if (f.kind !== undefined) c.push(eq(activityLog.kind, f.kind));
  if (f.recordTable !== undefined) c.push(eq(activityLog.recordTable, f.recordTable));
  if (f.recordId !== undefined) c.push(eq(activityLog.recordId, f.recordId));
  if (f.from) c.push(gte(activityLog.at, f.from));
  if (f.to) c.push(lte(activityLog.at, f.to));
  return c.length ? and(...c) : undefined;
}

const withActor = {
  entry: activityLog,
  actorName: sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

export async function listEntries(db: Db, f: ActivityFilter, page: { limit: number; offset: number; direction: "asc" | "desc" }) {
  const where = whereOf(f);
  const order = page.direction === "asc" ? [asc(activityLog.at), asc(activityLog.id)] : [desc(activityLog.at), desc(activityLog.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(withActor)
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.actorId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(activityLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** What staff did to one account, newest first (the person's own page shows it, without names). */
export const listForSubject = (db: Db, userId: number, limit: number) =>
  db
    .select()
    .from(activityLog)
    .where(eq(activityLog.subjectUserId, userId))
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(limit);

/**
 * Deletes entries older than `cutoff`, `batch` at a time. One instance at a time: the others skip the
 * pass. Answers how many went, or null when another instance held the lock.
 */
export async function pruneBefore(db: Db, cutoff: Date, batch: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}) AS ok`)) as unknown as {
      rows: { ok: boolean }[];
    };
    if (!lock.rows[0]?.ok) return null;
    let deleted = 0;
    for (;;) {
      const old = tx.select({ id: activityLog.id }).from(activityLog).where(lt(activityLog.at, cutoff)).limit(batch);
      const gone = await tx.delete(activityLog).where(inArray(activityLog.id, old)).returning({ id: activityLog.id });
      deleted += gone.length;
      if (gone.length < batch) break;
    }
    return deleted;
  });
}
