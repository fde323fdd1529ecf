import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adminInvitations, users } from "../../db/schema/users.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function updateUser(db: Db, id: number, values: Partial<NewUser>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Revokes every token of the user. */
export async function bumpTokenVersion(db: Db, id: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Marks an unused, unexpired invitation for this email as used; true when one was. */
export async function consumeAdminInvitation(db: Db, tokenHash: string, email: string): Promise<boolean> {
  const rows = await db
    .update(adminInvitations)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(adminInvitations.tokenHash, tokenHash),
        isNull(adminInvitations.usedAt),
        gt(adminInvitations.expiresAt, new Date()),
        sql`lower(${adminInvitations.email}) = ${email.toLowerCase()}`,
      ),
    )
    .returning({ id: adminInvitations.id });
  return rows.length === 1;
}

/** Serialises first-admin registration on PostgreSQL; PGlite runs one transaction at a time anyway. */
export async function lockAdminRegistration(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727274002)`);
}
