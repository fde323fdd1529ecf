import { randomInt } from "node:crypto";
import type { SignInResponse } from "@academy/contract/auth";
import type { Role } from "@academy/contract/common";
import { STAFF_ROLE_LABELS, type StaffRole } from "@academy/contract/staff";
import { HttpError } from "../../lib/http-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { hashToken, newSecureToken } from "../../lib/secure-token.ts";
import type { Principal } from "../../plugins/auth.ts";
import { enqueueMail } from "../mail/service.ts";
import * as limits from "./rate-limit.ts";
import * as repo from "./repo.ts";
import { type AuthDeps, completeSignIn } from "./service.ts";

export const RESET_MINUTES = 30;
export const MAGIC_MINUTES = 10;
export const INVITATION_DAYS = 7;
const RESET_MAX_WRONG_CODES = 5;

/** Forgot, magic link: 3 requests per 5 minutes per email, known or not. */
const perEmail = (what: string, email: string) => ({ key: `${what}:${email}`, max: 3, windowSeconds: 5 * 60 });

const invalidReset = () =>
  new HttpError(403, "This reset link or code is invalid or has expired", {
    validation: { code: "Check the 6-digit code in the latest email" },
  });

/**
 * Mails a reset link and a 6-digit code to an active account of that role. The answer is the
 * same whether or not the email is known; a new link voids older ones.
 */
export async function forgotPassword({ db, config, mail }: AuthDeps, email: string, role: Role): Promise<void> {
  await limits.hit(db, perEmail("forgot", email));
  const user = await repo.findUserByEmail(db, email);
  if (!user || user.role !== role || user.status !== "active") return;
  const token = newSecureToken();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.transaction(async (tx) => {
    await repo.voidAuthTokens(tx, user.id, "reset");
    await repo.insertAuthToken(tx, {
      userId: user.id,
      kind: "reset",
      tokenHash: hashToken(token),
      codeHash: hashToken(`${token}:${code}`),
      role: user.role,
      expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
    });
    await enqueueMail(tx, "forgot", user.email, {
      first_name: user.firstName || "there",
      link: `${config.publicUrl}/${user.role}/reset?token=${encodeURIComponent(token)}`,
      code,
      minutes: String(RESET_MINUTES),
    });
  });
  mail.kick();
}

/**
 * Sets a new password from a reset link and its code. Single use; five wrong codes void the
 * link; every session of the account is signed out; the person signs in again (no auto-login).
 */
export async function resetPassword({ db }: AuthDeps, input: { token: string; code: string; password: string }): Promise<void> {
  const row = await repo.findLiveAuthToken(db, hashToken(input.token), "reset");
  if (!row) throw invalidReset();
  if (row.codeHash !== hashToken(`${input.token}:${input.code}`)) {
    await repo.failAuthToken(db, row.id, RESET_MAX_WRONG_CODES);
    throw invalidReset();
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await repo.useAuthToken(tx, row.id))) throw invalidReset();
    await repo.updateUser(tx, row.userId, { passwordHash });
    await repo.bumpTokenVersion(tx, row.userId);
    await repo.voidAuthTokens(tx, row.userId, "magic");
    await repo.voidAuthTokens(tx, row.userId, "two_factor");
  });
}

/** Mails a one-time sign-in link for that role; same answer for unknown emails. */
export async function sendMagicLink({ db, config, mail }: AuthDeps, email: string, role: Role): Promise<void> {
  await limits.hit(db, perEmail("magic", email));
  const user = await repo.findUserByEmail(db, email);
  if (!user || user.role !== role || user.status !== "active") return;
  const token = newSecureToken();
  await db.transaction(async (tx) => {
    await repo.insertAuthToken(tx, {
      userId: user.id,
      kind: "magic",
      tokenHash: hashToken(token),
      role,
      expiresAt: new Date(Date.now() + MAGIC_MINUTES * 60_000),
    });
    await enqueueMail(tx, "magic-link", user.email, {
      first_name: user.firstName || "there",
      link: `${config.publicUrl}/magic-login/verify?token=${encodeURIComponent(token)}`,
      minutes: String(MAGIC_MINUTES),
    });
  });
  mail.kick();
}

/** Signs in with a magic link (once); an account with 2FA still needs its code. */
export async function magicLogin(deps: AuthDeps, token: string): Promise<SignInResponse> {
  const invalid = () => new HttpError(403, "This sign-in link is invalid, used or expired. Ask for a new one.");
  const row = await repo.findLiveAuthToken(deps.db, hashToken(token), "magic");
  if (!row || !(await repo.useAuthToken(deps.db, row.id))) throw invalid();
  const user = await repo.findUserById(deps.db, row.userId);
  if (user?.status !== "active" || user.role !== row.role) throw invalid();
  // Following the link proves the address.
  if (!user.emailVerified) await repo.updateUser(deps.db, user.id, { emailVerified: true });
  return completeSignIn(deps, user);
}

/** An admin invites someone to create a staff account; the link carries a one-time token. */
export async function inviteAdmin(
  { db, config, mail }: AuthDeps,
  actor: Principal,
  email: string,
  staffRole: StaffRole = "administrator",
): Promise<void> {
  const existing = await repo.findUserByEmail(db, email);
  if (existing)
    throw new HttpError(409, "An account with this email already exists", {
      validation: { email: "An account with this email already exists" },
    });
  const inviter = await repo.findUserById(db, actor.id);
  const token = newSecureToken();
  await db.transaction(async (tx) => {
    await repo.insertAdminInvitation(tx, {
      email,
      tokenHash: hashToken(token),
      invitedBy: actor.id,
      staffRole,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000),
    });
    await enqueueMail(tx, "admin-invite", email, {
      inviter: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email : "An administrator",
      link: `${config.publicUrl}/admin/signup?invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
      days: String(INVITATION_DAYS),
      role: STAFF_ROLE_LABELS[staffRole],
    });
  });
  mail.kick();
}
