import type { Db } from "../../db/client.ts";
import * as reports from "./reports-repo.ts";

// The payments service, split along the seams of its routes (catalogue, subscriptions, billing,
// the signed-in person's account); this file stays the one other modules and the routes import.
export * from "./account-service.ts";
export * from "./billing-service.ts";
export * from "./catalogue-service.ts";
export * from "./service-shared.ts";
export * from "./subscription-service.ts";

// What other modules read of payments: a user's billing for the staff's view of an account, and
// the academy's subscription and revenue figures for the staff dashboard.

/** A user's open subscription (with its plan), latest `recent` invoices and what they paid in total. */
export async function billingOverview(db: Db, userId: number, recent: number) {
  const [open, invoices, paid] = await Promise.all([
    reports.findOpenSubscriptionJoined(db, userId),
    reports.recentInvoices(db, userId, recent),
    reports.paidTotals(db, userId),
  ]);
  return { open, invoices, paid };
}

/**
 * The academy's subscriptions and money for the days that begin at `starts`: live subscriptions
 * by package and status, subscriptions started and charges per day, and the prices paying ones pay.
 */
export async function subscriptionFigures(db: Db, starts: readonly Date[]) {
  const [live, started, paying, charges] = await Promise.all([
    reports.liveSubscriptions(db),
    reports.subscriptionsStartedPerDay(db, starts),
    reports.payingSubscriptionPrices(db),
    reports.chargesPerDay(db, starts),
  ]);
  return { live, started, paying, charges };
}
