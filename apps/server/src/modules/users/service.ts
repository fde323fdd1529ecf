import type { AdminUser, AdminUserListQuery, AdminUserOverview } from "@academy/contract/users";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import { bumpTokenVersion, findUserById, lockAdminRegistration, type UserRow, updateUser } from "../auth/repo.ts";
import { getEntitlements } from "../entitlements/service.ts";
import { enqueueMail } from "../mail/service.ts";
import { findLivePackage } from "../payments/repo.ts";
import * as repo from "./repo.ts";

export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
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
  const [live, open, stats, quizzes, invoices, paid] = await Promise.all([
    findLivePackage(db, id),
    repo.findOpenSubscription(db, id),
    repo.quizStats(db, id),
    repo.recentQuizzes(db, id, RECENT),
    repo.recentInvoices(db, id, RECENT),
    repo.paidTotals(db, id),
  ]);
  return {
    last_sign_in_at: iso(user.lastSignInAt),
    plan: {
      package_name: live?.name ?? (await getEntitlements(db, id)).packageName,
      is_free: !live,
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

/** Deletes an account; the academy never loses its last active admin, and nobody deletes themselves. */
export async function deleteUser(db: Db, actor: Principal, id: number): Promise<void> {
  if (actor.id === id) throw conflict("You cannot delete your own account here");
  await db.transaction(async (tx) => {
    await lockAdminRegistration(tx);
    const user = await findUserById(tx, id);
    if (!user) throw notFound("User not found");
    if (user.role === "admin" && user.status === "active" && (await repo.countActiveAdmins(tx)) <= 1)
      throw conflict("The academy needs at least one active admin");
    await repo.deleteUser(tx, id);
  });
}

/**
 * Staff reset another person's two-factor sign-in (a lost phone): the secret is dropped, every
 * session of the account ends, and the person is told by mail. Staff set it up again at their
 * next sign-in (ADMIN_2FA_REQUIRED); candidates may turn it on again from their profile. Your
 * own is turned off from your profile, with a code.
 */
export async function resetTwoFactor(db: Db, actor: Principal, id: number): Promise<void> {
  if (actor.id === id) throw conflict("Turn your own two-factor sign-in off from your profile");
  await db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw notFound("User not found");
    if (!user.twoFactorEnabled && !user.twoFactorSecret) throw conflict("Two-factor sign-in is not on for this account");
    await updateUser(tx, id, { twoFactorEnabled: false, twoFactorSecret: null });
    await bumpTokenVersion(tx, id);
    await enqueueMail(tx, "two-factor", user.email, { first_name: user.firstName || "there", state: "reset by the academy's staff" });
  });
}
