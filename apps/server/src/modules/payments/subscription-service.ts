import { randomUUID } from "node:crypto";
import type { ListQuery, SubscriptionListQuery } from "@academy/contract/payments";
import { badRequest, conflict, notFound } from "../../lib/http-error.ts";
import { recordActivity } from "../activity/service.ts";
import { ensureCustomer } from "./account-service.ts";
import * as catalogueRepo from "./catalogue-repo.ts";
import { sellablePrice } from "./catalogue-service.ts";
import { paging } from "./list-repo.ts";
import { call, listAnswer, type PaymentsDeps } from "./service-shared.ts";
import * as subscriptionRepo from "./subscription-repo.ts";

// Subscriptions: a candidate's own plan, and staff's view and actions on any.

export async function getSubscription(deps: PaymentsDeps, id: number) {
  const row = await subscriptionRepo.getSubscriptionJoined(deps.db, id);
  if (!row) throw notFound("Subscription not found");
  return subscriptionRepo.subscriptionRow(row, true);
}

/** The user's current plan as our mirror knows it (null until the provider's event has arrived). */
async function subscriptionAnswer(deps: PaymentsDeps, userId: number) {
  const open = await subscriptionRepo.findOpenSubscription(deps.db, userId);
  return open ? subscriptionRepo.subscriptionRow((await subscriptionRepo.getSubscriptionJoined(deps.db, open.id))!, false) : null;
}

export async function getMySubscription(deps: PaymentsDeps, userId: number) {
  return subscriptionAnswer(deps, userId);
}

/** Starts a subscription on the user's default card. Access follows the provider's event. */
export async function subscribe(deps: PaymentsDeps, userId: number, priceId: number) {
  const price = await sellablePrice(deps.db, priceId, true);
  if (await subscriptionRepo.findOpenSubscription(deps.db, userId))
    throw conflict("You already have a plan: change it instead of subscribing again");
  const customer = await ensureCustomer(deps, userId);
  // Tied to this operation: a retry after a lost answer gets the same subscription back.
  const key = `subscribe:${userId}:${priceId}:${await subscriptionRepo.countUserSubscriptions(deps.db, userId)}`;
  await call(() =>
    deps.provider.createSubscription(
      {
        customer: customer.stripeId,
        price: price.stripeId,
        trial_days: price.trialDays,
        metadata: { user_id: String(userId), price_id: String(price.id) },
      },
      key,
    ),
  );
  return subscriptionAnswer(deps, userId);
}

async function ownOpenSubscription(deps: PaymentsDeps, userId: number) {
  const sub = await subscriptionRepo.findOpenSubscription(deps.db, userId);
  if (!sub) throw notFound("You have no plan to change");
  return sub;
}

export async function changePlan(deps: PaymentsDeps, userId: number, priceId: number) {
  const sub = await ownOpenSubscription(deps, userId);
  if (sub.priceId === priceId) throw conflict("You are already on this plan");
  const price = await sellablePrice(deps.db, priceId, true);
  await call(() =>
    deps.provider.changeSubscriptionPrice(sub.stripeId, price.stripeId, `change:${sub.stripeId}:${priceId}:${sub.lastEventAt}`),
  );
  return subscriptionAnswer(deps, userId);
}

/**
 * Sets a subscription to end at the close of its period, or takes that back. A candidate acts on
 * their own (another's answers like a missing one); staff (`{ staff: id }`) on any, logged once the
 * provider took the change (our copy follows with the provider's event, in its own transaction).
 */
export async function setCancelAtPeriodEnd(
  deps: PaymentsDeps,
  actor: number | { staff: number },
  subscriptionId: number | null,
  cancel: boolean,
) {
  const isStaff = typeof actor !== "number";
  const sub =
    subscriptionId === null && !isStaff
      ? await ownOpenSubscription(deps, actor)
      : await subscriptionRepo.findSubscription(deps.db, subscriptionId ?? 0);
  if (!sub || (!isStaff && sub.userId !== actor)) throw notFound("Subscription not found");
  if (sub.status === "canceled") throw conflict("This subscription has already ended");
  if (cancel && sub.cancelAtPeriodEnd) throw conflict("This subscription is already set to end at the close of its period");
  if (!cancel && !sub.cancelAtPeriodEnd) throw conflict("This subscription is not set to end");
  await call(() => deps.provider.setCancelAtPeriodEnd(sub.stripeId, cancel));
  if (isStaff)
    await recordActivity(deps.db, {
      actorId: actor.staff,
      kind: "payments.subscription_end",
      record: { table: "stripe_subscription", id: sub.id },
      subjectUserId: sub.userId,
      summary: cancel ? "Subscription set to end at the close of its period" : "Subscription set to go on (no longer ending)",
      before: { cancel_at_period_end: sub.cancelAtPeriodEnd },
      after: { cancel_at_period_end: cancel },
    });
  return subscriptionRepo.subscriptionRow((await subscriptionRepo.getSubscriptionJoined(deps.db, sub.id))!, isStaff);
}

/** Admin: ends any subscription at once (logged, as `setCancelAtPeriodEnd` logs). */
export async function cancelNow(deps: PaymentsDeps, staffId: number, subscriptionId: number) {
  const sub = await subscriptionRepo.findSubscription(deps.db, subscriptionId);
  if (!sub) throw notFound("Subscription not found");
  if (sub.status === "canceled") throw conflict("This subscription has already ended");
  await call(() => deps.provider.cancelSubscriptionNow(sub.stripeId));
  await recordActivity(deps.db, {
    actorId: staffId,
    kind: "payments.subscription_end",
    record: { table: "stripe_subscription", id: sub.id },
    subjectUserId: sub.userId,
    summary: "Subscription ended at once",
    before: { status: sub.status },
    after: { status: "canceled" },
  });
}

/** Admin: records metered usage, billed at the subscription's next renewal. */
export async function usageCharge(deps: PaymentsDeps, subscriptionId: number, quantity: number) {
  const sub = await subscriptionRepo.findSubscription(deps.db, subscriptionId);
  if (!sub) throw notFound("Subscription not found");
  const price = sub.priceId ? await catalogueRepo.findPrice(deps.db, sub.priceId) : undefined;
  if (!price?.isUsageMetered)
    throw badRequest("This subscription's price is not usage-metered", { subId: "This subscription's price is not usage-metered" });
  if (sub.status === "canceled") throw conflict("This subscription has already ended");
  if (price.usageLimit !== null && quantity > price.usageLimit)
    throw badRequest(`At most ${price.usageLimit} units can be charged at once`, { quantity: `At most ${price.usageLimit}` });
  await call(() => deps.provider.reportUsage(sub.stripeId, quantity, `usage:${randomUUID()}`));
}

export async function listSubscriptions(deps: PaymentsDeps, q: SubscriptionListQuery) {
  const { rows, total } = await subscriptionRepo.listSubscriptions(deps.db, q);
  return listAnswer(
    q,
    rows.map((row) => subscriptionRepo.subscriptionRow(row, true)),
    total,
  );
}

export async function listOwnSubscriptions(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await subscriptionRepo.listSubscriptionsOf(deps.db, userId, paging(q));
  return listAnswer(
    q,
    rows.map((row) => subscriptionRepo.subscriptionRow(row, false)),
    total,
  );
}
