import { hash, verify } from "@node-rs/argon2";

/** OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. */
// algorithm 2 is Algorithm.Argon2id (a const enum that isolated modules cannot read).
const OWASP_ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** argon2id at its lowest cost: for test runs only, which make thousands of accounts. */
const TEST_RUN_COST = { algorithm: 2, memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;

let cost: typeof OWASP_ARGON2ID | typeof TEST_RUN_COST = OWASP_ARGON2ID;

/**
 * The cost new hashes are made with: always OWASP's in the product; the server test setup lowers it.
 * Verifying reads the cost from each stored hash, so hashes of either cost keep verifying.
 */
export function setPasswordHashCost(which: "owasp" | "test-run") {
  cost = which === "test-run" ? TEST_RUN_COST : OWASP_ARGON2ID;
}

export const hashPassword = (password: string) => hash(password, cost);

// Verifying against a real hash for unknown emails keeps their timing the same as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("not-a-real-password-for-timing-only");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
