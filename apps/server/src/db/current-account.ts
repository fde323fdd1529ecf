import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { authSessions } from "./schema/accounts.ts";
import { users } from "./schema/users.ts";

/**
 * Revocation: a token stands only while its account is active with the token's version, role and
 * staff role (a changed staff role ends the token at once, as a changed token version does).
 * The condition selects the account row; no row means the token is revoked. Its values are the
 * placeholders `account`, `tokenVersion`, `role`, `staffRole` ('' for none) and `session` (the
 * token's session, 0 for a token of none), so queries that use it can be prepared. A token of a
 * session stands only while that session is not signed out (decision 28).
 */
export const isCurrentAccount: SQL = and(
  eq(users.id, sql.placeholder("account")),
  eq(users.tokenVersion, sql.placeholder("tokenVersion")),
  eq(users.role, sql.placeholder("role")),
  sql`coalesce(${users.staffRole}, '') = ${sql.placeholder("staffRole")}`,
  eq(users.status, "active"),
  sql`(${sql.placeholder("session")}::int = 0 OR EXISTS (SELECT 1 FROM ${authSessions} WHERE ${authSessions.id} = ${sql.placeholder("session")}::int AND ${authSessions.userId} = ${users.id} AND ${authSessions.revokedAt} IS NULL))`,
) as SQL;

/** The placeholder values of `isCurrentAccount` for a token's claims. */
export const currentAccountValues = (claims: {
  userId: number;
  tokenVersion: number;
  role: string;
  staffRole?: string | null;
  sessionId?: number;
}) => ({
  account: claims.userId,
  tokenVersion: claims.tokenVersion,
  role: claims.role,
  staffRole: claims.staffRole ?? "",
  session: claims.sessionId ?? 0,
});

/** The account behind a token when it still stands: one statement every authenticated call runs, prepared once per connection. */
export const prepareCurrentAccount = (db: Db) =>
  db.select({ id: users.id, twoFactorEnabled: users.twoFactorEnabled }).from(users).where(isCurrentAccount).prepare("auth_current_account");
