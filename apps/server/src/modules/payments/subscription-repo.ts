import { and, count, desc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { packages } from "../../db/schema/packages.ts";
import { stripePrices, stripeProducts, stripeSubscriptions } from "../../db/schema/payments.ts";
import { users } from "../../db/schema/users.ts";
import { type ListCut, page } from "./list-repo.ts";

// Subscriptions and the package a live one gives.

export type SubscriptionRecord = typeof stripeSubscriptions.$inferSelect;

/** Subscription states that still give access (cancel-at-period-end stays active until it ends). */
export const LIVE_STATUSES = ["active", "trialing"] as const;

/** States in which a user may not start a second subscription. */
export const OPEN_STATUSES = ["active", "trialing", "past_due", "incomplete", "unpaid"] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function findSubscription(db: Db, id: number) {
  const [row] = await db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, id));
  return row;
}

/** The user's current subscription: the newest one that is not over. */
export async function findOpenSubscription(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(stripeSubscriptions)
    .where(and(eq(stripeSubscriptions.userId, userId), inArray(stripeSubscriptions.status, [...OPEN_STATUSES])))
    .orderBy(desc(stripeSubscriptions.id))
    .limit(1);
  return row;
}

export async function countUserSubscriptions(db: Db, userId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stripeSubscriptions).where(eq(stripeSubscriptions.userId, userId));
  return row?.n ?? 0;
}

/** A user's live subscriptions joined to their packages, best package first (the package's columns decide what it gives). */
function livePackages<T extends Parameters<Db["select"]>[0]>(db: Db, fields: NonNullable<T>, userId: number | Placeholder) {
  return db
    .select(fields)
    .from(stripeSubscriptions)
    .innerJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .innerJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .innerJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(and(eq(stripeSubscriptions.userId, userId), inArray(stripeSubscriptions.status, [...LIVE_STATUSES])))
    .orderBy(desc(packages.displayOrder))
    .limit(1);
}

/** The package of the user's live subscription, if any. */
export async function findLivePackage(db: Db, userId: number) {
  const [row] = await livePackages(db, { pkg: packages }, userId);
  return row?.pkg;
}

/**
 * The library tier of the package findLivePackage finds, as a subquery (no row without a live
 * subscription): for statements that decide access in the database.
 */
export const liveLibraryTierQuery = (db: Db, userId: number | Placeholder) => livePackages(db, { tier: packages.libraryTier }, userId);

const subscriptionSelect = {
  sub: stripeSubscriptions,
  email: users.email,
  planName: stripePrices.name,
  amount: stripePrices.amount,
  currency: stripePrices.currency,
  interval: stripePrices.interval,
  packageName: packages.name,
};

type SubscriptionJoined = {
  sub: SubscriptionRecord;
  email: string | null;
  planName: string | null;
  amount: number | null;
  currency: string | null;
  interval: string | null;
  packageName: string | null;
};

export const subscriptionRow = (r: SubscriptionJoined, withEmail: boolean) => ({
  id: r.sub.id,
  user_id: r.sub.userId,
  ...(withEmail && r.email ? { email: r.email } : {}),
  stripe_id: r.sub.stripeId,
  price_id: r.sub.priceId,
  plan_name: r.planName,
  package_name: r.packageName,
  amount: r.amount,
  currency: r.currency,
  interval: r.interval,
  status: r.sub.status,
  cancel_at_period_end: r.sub.cancelAtPeriodEnd,
  current_period_start: iso(r.sub.currentPeriodStart),
  current_period_end: iso(r.sub.currentPeriodEnd),
  trial_end: iso(r.sub.trialEnd),
  canceled_at: iso(r.sub.canceledAt),
  create_at: r.sub.createAt.toISOString(),
  update_at: r.sub.updateAt.toISOString(),
});

function subscriptionQuery(db: Db) {
  return db
    .select(subscriptionSelect)
    .from(stripeSubscriptions)
    .leftJoin(users, eq(users.id, stripeSubscriptions.userId))
    .leftJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .leftJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .leftJoin(packages, eq(packages.id, stripeProducts.packageId));
}

export async function getSubscriptionJoined(db: Db, id: number) {
  const [row] = await subscriptionQuery(db).where(eq(stripeSubscriptions.id, id));
  return row;
}

export async function listSubscriptions(db: Db, where: SQL | undefined, cut: ListCut) {
  const rows = await page(
    subscriptionQuery(db)
      .where(where)
      .orderBy(...cut.order, desc(stripeSubscriptions.id))
      .$dynamic(),
    cut.paging,
  );
  const [total] = await db
    .select({ n: count() })
    .from(stripeSubscriptions)
    .leftJoin(users, eq(users.id, stripeSubscriptions.userId))
    .leftJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
