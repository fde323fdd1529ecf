import type { AdminUser, AdminUserListQuery, AdminUserOverview, AdminUserUpdateRequest } from "@academy/contract/users";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/http-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { can } from "../../lib/permissions.ts";
import type { Principal } from "../../plugins/auth.ts";
import { recordActivity } from "../activity/service.ts";
import {
  type Account,
  changeRole,
  findUserById,
  lockAccountForStaffChange,
  logAccountDeletion,
  resetSecondFactor,
  type StaffChange,
  staffSetEmail,
  staffSetPassword,
  tellTwoFactorReset,
} from "../auth/service.ts";
import { planOf } from "../entitlements/service.ts";
import { enqueueWritten } from "../mail/service.ts";
import * as payments from "../payments/service.ts";
import * as records from "../records/service.ts";
import * as repo from "./repo.ts";

export function toAdminUser(u: Account): AdminUser {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    staff_role: u.staffRole,
    first_name: u.firstName,
    last_name: u.lastName,
    photo: u.photo,
    time_zone: u.timeZone,
    status: u.status,
    email_verified: u.emailVerified,
    two_factor_enabled: u.twoFactorEnabled,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  };
}

export async function listUsers(db: Db, q: AdminUserListQuery) {
  const { rows, total } = await repo.listUsers(db, q);
  return { list: rows.map(toAdminUser), total, limit: q.limit, num_pages: Math.max(1, Math.ceil(total / q.limit)), page: q.page };
}

/** Puts one copy of a written mail in the outbox for every active admin, in the caller's transaction. */
export async function mailActiveAdmins(db: Db, mail: { subject: string; text: string; html: string }): Promise<void> {
  for (const to of await repo.listActiveAdminEmails(db)) await enqueueWritten(db, { to, ...mail });
}

export async function getUser(db: Db, id: number): Promise<AdminUser> {
  const user = await findUserById(db, id);
  if (!user) throw notFound("User not found");
  return toAdminUser(user);
}

const RECENT = 5;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The last sign-in, the plan in effect, the open subscription and the latest quizzes and invoices of one account. */
export async function getUserOverview(db: Db, id: number): Promise<AdminUserOverview> {
  const user = await findUserById(db, id);
  if (!user) throw notFound("User not found");
  const [plan, { open, invoices, paid }, stats, quizzes] = await Promise.all([
    planOf(db, id),
    payments.billingOverview(db, id, RECENT),
    repo.quizStats(db, id),
    repo.recentQuizzes(db, id, RECENT),
  ]);
  return {
    last_sign_in_at: iso(user.lastSignInAt),
    plan: {
      package_name: plan.packageName,
      is_free: plan.isFree,
      subscription: open
        ? {
            id: open.sub.id,
            plan_name: open.planName,
            package_name: open.packageName,
            amount: open.amount,
            currency: open.currency,
            interval: open.interval,
            interval_count: open.intervalCount,
            status: open.sub.status,
            cancel_at_period_end: open.sub.cancelAtPeriodEnd,
            current_period_end: iso(open.sub.currentPeriodEnd),
            trial_end: iso(open.sub.trialEnd),
            create_at: open.sub.createAt.toISOString(),
          }
        : null,
    },
    quizzes: {
      taken: stats.taken,
      in_progress: stats.inProgress,
      average_score: stats.averageScore,
      recent: quizzes.map((q) => ({
        id: q.id,
        title: q.title,
        track: q.trackSlug,
        mode: q.mode,
        status: q.status,
        score: q.score,
        correct_count: q.correctCount,
        total: q.total,
        created_at: q.createdAt.toISOString(),
        submitted_at: iso(q.submittedAt),
      })),
    },
    payments: {
      paid,
      invoices: invoices.map((i) => ({
        id: i.id,
        number: i.number,
        status: i.status,
        amount_due: i.amountDue,
        amount_paid: i.amountPaid,
        currency: i.currency,
        description: i.description,
        create_at: i.createAt.toISOString(),
      })),
    },
  };
}

/**
 * An admin's edit of an account, in one transaction: a clash on the email (or any refusal) leaves
 * every field as it was. Names and status go through the records rule of the `user` table (its
 * writable fields, its guard against disabling oneself and its sign-out on a status change), so
 * that rule stays the one answer on them; email, password and role are not the records API's to
 * write and are set here. A new password, role or staff role signs the account out everywhere.
 * Nobody changes their own role or disables themselves here, and the academy keeps one active
 * administrator. Roles and staff roles are for administrators (`staff.manage`) alone.
 */
