import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";
import { prepareRead } from "./prepared-read.ts";
import { authSessions } from "./schema/accounts.ts";
import { users } from "./schema/users.ts";

/**
 * Revocation: a token stands only while its account is active with the token's version, role and
 * staff role (a changed staff role ends the token at once, as a changed token version does).
 * The condition selects the account row; no row means the token is revoked. Its values are the
 * placeholders `account`, `tokenVersion`, `role` and `staffRole` ('' for none), so queries that
 * use it can be prepared.
 */
const accountStands: SQL = and(
  eq(users.id, sql.placeholder("account")),
  eq(users.tokenVersion, sql.placeholder("tokenVersion")),
  eq(users.role, sql.placeholder("role")),
  sql`coalesce(${users.staffRole}, '') = ${sql.placeholder("staffRole")}`,
  eq(users.status, "active"),
) as SQL;

/**
 * A token of a session stands only while that session is not signed out (decision 28): joined to
 * the account row by its id (the placeholder `session`), the session must be the account's own
 * and open. A join on the session's primary key costs PostgreSQL less than the condition's
 * `session = 0 OR EXISTS (…)` did, which it ran as a hashed subplan on every call.
 */
const sessionOpen: SQL = and(
  eq(authSessions.id, sql.placeholder("session")),
  eq(authSessions.userId, users.id),
  isNull(authSessions.revokedAt),
) as SQL;

/** Which statement checks a token: one of a session (`session`), or an older one of none (`token`, no session to check). */
export type TokenKind = "session" | "token";
export const tokenKindOf = (sessionId: number | undefined): TokenKind => (sessionId ? "session" : "token");

/**
 * The account row of a token that still stands, selecting `fields` of the account (one row, or
 * none when the token is revoked): a token's kind is part of the statement's shape, so a query
 * built on it is prepared once per kind.
 */
export function currentAccount(db: Db, fields: Record<string, PgColumn>, kind: TokenKind) {
  const account = db.select(fields).from(users).$dynamic();
  return (kind === "session" ? account.innerJoin(authSessions, sessionOpen) : account).where(accountStands);
}

/** The placeholder values of the account check for a token's claims. */
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

/**
 * The account behind a token when it still stands, and whether it has two-factor sign-in: the
 * statement every authenticated call runs, prepared once per connection for each kind of token.
 */
export const prepareCurrentAccount = (db: Db) => {
  const fields = { id: users.id, twoFactorEnabled: users.twoFactorEnabled };
  const statements = {
    session: prepareRead(db, "auth_current_account_of_session", currentAccount(db, fields, "session"), { quick: true }),
    token: prepareRead(db, "auth_current_account_of_token", currentAccount(db, fields, "token"), { quick: true }),
  };
  return async (claims: Parameters<typeof currentAccountValues>[0]): Promise<{ twoFactorEnabled: boolean } | undefined> => {
    const { names, rows } = await statements[tokenKindOf(claims.sessionId)].run(currentAccountValues(claims));
    const [row] = rows;
    return row ? { twoFactorEnabled: row[names.indexOf(users.twoFactorEnabled.name)] === true } : undefined;
  };
};
