import { createHash, randomBytes } from "node:crypto";

/** A 256-bit URL-safe one-time token. */
export const newSecureToken = () => randomBytes(32).toString("base64url");

/** One-time tokens are stored as their SHA-256: a database leak does not hand them out. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
