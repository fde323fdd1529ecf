import type { AdminUserListQuery } from "@academy/contract/users";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { quizzes } from "../../db/schema/quiz.ts";
import { users } from "../../db/schema/users.ts";
import { containsPattern } from "../../lib/like.ts";

const SORT_COLUMNS = {
  id: users.id,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  role: users.role,
  status: users.status,
  created_at: users.createdAt,
} as const;

export async function listUsers(db: Db, q: AdminUserListQuery) {
  const conditions: SQL[] = [];
  if (q.q) {
    const pattern = containsPattern(q.q);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        // "Jamie Rivera" finds Jamie Rivera, as the chat's room search does.
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  if (q.role) conditions.push(eq(users.role, q.role));
  if (q.staff_role) conditions.push(eq(users.staffRole, q.staff_role));
  if (q.status) conditions.push(eq(users.status, q.status));
  if (q.email_verified) conditions.push(eq(users.emailVerified, q.email_verified === "true"));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = q.direction === "asc" ? asc(SORT_COLUMNS[q.sort]) : desc(SORT_COLUMNS[q.sort]);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(order, desc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Active administrators: the academy keeps at least one. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.staffRole, "administrator"), eq(users.status, "active")));
  return row?.n ?? 0;
}

export async function listActiveAdminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")));
  return rows.map((r) => r.email);
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length === 1;
}

// ---------- one person's activity, read from the quiz tables ----------

const FINISHED = ["submitted", "expired"] as const;

export async function quizStats(db: Db, userId: number) {
  const [row] = await db
    .select({
      taken: sql<number>`count(*) filter (where ${inArray(quizzes.status, [...FINISHED])})`.mapWith(Number),
      inProgress: sql<number>`count(*) filter (where ${eq(quizzes.status, "in_progress")})`.mapWith(Number),
      averageScore: sql<number | null>`avg(${quizzes.score}) filter (where ${inArray(quizzes.status, [...FINISHED])})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(quizzes)
    .where(eq(quizzes.userId, userId));
  return { taken: row?.taken ?? 0, inProgress: row?.inProgress ?? 0, averageScore: row?.averageScore ?? null };
}

export const recentQuizzes = (db: Db, userId: number, limit: number) =>
  db.select().from(quizzes).where(eq(quizzes.userId, userId)).orderBy(desc(quizzes.createdAt), desc(quizzes.id)).limit(limit);
