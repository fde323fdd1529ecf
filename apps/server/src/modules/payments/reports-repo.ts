import { and, count, desc, eq, gte, inArray, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dayBucket, FIRST_COLUMN } from "../../db/day-bucket.ts";
import { packages } from "../../db/schema/packages.ts";
import { stripeCharges, stripeInvoices, stripePrices, stripeProducts, stripeSubscriptions } from "../../db/schema/payments.ts";
import { LIVE_STATUSES, OPEN_STATUSES } from "./subscription-repo.ts";

// What other modules read of the payments tables (the staff dashboard, a person's overview),
// offered to them by the payments service.

/** Subscriptions that give access now, by package (the price's name when it sells none), status and cancel flag. */
export async function liveSubscriptions(db: Db) {
  return db
    .select({
      package: sql<string>`coalesce(${packages.name}, ${stripePrices.name}, 'Other')`,
      status: stripeSubscriptions.status,
      cancelAtPeriodEnd: stripeSubscriptions.cancelAtPeriodEnd,
      n: count(),
    })
    .from(stripeSubscriptions)
    .leftJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .leftJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .leftJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(inArray(stripeSubscriptions.status, [...LIVE_STATUSES]))
    .groupBy(sql`1`, stripeSubscriptions.status, stripeSubscriptions.cancelAtPeriodEnd);
}

/** Subscriptions created per day of the grid, whatever became of them since. */
export async function subscriptionsStartedPerDay(db: Db, starts: readonly Date[]) {
  return db
    .select({ bucket: dayBucket(stripeSubscriptions.createAt, starts), value: count() })
    .from(stripeSubscriptions)
    .where(gte(stripeSubscriptions.createAt, starts[0]!))
    .groupBy(FIRST_COLUMN);
}

/** Paying subscriptions (status active) on licensed recurring prices, grouped by what they cost. */
export async function payingSubscriptionPrices(db: Db) {
  return db
    .select({
      amount: stripePrices.amount,
      currency: stripePrices.currency,
      interval: stripePrices.interval,
      intervalCount: stripePrices.intervalCount,
      n: count(),
    })
    .from(stripeSubscriptions)
    .innerJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .where(and(eq(stripeSubscriptions.status, "active"), eq(stripePrices.type, "recurring"), eq(stripePrices.isUsageMetered, false)))
    .groupBy(stripePrices.amount, stripePrices.currency, stripePrices.interval, stripePrices.intervalCount);
}

/** Sums of succeeded card payments per currency and day of the grid. */
export async function chargesPerDay(db: Db, starts: readonly Date[]) {
  return db
    .select({
      bucket: dayBucket(stripeCharges.createAt, starts),
      currency: stripeCharges.currency,
      value: sql<number>`sum(${stripeCharges.amount})`.mapWith(Number),
    })
    .from(stripeCharges)
    .where(and(eq(stripeCharges.status, "succeeded"), gte(stripeCharges.createAt, starts[0]!)))
    .groupBy(FIRST_COLUMN, stripeCharges.currency);
}

// ---------- one person's plan and payments ----------

/** The user's newest subscription that is not over, with its price and package. */
export async function findOpenSubscriptionJoined(db: Db, userId: number) {
  const [row] = await db
    .select({
      sub: stripeSubscriptions,
      planName: stripePrices.name,
      amount: stripePrices.amount,
      currency: stripePrices.currency,
      interval: stripePrices.interval,
      intervalCount: stripePrices.intervalCount,
      packageName: packages.name,
    })
    .from(stripeSubscriptions)
    .leftJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .leftJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .leftJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(and(eq(stripeSubscriptions.userId, userId), inArray(stripeSubscriptions.status, [...OPEN_STATUSES])))
    .orderBy(desc(stripeSubscriptions.id))
    .limit(1);
  return row;
}

export const recentInvoices = (db: Db, userId: number, limit: number) =>
  db
    .select()
    .from(stripeInvoices)
    .where(eq(stripeInvoices.userId, userId))
    .orderBy(desc(stripeInvoices.createAt), desc(stripeInvoices.id))
    .limit(limit);

/** Amounts paid on the person's invoices, per currency. */
export async function paidTotals(db: Db, userId: number) {
  const rows = await db
    .select({ currency: stripeInvoices.currency, amount: sum(stripeInvoices.amountPaid).mapWith(Number) })
    .from(stripeInvoices)
    .where(and(eq(stripeInvoices.userId, userId), eq(stripeInvoices.status, "paid")))
    .groupBy(stripeInvoices.currency)
    .orderBy(stripeInvoices.currency);
  return rows.map((r) => ({ currency: r.currency, amount: r.amount ?? 0 }));
}
