import type { Db } from "../../db/client.ts";
import { conflict, HttpError, notFound } from "../../lib/http-error.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import type { Principal } from "../../plugins/auth.ts";
import { enqueueMail } from "../mail/service.ts";
import * as limits from "./rate-limit.ts";
import * as repo from "./repo.ts";
import type { AuthDeps } from "./service.ts";
import { openSession } from "./sessions.ts";
import { staffConfirmEmail, staffSetEmail, staffSetPassword } from "./staff-changes.ts";
import { issueVerification } from "./verification.ts";

const wrongCurrentPassword = () =>
  new HttpError(403, "Your current password is not right", { validation: { current_password: "Your current password is not right" } });
const emailTaken = () => conflict("An account with this email already exists", { email: "An account with this email already exists" });

/** Wrong current passwords on email or password changes: 10 per 15 minutes per account. */
const reauthFailures = (userId: number) => ({ key: `reauth:${userId}`, max: 10, windowSeconds: 15 * 60 });

async function ownUser(db: Db, principal: Principal, currentPassword: string) {
  const user = await repo.findUserById(db, principal.id);
  if (!user) throw notFound("User not found");
  const attempt = await limits.reserve(db, reauthFailures(user.id));
  if (!(await verifyPassword(user.passwordHash, currentPassword))) throw wrongCurrentPassword();
  await limits.release(db, attempt);
  return user;
}

/** Sets an account's sign-in email; 409 when another account has it (checked, then by the unique index). */
export async function setEmail(db: Db, userId: number, email: string, isVerified: boolean): Promise<void> {
  const other = await repo.findUserByEmail(db, email);
  if (other && other.id !== userId) throw emailTaken();
  try {
    await repo.updateUser(db, userId, { email, emailVerified: isVerified });
  } catch (e) {
    // Two changes racing for one address: the unique index decides.
    if (
      (e as { code?: string; cause?: { code?: string } }).code === "23505" ||
      (e as { cause?: { code?: string } }).cause?.code === "23505"
    )
      throw emailTaken();
    throw e;
  }
}

/**
 * Asks to sign in with another email (current password needed). The account keeps its address
 * until the link mailed to the new one is opened (`verifyEmail` then switches it); the current
 * address is told at once, so a stolen session cannot move the account away unnoticed. Asking
 * again replaces the pending address; asking for the current one withdraws it.
 */
export async function updateOwnEmail(
  { db, config, mail }: AuthDeps,
  principal: Principal,
  email: string,
  currentPassword: string,
): Promise<void> {
  const user = await ownUser(db, principal, currentPassword);
  if (user.email === email) {
    if (user.pendingEmail) await repo.updateUser(db, user.id, { pendingEmail: null });
    return;
  }
  if (user.pendingEmail === email) return;
  await db.transaction(async (tx) => {
    const other = await repo.findUserByEmail(tx, email);
    if (other && other.id !== user.id) throw emailTaken();
    await repo.updateUser(tx, user.id, { pendingEmail: email });
    await issueVerification(tx, config.publicUrl, { ...user, email });
    await enqueueMail(tx, "email-change-requested", user.email, {
      first_name: user.firstName || "there",
      new_email: email,
      profile_url: `${config.publicUrl}/${user.role}/profile`,
    });
  });
  mail.kick();
}

/**
 * Changes one's own password (current password needed). Every other session is signed out;
 * this one continues with the fresh token in the answer.
 */
export async function updateOwnPassword(deps: AuthDeps, principal: Principal, password: string, currentPassword: string) {
  const { db } = deps;
  const user = await ownUser(db, principal, currentPassword);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash });
    await repo.bumpTokenVersion(tx, user.id);
    await repo.voidAuthTokens(tx, user.id, "reset");
  });
  // Every session ended with the old token version; this device continues in a new one.
  return openSession(deps, { ...user, tokenVersion: user.tokenVersion + 1 });
}

async function targetUser(db: Db, id: number) {
  const user = await repo.findUserById(db, id);
  if (!user) throw notFound("User not found");
  return user;
}

/** Admin: sets another account's email (marked verified: an admin checked it); logged, and the person is mailed at both addresses. */
export async function adminUpdateEmail({ db, config }: AuthDeps, actor: Principal, id: number, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await targetUser(tx, id);
    await staffSetEmail({ db: tx, actorId: actor.id, publicUrl: config.publicUrl }, user, email);
  });
}

/** Admin: sets another account's password; that account's sessions are signed out, the change logged and the person mailed. */
export async function adminUpdatePassword({ db, config }: AuthDeps, actor: Principal, id: number, password: string): Promise<void> {
  await targetUser(db, id);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const user = await targetUser(tx, id);
    await staffSetPassword({ db: tx, actorId: actor.id, publicUrl: config.publicUrl }, user, passwordHash);
  });
}

/** Admin: marks an account's email as verified (logged when it was not). */
export async function verifyUser({ db, config }: AuthDeps, actor: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await targetUser(tx, id);
    await staffConfirmEmail({ db: tx, actorId: actor.id, publicUrl: config.publicUrl }, user);
  });
}

export const getPreferences = (db: Db, principal: Principal) => repo.getPreferences(db, principal.id);

/** Merges the given preferences into the stored ones. */
export async function setPreferences(db: Db, principal: Principal, payload: Record<string, string | number | boolean | null>) {
  const merged = { ...(await repo.getPreferences(db, principal.id)), ...payload };
  if (Object.keys(merged).length > 50)
    throw new HttpError(400, "At most 50 preferences", { validation: { payload: "At most 50 preferences" } });
  await repo.setPreferences(db, principal.id, merged);
}

/**
 * Checks a reCAPTCHA token with the configured secret. Without RECAPTCHA_SECRET the check is
 * off and every token passes (documented in the README).
 */
export async function verifyCaptcha(config: AuthDeps["config"], captchaToken: string, ip: string) {
  if (!config.RECAPTCHA_SECRET) return { success: true, message: "Captcha check is off on this server" };
  const body = new URLSearchParams({ secret: config.RECAPTCHA_SECRET, response: captchaToken, remoteip: ip });
  let answer: { success?: boolean };
  try {
    const res = await fetch(config.RECAPTCHA_VERIFY_URL, { method: "POST", body, signal: AbortSignal.timeout(5_000) });
    answer = (await res.json()) as { success?: boolean };
  } catch {
    throw new HttpError(503, "The captcha service could not be reached. Try again.");
  }
  if (answer.success !== true) throw new HttpError(400, "Captcha check failed", { validation: { captchaToken: "Captcha check failed" } });
  return { success: true, message: "Captcha verified" };
}
