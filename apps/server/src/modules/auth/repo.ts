import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { authTokens, oauthRequests, preferences, twoFactorState } from "../../db/schema/accounts.ts";
import { appSecrets } from "../../db/schema/system.ts";
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

/** Keeps the time of a sign-in that gave the account a session. */
export async function recordSignIn(db: Db, id: number): Promise<void> {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, id));
}

/** Revokes every token of the user. */
export async function bumpTokenVersion(db: Db, id: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Marks an unused, unexpired invitation for this email as used; the staff role it gives, or null when there was none. */
export async function consumeAdminInvitation(db: Db, tokenHash: string, email: string): Promise<UserRow["staffRole"]> {
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
    .returning({ staffRole: adminInvitations.staffRole });
  return rows.length === 1 ? (rows[0]?.staffRole ?? null) : null;
}

/** Serialises first-admin registration on PostgreSQL; PGlite runs one transaction at a time anyway. */
export async function lockAdminRegistration(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727274002)`);
}

export type AuthTokenRow = typeof authTokens.$inferSelect;
export type AuthTokenKind = AuthTokenRow["kind"];

export async function insertAuthToken(db: Db, values: typeof authTokens.$inferInsert): Promise<AuthTokenRow> {
  const [row] = await db.insert(authTokens).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** An unused, unexpired token of this kind, or undefined. */
export async function findLiveAuthToken(db: Db, tokenHash: string, kind: AuthTokenKind): Promise<AuthTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())),
    );
  return row;
}

/** Marks a live token used; true only for the one caller that did (single use under races). */
export async function useAuthToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

/** Counts a wrong code against the token; at `max` the token is used up. Answers the new count. */
export async function failAuthToken(db: Db, id: number, max: number): Promise<number> {
  const [row] = await db
    .update(authTokens)
    .set({
      failures: sql`${authTokens.failures} + 1`,
      usedAt: sql`CASE WHEN ${authTokens.failures} + 1 >= ${max} THEN now() ELSE ${authTokens.usedAt} END`,
    })
    .where(eq(authTokens.id, id))
    .returning({ failures: authTokens.failures });
  return row?.failures ?? max;
}

/** Voids every live token of a kind for the user (a new reset link replaces older ones). */
export async function voidAuthTokens(db: Db, userId: number, kind: AuthTokenKind): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

/**
 * Records the TOTP step just accepted, only if it is later than the last one: true when it was,
 * so each code (and any older one) is accepted once, even under concurrent requests.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .insert(twoFactorState)
    .values({ userId, lastTimeStep: step })
    .onConflictDoUpdate({
      target: twoFactorState.userId,
      set: { lastTimeStep: step, updatedAt: new Date() },
      setWhere: sql`${twoFactorState.lastTimeStep} IS NULL OR ${twoFactorState.lastTimeStep} < ${step}`,
    })
    .returning({ userId: twoFactorState.userId });
  return rows.length === 1;
}

export async function lastTotpStep(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ step: twoFactorState.lastTimeStep }).from(twoFactorState).where(eq(twoFactorState.userId, userId));
  return row?.step ?? undefined;
}

export async function getPreferences(db: Db, userId: number): Promise<Record<string, string | number | boolean | null>> {
  const [row] = await db.select({ payload: preferences.payload }).from(preferences).where(eq(preferences.userId, userId));
  return row?.payload ?? {};
}

export async function setPreferences(db: Db, userId: number, payload: Record<string, string | number | boolean | null>): Promise<void> {
  await db
    .insert(preferences)
    .values({ userId, payload })
    .onConflictDoUpdate({ target: preferences.userId, set: { payload, updatedAt: new Date() } });
}

export async function insertAdminInvitation(db: Db, values: typeof adminInvitations.$inferInsert): Promise<void> {
  await db.insert(adminInvitations).values(values);
}

export async function insertOAuthRequest(db: Db, values: typeof oauthRequests.$inferInsert): Promise<void> {
  await db.insert(oauthRequests).values(values);
}

/** Uses up a live sign-in request of the provider with this state; undefined when there is none. */
export async function claimOAuthRequest(db: Db, provider: string, stateHash: string) {
  const [row] = await db
    .update(oauthRequests)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oauthRequests.stateHash, stateHash),
        eq(oauthRequests.provider, provider),
        isNull(oauthRequests.usedAt),
        gt(oauthRequests.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

/** Deletes one-time tokens and provider sign-in requests that expired more than a day ago. */
export async function deleteStaleTokens(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
  await db.delete(authTokens).where(or(lt(authTokens.expiresAt, dayAgo), lt(authTokens.usedAt, dayAgo)));
  await db.delete(oauthRequests).where(lt(oauthRequests.expiresAt, dayAgo));
}

/** Keeps `value` under `name` unless a secret of that name is kept already; answers the kept one. */
export async function keepSecretOnce(db: Db, name: string, value: string): Promise<string | undefined> {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
}
