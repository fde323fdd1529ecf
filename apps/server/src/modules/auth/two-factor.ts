import type { LoginResponse } from "@academy/contract/auth";
import { generateSecret, generateURI, verify } from "otplib";
import type { Db } from "../../db/client.ts";
import { conflict, HttpError } from "../../lib/http-error.ts";
import { hashToken } from "../../lib/secure-token.ts";
import type { Principal } from "../../plugins/auth.ts";
import { enqueueMail } from "../mail/service.ts";
import * as limits from "./rate-limit.ts";
import * as repo from "./repo.ts";
import { type AuthDeps, startSession, TWO_FACTOR_MAX_FAILURES } from "./service.ts";

const ISSUER = "Rescue Academy";
const wrongCode = () =>
  new HttpError(403, "That code is not right. Check your authenticator app and try again.", {
    validation: { token: "That code is not right" },
  });

/** A TOTP code for the secret, accepted once (one step of clock drift either way). */
async function acceptCode({ db, clock }: Pick<AuthDeps, "db" | "clock">, userId: number, secret: string, code: string): Promise<boolean> {
  const last = await repo.lastTotpStep(db, userId);
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(clock() / 1000),
    epochTolerance: 30,
    ...(last !== undefined ? { afterTimeStep: last } : {}),
  });
  if (!result.valid || !("timeStep" in result)) return false;
  return repo.claimTotpStep(db, userId, result.timeStep);
}

/** Wrong codes when turning two-factor sign-in on or off: 5 per 15 minutes per account. */
const setupFailures = (userId: number) => ({ key: `2fa-setup:${userId}`, max: 5, windowSeconds: 15 * 60 });

async function checkSetupCode(deps: Pick<AuthDeps, "db" | "clock">, userId: number, secret: string, code: string): Promise<void> {
  const attempt = await limits.reserve(deps.db, setupFailures(userId));
  if (!(await acceptCode(deps, userId, secret, code))) throw wrongCode();
  await limits.release(deps.db, attempt);
}

async function userOf(db: Db, principal: Principal) {
  const user = await repo.findUserById(db, principal.id);
  if (!user) throw new HttpError(404, "User not found");
  return user;
}

/** Starts setup: a new secret (kept encrypted, not yet active) and its QR code. */
export async function enableTwoFactor({ db, twoFactorBox }: AuthDeps, principal: Principal) {
  const user = await userOf(db, principal);
  if (user.twoFactorEnabled) throw conflict("Two-factor sign-in is already on");
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  await repo.updateUser(db, user.id, { twoFactorSecret: twoFactorBox.seal(secret) });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: await (await import("qrcode")).default.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
  };
}

/** Finishes setup with a code from the app: two-factor sign-in is on from now. */
export async function authorizeTwoFactor(deps: AuthDeps, principal: Principal, code: string): Promise<void> {
  const { db, twoFactorBox, mail } = deps;
  const user = await userOf(db, principal);
  if (user.twoFactorEnabled) throw conflict("Two-factor sign-in is already on");
  const secret = user.twoFactorSecret ? twoFactorBox.open(user.twoFactorSecret) : null;
  if (!secret) throw new HttpError(400, "Start two-factor setup first");
  await checkSetupCode(deps, user.id, secret, code);
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { twoFactorEnabled: true });
    await enqueueMail(tx, "two-factor", user.email, { first_name: user.firstName || "there", state: "turned on" });
  });
  mail.kick();
}

/** Turns two-factor sign-in off; needs a current code. Staff keep it on while ADMIN_2FA_REQUIRED holds. */
export async function disableTwoFactor(deps: AuthDeps, principal: Principal, code: string): Promise<void> {
  const { db, twoFactorBox, mail, config } = deps;
  const user = await userOf(db, principal);
  if (config.ADMIN_2FA_REQUIRED && user.role === "admin") throw conflict("Staff accounts keep two-factor sign-in on");
  const secret = user.twoFactorSecret ? twoFactorBox.open(user.twoFactorSecret) : null;
  if (!user.twoFactorEnabled || !secret) throw new HttpError(400, "Two-factor sign-in is not on");
  await checkSetupCode(deps, user.id, secret, code);
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { twoFactorEnabled: false, twoFactorSecret: null });
    await enqueueMail(tx, "two-factor", user.email, { first_name: user.firstName || "there", state: "turned off" });
  });
  mail.kick();
}

/**
 * Wrong sign-in codes per account, across sign-ins: a new password sign-in does not bring new
 * chances once an account has had this many wrong codes in the window.
 */
export const TWO_FACTOR_ACCOUNT_MAX_FAILURES = 10;
const signInCodeFailures = (userId: number) => ({
  key: `2fa-login:${userId}`,
  max: TWO_FACTOR_ACCOUNT_MAX_FAILURES,
  windowSeconds: 15 * 60,
});

/** Completes a pending login with a TOTP code; five wrong codes void the pending login. */
export async function verifyTwoFactorLogin(deps: AuthDeps, pendingToken: string, code: string): Promise<LoginResponse> {
  const { db, twoFactorBox } = deps;
  const expired = () => new HttpError(401, "This sign-in has expired. Sign in again.", { code: "TWO_FACTOR_EXPIRED" });
  const row = await repo.findLiveAuthToken(db, hashToken(pendingToken), "two_factor");
  if (!row) throw expired();
  const user = await repo.findUserById(db, row.userId);
  const secret = user?.twoFactorSecret ? twoFactorBox.open(user.twoFactorSecret) : null;
  if (user?.status !== "active" || !user.twoFactorEnabled || !secret || user.role !== row.role) throw expired();
  // Counted before the code is checked (given back when it is right), so simultaneous guesses
  // cannot outrun the account's limit.
  const attempt = await limits.reserve(db, signInCodeFailures(user.id));
  if (!(await acceptCode(deps, user.id, secret, code))) {
    const failures = await repo.failAuthToken(db, row.id, TWO_FACTOR_MAX_FAILURES);
    if (failures >= TWO_FACTOR_MAX_FAILURES)
      throw new HttpError(429, "Too many wrong codes. Sign in again to get a new chance.", { headers: { "retry-after": "0" } });
    throw wrongCode();
  }
  await limits.release(db, attempt);
  if (!(await repo.useAuthToken(db, row.id))) throw expired();
  return startSession(deps, user);
}
