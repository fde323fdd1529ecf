import type { Db } from "../../db/client.ts";
import { recordActivity } from "../activity/service.ts";
import { enqueueMail } from "../mail/service.ts";
import { setEmail } from "./account.ts";
import * as repo from "./repo.ts";

/**
 * Staff changing someone's account: each change, its activity-log entry and the mail that tells
 * the person, all in the caller's transaction (kept together or not at all). The person is
 * mailed at the address they had, and an email change at the new one as well, with what changed
 * and how to reach the academy. The log keeps no secret: a new password is "password changed".
 */

type Person = { id: number; email: string; firstName: string };
export type StaffChange = { db: Db; actorId: number; publicUrl: string };

const contactUrl = (publicUrl: string) => `${publicUrl}/contact-us`;
const firstName = (p: Person) => p.firstName || "there";

/** Sets another person's sign-in email (taken as confirmed: staff checked it); 409 when another account has it. */
export async function staffSetEmail({ db, actorId, publicUrl }: StaffChange, person: Person, email: string): Promise<void> {
  if (email === person.email) return;
  await setEmail(db, person.id, email, true);
  await recordActivity(db, {
    actorId,
    kind: "account.email",
    record: { table: "user", id: person.id },
    subjectUserId: person.id,
    summary: `Email changed from ${person.email} to ${email}`,
    before: { email: person.email },
    after: { email },
  });
  const vars = { first_name: firstName(person), old_email: person.email, new_email: email, contact_url: contactUrl(publicUrl) };
  await enqueueMail(db, "staff-email-changed", person.email, vars);
  await enqueueMail(db, "staff-email-changed", email, vars);
}

/** Sets another person's password (hashed by the caller) and signs them out everywhere. */
export async function staffSetPassword({ db, actorId, publicUrl }: StaffChange, person: Person, passwordHash: string): Promise<void> {
  await repo.updateUser(db, person.id, { passwordHash });
  await repo.bumpTokenVersion(db, person.id);
  await recordActivity(db, {
    actorId,
    kind: "account.password",
    record: { table: "user", id: person.id },
    subjectUserId: person.id,
    summary: "Password changed",
  });
  await enqueueMail(db, "staff-password-changed", person.email, {
    first_name: firstName(person),
    email: person.email,
    contact_url: contactUrl(publicUrl),
  });
}

/** Logs and tells of a reset of another person's second factor (after `resetSecondFactor`, same transaction). */
export async function tellTwoFactorReset({ db, actorId, publicUrl }: StaffChange, person: Person): Promise<void> {
  await recordActivity(db, {
    actorId,
    kind: "account.two_factor_reset",
    record: { table: "user", id: person.id },
    subjectUserId: person.id,
    summary: "Two-factor sign-in reset",
    before: { two_factor_enabled: true },
    after: { two_factor_enabled: false },
  });
  await enqueueMail(db, "staff-two-factor-reset", person.email, {
    first_name: firstName(person),
    email: person.email,
    contact_url: contactUrl(publicUrl),
  });
}

/** Marks another person's email as confirmed; nothing to do (and nothing logged) when it already is. */
export async function staffConfirmEmail({ db, actorId }: StaffChange, person: Person & { emailVerified: boolean }): Promise<void> {
  if (person.emailVerified) return;
  await repo.updateUser(db, person.id, { emailVerified: true });
  await recordActivity(db, {
    actorId,
    kind: "account.confirmed",
    record: { table: "user", id: person.id },
    subjectUserId: person.id,
    summary: `Email ${person.email} marked as confirmed`,
    before: { email_verified: false },
    after: { email_verified: true },
  });
}

/** Logs the deletion of an account (call before deleting it, in the same transaction). */
export async function logAccountDeletion(
  { db, actorId }: StaffChange,
  person: Person & { lastName: string; role: repo.UserRow["role"] },
): Promise<void> {
  await recordActivity(db, {
    actorId,
    kind: "account.deleted",
    record: { table: "user", id: person.id },
    subjectUserId: person.id,
    summary: `Account ${person.email} deleted`,
    before: { email: person.email, first_name: person.firstName, last_name: person.lastName, role: person.role },
  });
}
