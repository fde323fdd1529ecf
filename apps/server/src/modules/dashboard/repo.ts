import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";

export async function countUsersByRole(db: Db): Promise<Record<"user" | "admin", number>> {
  const rows = await db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
  return { user: rows.find((r) => r.role === "user")?.n ?? 0, admin: rows.find((r) => r.role === "admin")?.n ?? 0 };
}

/** Candidate sign-ups per UTC day since `since`, only days that had any. */
export async function signupsPerDay(db: Db, since: Date): Promise<{ day: string; n: number }[]> {
  const day = sql<string>`to_char(date_trunc('day', ${users.createdAt} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({ day, n: count() })
    .from(users)
    .where(and(eq(users.role, "user"), gte(users.createdAt, since)))
    .groupBy(day);
}
