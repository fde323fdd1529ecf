import { randomBytes } from "node:crypto";
import type { Role } from "@academy/contract/common";
import { isStaffRole, type StaffRole } from "@academy/contract/staff";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Db } from "../../db/client.ts";
import { keepSecretOnce } from "./repo.ts";

const ISSUER = "rescue-academy";
const AUDIENCE = "rescue-academy:api";
const ALGORITHM = "HS256";

/**
 * What an access token says: its account, route role and token version, and for staff their staff
 * role, so that a change of staff role (checked against the account on every call) ends the token.
 */
export type AccessClaims = {
  userId: number;
  role: Role;
  tokenVersion: number;
  staffRole: StaffRole | null;
  /** The session (auth_session row) the token belongs to: signing it out ends the token at once. 0: none (older tokens). */
  sessionId: number;
};

export type TokenFailure = "expired" | "invalid";

export type TokenService = {
  ttlSeconds: number;
  sign(claims: AccessClaims): Promise<string>;
  /**
   * The claims of a valid access token; `"expired"` for one of ours whose lifetime is over (its
   * signature checked first), `"invalid"` for any other token.
   */
  verify(token: string): Promise<AccessClaims | TokenFailure>;
  /**
   * `verify`'s verdict at once when it is kept (the token was verified before and its text has
   * not changed, so its signature holds): its claims, or `"expired"`; undefined when the token
   * must go through `verify`.
   */
  keptVerdict(token: string): AccessClaims | "expired" | undefined;
};

/** Verified tokens kept so a client's repeated calls skip the signature check; bounded, oldest out first. */
const VERIFIED_CACHE_SIZE = 10_000;

/** Milliseconds since the epoch: `Date.now` in production, a clock a test moves on in tests. */
export type Clock = () => number;

export function createTokenService(secret: Uint8Array, ttlSeconds: number, now: Clock = Date.now): TokenService {
  // Imported once: handing jose the raw bytes would import the key again on every call.
  const key = globalThis.crypto.subtle.importKey("raw", new Uint8Array(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
  // A token's text fixes its signature and claims, so a verdict holds until the token expires.
  // Revocation is not decided here: the caller checks the account's token version on every call.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const keptVerdict = (token: string): AccessClaims | "expired" | undefined => {
    const hit = verified.get(token);
    if (!hit) return undefined;
    if (hit.expiresAt > now()) return hit.claims;
    verified.delete(token);
    return "expired";
  };
  return {
    keptVerdict,
    ttlSeconds,
    sign: async ({ userId, role, tokenVersion, staffRole, sessionId }) => {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({
        role,
        tv: tokenVersion,
        typ: "access",
        ...(staffRole ? { sr: staffRole } : {}),
        ...(sessionId ? { sid: sessionId } : {}),
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(await key);
    },
    async verify(token) {
      const kept = keptVerdict(token);
      if (kept) return kept;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ["exp", "iat", "sub"],
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        const role = payload.role;
        const tokenVersion = payload.tv;
        if (payload.typ !== "access" || !Number.isSafeInteger(userId) || typeof tokenVersion !== "number") return "invalid";
        if (role !== "user" && role !== "admin") return "invalid";
        // Staff tokens name a staff role and candidates' never do (a token from before staff roles is void).
        const staffRole: StaffRole | null = role === "admin" && isStaffRole(payload.sr) ? payload.sr : null;
        if (role === "admin" ? !staffRole : payload.sr !== undefined) return "invalid";
        const sessionId = payload.sid ?? 0;
        if (typeof sessionId !== "number" || !Number.isSafeInteger(sessionId) || sessionId < 0) return "invalid";
        const claims: AccessClaims = { userId, role, tokenVersion, staffRole, sessionId };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresAt: (payload.exp as number) * 1000 });
        return claims;
      } catch (e) {
        // jose checks the signature before the claims: only a genuine token of ours reaches JWTExpired.
        if (e instanceof joseErrors.JWTExpired) return "expired";
        if (e instanceof joseErrors.JOSEError) return "invalid";
        throw e;
      }
    },
  };
}

/**
 * The signing key: JWT_SECRET when configured, otherwise a 256-bit key generated once and kept
 * in the database, so that every instance on the same database signs with the same key.
 */
export async function resolveSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(32).toString("base64url");
  const value = await keepSecretOnce(db, "jwt", generated);
  if (!value) throw new Error("could not read the signing key");
  return new TextEncoder().encode(value);
}
