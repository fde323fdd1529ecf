import type { AdminUserListQuery } from "@academy/contract/users";
import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";

const SORT_COLUMNS = {
  id: users.id,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  role: users.role,
  status: users.status,
  created_at: users.createdAt,
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUsers(db: Db, q: AdminUserListQuery) {
  const conditions: SQL[] = [];
  if (q.q) {
    const pattern = `%${escapeLike(q.q)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))!);
  }
  if (q.role) conditions.push(eq(users.role, q.role));
  if (q.status) conditions.push(eq(users.status, q.status));
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

export async function countActiveAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")));
  return row?.n ?? 0;
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length === 1;
}
