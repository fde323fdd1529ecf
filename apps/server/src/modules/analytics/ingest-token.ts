import { createHash, createHmac, createSecretKey, timingSafeEqual } from "node:crypto";

/**
 * Short-lived tokens that name the sender of an analytics batch. A batch sent by
 * `navigator.sendBeacon` cannot carry the Authorization header, so the signed-in app asks for
 * one of these and puts it in the batch's body. It is good for analytics ingest only: the key is
 * derived from the server's signing key for this one purpose, so it never opens any other call,
 * and an access token is never accepted in its place. It carries the account's token version, so
 * a sign-out or password change voids it as it voids the access token.
 *
 * Format: `ai1.<user id>.<token version>.<expiry, unix s>.<HMAC-SHA256, base64url>`.
 */
export type IngestClaims = { userId: number; tokenVersion: number; expiresAt: number };

const PREFIX = "ai1";

export function createIngestTokens(serverKey: Uint8Array, ttlSeconds: number) {
  // Imported once: handing createHmac the raw bytes imports the key again on every call (about
  // eight times the cost of the HMAC of a token).
  const key = createSecretKey(createHash("sha256").update("analytics-ingest:").update(serverKey).digest());
  const mac = (body: string) => createHmac("sha256", key).update(body).digest("base64url");
  return {
    ttlSeconds,
    sign(userId: number, tokenVersion: number, now = Date.now()): string {
      const body = `${PREFIX}.${userId}.${tokenVersion}.${Math.floor(now / 1000) + ttlSeconds}`;
      return `${body}.${mac(body)}`;
    },
    /** The claims of a genuine, unexpired token; null for anything else. */
    verify(token: string, now = Date.now()): IngestClaims | null {
      const parts = token.split(".");
      if (parts.length !== 5 || parts[0] !== PREFIX) return null;
      const [, user, version, expiry, signature] = parts as [string, string, string, string, string];
      const expected = Buffer.from(mac(`${PREFIX}.${user}.${version}.${expiry}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const claims = { userId: Number(user), tokenVersion: Number(version), expiresAt: Number(expiry) };
      if (!Number.isSafeInteger(claims.userId) || !Number.isSafeInteger(claims.tokenVersion) || !Number.isSafeInteger(claims.expiresAt))
        return null;
      if (claims.expiresAt * 1000 <= now) return null;
      return claims;
    },
  };
}
export type IngestTokens = ReturnType<typeof createIngestTokens>;
