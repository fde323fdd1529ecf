import * as reports from "./reports-repo.ts";
import * as subscriptionRepo from "./subscription-repo.ts";

// The payments service, split along the seams of its routes (catalogue, subscriptions, billing,
// the signed-in person's account); this file stays the one other modules and the routes import.
export * from "./account-service.ts";
export * from "./billing-service.ts";
export * from "./catalogue-service.ts";
export * from "./service-shared.ts";
export * from "./subscription-service.ts";

// What other modules read of payments: a user's live package and open subscription, their
// invoices, and the academy's subscription and revenue figures for the staff dashboard.
export const findLivePackage = subscriptionRepo.findLivePackage;
export const liveLibraryTierQuery = subscriptionRepo.liveLibraryTierQuery;

export const findOpenSubscriptionJoined = reports.findOpenSubscriptionJoined;

export const recentInvoices = reports.recentInvoices;

export const paidTotals = reports.paidTotals;

export const liveSubscriptions = reports.liveSubscriptions;

export const subscriptionsStartedPerDay = reports.subscriptionsStartedPerDay;

export const payingSubscriptionPrices = reports.payingSubscriptionPrices;

export const chargesPerDay = reports.chargesPerDay;