export async function updateUserAsAdmin(
  db: Db,
  actor: Principal,
  id: number,
  input: AdminUserUpdateRequest,
  publicUrl: string,
): Promise<AdminUser> {
  if ((input.role !== undefined || input.staff_role !== undefined) && !can(actor, "staff.manage")) throw forbidden();
  // Hashing takes a while: done before the transaction holds its locks.
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const user = await lockAccountForStaffChange(tx, id);
    if (!user) throw notFound("User not found");
    const role = input.role ?? user.role;
    const staffRole = role === "admin" ? (input.staff_role ?? user.staffRole) : null;
    const status = input.status ?? user.status;
    if (role === "user" && input.staff_role !== undefined)
      throw badRequest("Only staff accounts have a staff role", { staff_role: "Only staff accounts have a staff role" });
    if (role === "admin" && !staffRole) throw badRequest("Choose the staff role of a staff account", { staff_role: "Choose a staff role" });
    if (actor.id === id && (role !== user.role || staffRole !== user.staffRole))
      throw conflict("You cannot change your own role", { role: "You cannot change your own role" });
    if (actor.id === id && status !== user.status)
      throw conflict("You cannot disable your own account", { status: "You cannot disable your own account" });
    const wasActiveAdministrator = user.staffRole === "administrator" && user.status === "active";
    if (wasActiveAdministrator && (staffRole !== "administrator" || status !== "active") && (await repo.countActiveAdmins(tx)) <= 1)
      throw conflict("The academy needs at least one active administrator");

    // Each change is logged with it, and the person is told of a new email or password (at the address they had).
    const change: StaffChange = { db: tx, actorId: actor.id, publicUrl };
    if (input.email !== undefined && input.email !== user.email) await staffSetEmail(change, user, input.email);
    const profile = {
      ...(input.first_name !== undefined && { first_name: input.first_name }),
      ...(input.last_name !== undefined && { last_name: input.last_name }),
      ...(status !== user.status && { status }),
    };
    if (Object.keys(profile).length > 0) await records.updateRows(tx, records.actorOf({ principal: actor }), "user", { id }, profile);
    if (role !== user.role || staffRole !== user.staffRole) {
      await changeRole(tx, id, role, staffRole);
      const was = user.staffRole ? `${user.role} (${user.staffRole})` : user.role;
      const now = role === "admin" && staffRole ? `${role} (${staffRole})` : role;
      await recordActivity(tx, {
        actorId: actor.id,
        kind: "account.role",
        record: { table: "user", id },
        subjectUserId: id,
        summary: `Role changed from ${was} to ${now}`,
        before: { role: user.role, staff_role: user.staffRole },
        after: { role, staff_role: role === "admin" ? staffRole : null },
      });
    }
    if (passwordHash !== undefined) await staffSetPassword(change, user, passwordHash);
  });
  return getUser(db, id);
}

/** Deletes an account; the academy never loses its last active admin, and nobody deletes themselves. */
export async function deleteUser(db: Db, actor: Principal, id: number, publicUrl: string): Promise<void> {
  if (actor.id === id) throw conflict("You cannot delete your own account here");
  await db.transaction(async (tx) => {
    const user = await lockAccountForStaffChange(tx, id);
    if (!user) throw notFound("User not found");
    if (user.staffRole === "administrator" && user.status === "active" && (await repo.countActiveAdmins(tx)) <= 1)
      throw conflict("The academy needs at least one active administrator");
    await logAccountDeletion({ db: tx, actorId: actor.id, publicUrl }, user);
    await repo.deleteUser(tx, id);
  });
}

/**
 * Staff reset another person's two-factor sign-in (a lost phone): the secret is dropped, every
 * session of the account ends, and the person is told by mail. Staff set it up again at their
 * next sign-in (ADMIN_2FA_REQUIRED); candidates may turn it on again from their profile. Your
 * own is turned off from your profile, with a code.
 */
export async function resetTwoFactor(db: Db, actor: Principal, id: number, publicUrl: string): Promise<void> {
  if (actor.id === id) throw conflict("Turn your own two-factor sign-in off from your profile");
  await db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw notFound("User not found");
    if (!(await resetSecondFactor(tx, id))) throw conflict("Two-factor sign-in is not on for this account");
    await tellTwoFactorReset({ db: tx, actorId: actor.id, publicUrl }, user);
  });
}
