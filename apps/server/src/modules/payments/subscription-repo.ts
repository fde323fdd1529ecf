import type { SubscriptionListQuery } from "@academy/contract/payments";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { packages } from "../../db/schema/packages.ts";
import { LIVE_SUBSCRIPTION_STATUSES, stripePrices, stripeProducts, stripeSubscriptions } from "../../db/schema/payments.ts";
import { users } from "../../db/schema/users.ts";
import { cutOf, type ListCut, optionalEq, type Paging, page, searchAny } from "./list-repo.ts";

// Subscriptions and the package a live one gives.

export type SubscriptionRecord = typeof stripeSubscriptions.$inferSelect;

export const LIVE_STATUSES = LIVE_SUBSCRIPTION_STATUSES;

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

async function listSubscriptionsWhere(db: Db, where: SQL | undefined, cut: ListCut) {
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

/** The staff's subscription list: by person, status and price, and a search over email, plan and provider id, in the order asked. */
export function listSubscriptions(db: Db, q: SubscriptionListQuery) {
  const sub = stripeSubscriptions;
  const where = and(
    optionalEq(sub.userId, q.user_id),
    optionalEq(sub.status, q.status),
    optionalEq(sub.priceId, q.price_id),
    searchAny(q.q, users.email, stripePrices.name, sub.stripeId),
  );
  const cut = cutOf(q, {
    id: sub.id,
    email: users.email,
    status: sub.status,
    current_period_end: sub.currentPeriodEnd,
    create_at: sub.createAt,
  });
  return listSubscriptionsWhere(db, where, cut);
}

/** One person's own subscriptions. */
export const listSubscriptionsOf = (db: Db, userId: number, paging: Paging) =>
  listSubscriptionsWhere(db, eq(stripeSubscriptions.userId, userId), { paging, order: [] });
