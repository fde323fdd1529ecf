import { randomBytes } from "node:crypto";
import type { Role } from "@academy/contract/common";
import { eq } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Db } from "../../db/client.ts";
import { appSecrets } from "../../db/schema/system.ts";

const ISSUER = "rescue-academy";
const AUDIENCE = "rescue-academy:api";
const ALGORITHM = "HS256";

export type AccessClaims = { userId: number; role: Role; tokenVersion: number };

export type TokenService = {
  ttlSeconds: number;
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid access token, or null for any token that is not one. */
  verify(token: string): Promise<AccessClaims | null>;
};

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  return {
    ttlSeconds,
    sign: ({ userId, role, tokenVersion }) =>
      new SignJWT({ role, tv: tokenVersion, typ: "access" })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ["exp", "iat", "sub"],
        });
        const userId = Number(payload.sub);
        const role = payload.role;
        const tokenVersion = payload.tv;
        if (payload.typ !== "access" || !Number.isSafeInteger(userId) || typeof tokenVersion !== "number") return null;
        if (role !== "user" && role !== "admin") return null;
        return { userId, role, tokenVersion };
      } catch (e) {
        if (e instanceof joseErrors.JOSEError) return null;
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
  await db.insert(appSecrets).values({ name: "jwt", value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, "jwt"));
  if (!row) throw new Error("could not read the signing key");
  return new TextEncoder().encode(row.value);
}
