import type { Db } from "../../db/client.ts";
import { conflict, HttpError, notFound } from "../../lib/http-error.ts";
import { hashToken, newSecureToken } from "../../lib/secure-token.ts";
import type { Principal } from "../../plugins/auth.ts";
import { enqueueMail } from "../mail/service.ts";
import * as limits from "./rate-limit.ts";
import * as repo from "./repo.ts";
import type { AuthDeps } from "./service.ts";

/** How long a confirmation link works (a day, as PocketBase's verification tokens). */
export const VERIFY_HOURS = 24;

/**
 * The token is bound to the address it was mailed to: its second hash covers the email, so
 * a link sent to an old address cannot confirm the one the account has now.
 */
const addressBinding = (token: string, email: string) => hashToken(`${token}:${email.toLowerCase()}`);

const invalidLink = () =>
  new HttpError(400, "This confirmation link is invalid, used or expired. Ask for a new one from your profile.", {
    validation: { token: "Ask for a new confirmation link" },
  });

/**
 * Mails a link that confirms the account's current address; older links of the account stop
 * working. Pass the transaction that made the address unconfirmed: mail and change go together.
 */
export async function issueVerification(
  tx: Db,
  publicUrl: string,
  user: Pick<repo.UserRow, "id" | "email" | "role" | "firstName">,
): Promise<void> {
  const token = newSecureToken();
  await repo.voidAuthTokens(tx, user.id, "verify");
  await repo.insertAuthToken(tx, {
    userId: user.id,
    kind: "verify",
    tokenHash: hashToken(token),
    codeHash: addressBinding(token, user.email),
    expiresAt: new Date(Date.now() + VERIFY_HOURS * 3600_000),
  });
  await enqueueMail(tx, "verify", user.email, {
    first_name: user.firstName || "there",
    link: `${publicUrl}/${user.role}/verify-email?token=${encodeURIComponent(token)}`,
    hours: String(VERIFY_HOURS),
  });
}

/** A signed-in person asks for a new confirmation link: 3 per 5 minutes per address. */
export async function resendVerification(deps: AuthDeps, principal: Principal): Promise<void> {
  await mailNewLink(deps, principal.id, "Your email address is already confirmed");
}

/** Staff (`users.verify`) mail a new confirmation link to someone's address; same limit as their own resend. */
export async function resendVerificationFor(deps: AuthDeps, userId: number): Promise<void> {
  await mailNewLink(deps, userId, "This email address is already confirmed");
}

async function mailNewLink({ db, config, mail }: AuthDeps, userId: number, confirmedMessage: string): Promise<void> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw notFound("User not found");
  if (user.emailVerified) throw conflict(confirmedMessage);
  await limits.hit(db, { key: `verify:${user.email.toLowerCase()}`, max: 3, windowSeconds: 5 * 60 });
  await db.transaction((tx) => issueVerification(tx, config.publicUrl, user));
  mail.kick();
}

/**
 * Confirms the address with a link's token: once, before it expires, only for the address it
 * was sent to. Signs no one in: whoever holds the link only learns that it worked.
 */
export async function verifyEmail({ db }: AuthDeps, token: string): Promise<void> {
  const row = await repo.findLiveAuthToken(db, hashToken(token), "verify");
  if (!row) throw invalidLink();
  await db.transaction(async (tx) => {
    const user = await repo.findUserById(tx, row.userId);
    // A link for the address the person asked to move to (account.ts updateOwnEmail), or for the one they have.
    const isForPending = !!user?.pendingEmail && row.codeHash === addressBinding(token, user.pendingEmail);
    if (!user || (!isForPending && row.codeHash !== addressBinding(token, user.email))) throw invalidLink();
    if (!(await repo.useAuthToken(tx, row.id))) throw invalidLink();
    if (!isForPending) return repo.updateUser(tx, user.id, { emailVerified: true });
    // Taken by another account meanwhile: the unique index refuses, and the account keeps its address.
    const other = await repo.findUserByEmail(tx, user.pendingEmail!);
    if (other && other.id !== user.id) throw conflict("That address now belongs to another account", { email: "Already in use" });
    await repo.updateUser(tx, user.id, { email: user.pendingEmail!, pendingEmail: null, emailVerified: true });
  });
}
