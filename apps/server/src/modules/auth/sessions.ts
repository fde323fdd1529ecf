import type { RenewSessionResponse, SessionItem } from "@academy/contract/auth";
import { SESSION_RENEWED } from "@academy/contract/constants";
import { HttpError, notFound, tokenExpired } from "../../lib/http-error.ts";
import { hashToken, newSecureToken } from "../../lib/secure-token.ts";
import type { Principal } from "../../plugins/auth.ts";
import * as repo from "./repo.ts";
import type { AuthDeps } from "./service.ts";
import * as sessions from "./session-repo.ts";

/**
 * Sessions that outlast an exam (decision 28). A sign-in opens a session: a short access token
 * (TOKEN_TTL_SECONDS) and a refresh token that renews it. The web app renews while the person is
 * active; each renewal rotates the refresh token. A session that is not renewed within its
 * idle limit ends, and none lives past SESSION_MAX_SECONDS.
 */

/** A renewal may come this long after the last access token ended (a save in flight as it ended, a device waking up). */
export const RENEWAL_GRACE_SECONDS = 5 * 60;
/** The longest a session lives, however active (OWASP: an absolute limit of hours). */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
/** The refresh token just replaced, presented again this soon, is a retried renewal (a lost answer, two tabs), not theft. */
export const REUSE_GRACE_MS = 10_000;

const idleSeconds = (deps: Pick<AuthDeps, "tokens">) => deps.tokens.ttlSeconds + RENEWAL_GRACE_SECONDS;

/** A user agent cut to what the sessions list needs. */
const deviceText = (userAgent: string | undefined) => (userAgent ?? "").slice(0, 400);

/** Opens a session for an account that passed every step of a sign-in: its access and refresh tokens. */
export async function openSession(
  deps: Pick<AuthDeps, "db" | "tokens" | "clock" | "device">,
  user: Pick<repo.UserRow, "id" | "role" | "tokenVersion" | "staffRole">,
) {
  const now = new Date(deps.clock());
  const refreshToken = newSecureToken();
  await sessions.pruneSessions(deps.db, user.id, new Date(now.getTime() - 24 * 3600 * 1000));
  const row = await sessions.insertSession(deps.db, {
    userId: user.id,
    tokenVersion: user.tokenVersion,
    refreshHash: hashToken(refreshToken),
    userAgent: deviceText(deps.device),
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + idleSeconds(deps) * 1000),
  });
  const token = await deps.tokens.sign({
    userId: user.id,
    role: user.role,
    tokenVersion: user.tokenVersion,
    staffRole: user.staffRole,
    sessionId: row.id,
  });
  return { token, refresh_token: refreshToken, expire_at: deps.tokens.ttlSeconds };
}

/**
 * Renews a session: a new access token and a new refresh token. Refused (401 TOKEN_EXPIRED) when
 * the session was signed out, went idle past its limit, reached its longest life, or its account
 * was signed out everywhere (logout, password, role or staff-role change, disabled). The refresh
 * token it replaced, presented again after REUSE_GRACE_MS, means a copy is in other hands: the
 * session is signed out.
 */
export async function renewSession(deps: AuthDeps, refreshToken: string): Promise<RenewSessionResponse> {
  const { db, tokens } = deps;
  const now = new Date(deps.clock());
  const presented = hashToken(refreshToken);
  const row = await sessions.findSessionByRefresh(db, presented);
  if (!row || row.revokedAt) throw tokenExpired();
  if (row.refreshHash !== presented) {
    const isRetry = row.rotatedAt && now.getTime() - row.rotatedAt.getTime() < REUSE_GRACE_MS;
    if (isRetry) throw renewedElsewhere();
    await sessions.revokeSessions(db, row.userId, now, { only: row.id });
    throw tokenExpired();
  }
  if (row.idleExpiresAt <= now || row.createdAt.getTime() + SESSION_MAX_SECONDS * 1000 <= now.getTime()) throw tokenExpired();
  const user = await repo.findUserById(db, row.userId);
  if (user?.status !== "active" || user.tokenVersion !== row.tokenVersion) {
    await sessions.revokeSessions(db, row.userId, now, { only: row.id });
    throw tokenExpired();
  }
  const next = newSecureToken();
  const idleExpiresAt = new Date(now.getTime() + idleSeconds(deps) * 1000);
  if (!(await sessions.rotateRefresh(db, row.id, presented, { refreshHash: hashToken(next), now, idleExpiresAt })))
    throw renewedElsewhere();
  const token = await tokens.sign({
    userId: user.id,
    role: user.role,
    tokenVersion: user.tokenVersion,
    staffRole: user.staffRole,
    sessionId: row.id,
  });
  return { error: false, token, refresh_token: next, expire_at: tokens.ttlSeconds };
}

const renewedElsewhere = () =>
  new HttpError(409, "This session was just renewed by another request. Use the tokens it received.", { code: SESSION_RENEWED });

/** The account's sessions that still stand, the caller's own marked. */
export async function listSessions(deps: AuthDeps, principal: Principal): Promise<SessionItem[]> {
  const now = new Date(deps.clock());
  const rows = await sessions.listLiveSessions(deps.db, principal.id, now, new Date(now.getTime() - SESSION_MAX_SECONDS * 1000));
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    is_current: row.id === principal.sessionId,
  }));
}

/** Signs one of the caller's own sessions out (its tokens stop at once); another person's session is not found. */
export async function signOutSession(deps: AuthDeps, principal: Principal, id: number): Promise<void> {
  if (!(await sessions.revokeSessions(deps.db, principal.id, new Date(deps.clock()), { only: id }))) throw notFound("Session not found");
}

/** Signs every other session of the caller out; this one continues. Answers how many ended. */
export const signOutOtherSessions = (deps: AuthDeps, principal: Principal) =>
  sessions.revokeSessions(deps.db, principal.id, new Date(deps.clock()), { except: principal.sessionId });

/** "Firefox on Windows", "Safari on iPhone": a person recognises their device by browser and system. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : null;
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}
