import { randomUUID } from "node:crypto";
import type { CreatePriceRequest, ListQuery } from "@academy/contract/payments";
import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error.ts";
import { PaymentError, type PaymentProvider } from "../../providers/payments/interface.ts";
import * as repo from "./repo.ts";

export type PaymentsDeps = { db: Db; provider: PaymentProvider; currency: string; publicUrl: string };

/** Runs a provider call and turns its refusals (declined card, unknown object...) into clear 4xx answers. */
export async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PaymentError) throw new HttpError(e.status, e.message, { code: e.code });
    throw e;
  }
}

/** The `status` filter of product and price lists: 0 archived, 1 active. */
export function statusFilter(q: ListQuery): 0 | 1 | undefined {
  if (q.status === undefined) return undefined;
  if (q.status !== "0" && q.status !== "1") throw badRequest("status must be 0 or 1", { status: "status must be 0 or 1" });
  return Number(q.status) as 0 | 1;
}

export function paging(q: ListQuery): repo.Paging {
  return q.limit === "all" ? { offset: 0, limit: null } : { offset: (q.page - 1) * q.limit, limit: q.limit };
}

export function listAnswer<T>(q: ListQuery, rows: T[], total: number) {
  const limit = q.limit === "all" ? Math.max(total, 1) : q.limit;
  return {
    error: false as const,
    list: rows,
    total,
    limit,
    num_pages: Math.max(1, Math.ceil(total / limit)),
    page: q.limit === "all" ? 1 : q.page,
  };
}

// ---------- products and prices (admin) ----------

export async function createProduct(deps: PaymentsDeps, input: { name: string; package_id?: number | null }) {
  const product = await call(() => deps.provider.createProduct({ name: input.name, metadata: {} }, `product:${randomUUID()}`));
  return repo.insertProduct(deps.db, {
    name: input.name,
    stripeId: product.id,
    packageId: input.package_id ?? null,
    object: product as never,
    status: 1,
  });
}

export async function updateProduct(deps: PaymentsDeps, id: number, input: { name?: string; package_id?: number | null; status?: 0 | 1 }) {
  const product = await repo.findProduct(deps.db, id);
  if (!product) throw notFound("Product not found");
  const object =
    input.name !== undefined || input.status !== undefined
      ? await call(() =>
          deps.provider.updateProduct(product.stripeId, {
            name: input.name,
            active: input.status === undefined ? undefined : input.status === 1,
          }),
        )
      : product.object;
  await repo.updateProduct(deps.db, id, { name: input.name, packageId: input.package_id, status: input.status, object: object as never });
}

export async function createPrice(deps: PaymentsDeps, input: CreatePriceRequest) {
  const product = await repo.findProduct(deps.db, input.product_id);
  if (!product) throw badRequest("Product not found", { product_id: "Product not found" });
  const metered = input.usage_type === "metered";
  const recurring =
    input.type === "recurring" && input.interval && input.interval !== "lifetime"
      ? {
          interval: input.interval,
          interval_count: input.interval_count,
          usage_type: metered ? ("metered" as const) : ("licensed" as const),
        }
      : null;
  const price = await call(() =>
    deps.provider.createPrice(
      {
        product: product.stripeId,
        unit_amount: input.amount,
        currency: deps.currency,
        nickname: input.name,
        recurring,
        metadata: { type: input.type },
      },
      `price:${randomUUID()}`,
    ),
  );
  return repo.insertPrice(deps.db, {
    name: input.name,
    productId: product.id,
    stripeId: price.id,
    isUsageMetered: metered,
    usageLimit: input.usage_limit ?? null,
    object: price as never,
    amount: input.amount,
    currency: deps.currency,
    trialDays: recurring ? input.trial_days : 0,
    type: input.type,
    interval: recurring ? recurring.interval : input.type === "lifetime" ? "lifetime" : null,
    intervalCount: recurring ? input.interval_count : 1,
    status: 1,
  });
}

export async function updatePrice(
  deps: PaymentsDeps,
  id: number,
  input: { name?: string; status?: 0 | 1; usage_limit?: number | null; trial_days?: number },
) {
  const price = await repo.findPrice(deps.db, id);
  if (!price) throw notFound("Price not found");
  const object =
    input.name !== undefined || input.status !== undefined
      ? await call(() =>
          deps.provider.updatePrice(price.stripeId, {
            nickname: input.name,
            active: input.status === undefined ? undefined : input.status === 1,
          }),
        )
      : price.object;
  await repo.updatePrice(deps.db, id, {
    name: input.name,
    status: input.status,
    usageLimit: input.usage_limit,
    trialDays: input.trial_days,
    object: object as never,
  });
}

// ---------- customers and cards ----------

/** The user's customer at the provider, made on first need (once, whatever the retries). */
export async function ensureCustomer(deps: PaymentsDeps, userId: number) {
  const existing = await repo.findCustomer(deps.db, userId);
  if (existing) return existing;
  const user = await repo.findUser(deps.db, userId);
  if (!user) throw notFound("User not found");
  const customer = await call(() =>
    deps.provider.createCustomer(
      { email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), metadata: { user_id: String(userId) } },
      `customer:${userId}`,
    ),
  );
  await repo.insertCustomer(deps.db, userId, customer.id);
  return (await repo.findCustomer(deps.db, userId))!;
}

export async function listCards(deps: PaymentsDeps, userId: number) {
  const customer = await repo.findCustomer(deps.db, userId);
  if (!customer) return [];
  const { cards, defaultCard } = await call(() => deps.provider.listCards(customer.stripeId));
  return cards.map((c) => ({ ...c, is_default: c.id === defaultCard }));
}

export async function addCard(deps: PaymentsDeps, userId: number, token: string) {
  const customer = await ensureCustomer(deps, userId);
  const card = await call(() => deps.provider.attachCard(customer.stripeId, token, `card:${customer.stripeId}:${token}`));
  const { defaultCard } = await call(() => deps.provider.listCards(customer.stripeId));
  return { ...card, is_default: card.id === defaultCard };
}

async function customerOrNotFound(deps: PaymentsDeps, userId: number) {
  const customer = await repo.findCustomer(deps.db, userId);
  if (!customer) throw notFound("Card not found");
  return customer;
}

export async function setDefaultCard(deps: PaymentsDeps, userId: number, cardId: string) {
  const customer = await customerOrNotFound(deps, userId);
  await call(() => deps.provider.setDefaultCard(customer.stripeId, cardId)).catch(rename404("Card not found"));
}

export async function deleteCard(deps: PaymentsDeps, userId: number, cardId: string) {
  const customer = await customerOrNotFound(deps, userId);
  await call(() => deps.provider.detachCard(customer.stripeId, cardId)).catch(rename404("Card not found"));
}

const rename404 = (message: string) => (e: unknown) => {
  if (e instanceof HttpError && e.statusCode === 404) throw notFound(message);
  throw e;
};

// ---------- subscriptions ----------

async function sellablePrice(db: Db, priceId: number, recurring: boolean) {
  const price = await repo.findPrice(db, priceId);
  if (!price) throw notFound("Price not found");
  if (price.status !== 1) throw badRequest("This plan is no longer available", { price_id: "This plan is no longer available" });
  if (recurring && price.type !== "recurring")
    throw badRequest("This price is not a subscription plan", { price_id: "This price is not a subscription plan" });
  return price;
}

/** The user's current plan as our mirror knows it (null until the provider's event has arrived). */
async function subscriptionAnswer(deps: PaymentsDeps, userId: number) {
  const open = await repo.findOpenSubscription(deps.db, userId);
  return open ? repo.subscriptionRow((await repo.getSubscriptionJoined(deps.db, open.id))!, false) : null;
}

export async function getMySubscription(deps: PaymentsDeps, userId: number) {
  return subscriptionAnswer(deps, userId);
}

/** Starts a subscription on the user's default card. Access follows the provider's event. */
export async function subscribe(deps: PaymentsDeps, userId: number, priceId: number) {
  const price = await sellablePrice(deps.db, priceId, true);
  if (await repo.findOpenSubscription(deps.db, userId)) throw conflict("You already have a plan: change it instead of subscribing again");
  const customer = await ensureCustomer(deps, userId);
  // Tied to this operation: a retry after a lost answer gets the same subscription back.
  const key = `subscribe:${userId}:${priceId}:${await repo.countUserSubscriptions(deps.db, userId)}`;
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
  const sub = await repo.findOpenSubscription(deps.db, userId);
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

export async function setCancelAtPeriodEnd(deps: PaymentsDeps, userId: number, subscriptionId: number | null, cancel: boolean) {
  const sub = subscriptionId === null ? await ownOpenSubscription(deps, userId) : await repo.findSubscription(deps.db, subscriptionId);
  // Another user's subscription answers exactly like a missing one.
  if (!sub || sub.userId !== userId) throw notFound("Subscription not found");
  if (sub.status === "canceled") throw conflict("This subscription has already ended");
  if (cancel && sub.cancelAtPeriodEnd) throw conflict("This subscription is already set to end at the close of its period");
  if (!cancel && !sub.cancelAtPeriodEnd) throw conflict("This subscription is not set to end");
  await call(() => deps.provider.setCancelAtPeriodEnd(sub.stripeId, cancel));
  return repo.subscriptionRow((await repo.getSubscriptionJoined(deps.db, sub.id))!, false);
}

/** Admin: ends any subscription at once. */
export async function cancelNow(deps: PaymentsDeps, subscriptionId: number) {
  const sub = await repo.findSubscription(deps.db, subscriptionId);
  if (!sub) throw notFound("Subscription not found");
  if (sub.status === "canceled") throw conflict("This subscription has already ended");
  await call(() => deps.provider.cancelSubscriptionNow(sub.stripeId));
}

/** Admin: records metered usage, billed at the subscription's next renewal. */
export async function usageCharge(deps: PaymentsDeps, subscriptionId: number, quantity: number) {
  const sub = await repo.findSubscription(deps.db, subscriptionId);
  if (!sub) throw notFound("Subscription not found");
  const price = sub.priceId ? await repo.findPrice(deps.db, sub.priceId) : undefined;
  if (!price?.isUsageMetered)
    throw badRequest("This subscription's price is not usage-metered", { subId: "This subscription's price is not usage-metered" });
  if (sub.status === "canceled") throw conflict("This subscription has already ended");
  if (price.usageLimit !== null && quantity > price.usageLimit)
    throw badRequest(`At most ${price.usageLimit} units can be charged at once`, { quantity: `At most ${price.usageLimit}` });
  await call(() => deps.provider.reportUsage(sub.stripeId, quantity, `usage:${randomUUID()}`));
}

// ---------- checkout ----------

export async function createCheckout(deps: PaymentsDeps, userId: number, priceId: number) {
  const price = await sellablePrice(deps.db, priceId, false);
  const isSubscription = price.type === "recurring";
  if (isSubscription && (await repo.findOpenSubscription(deps.db, userId)))
    throw conflict("You already have a plan: change it instead of subscribing again");
  const customer = await ensureCustomer(deps, userId);
  return call(() =>
    deps.provider.createCheckoutSession(
      {
        customer: customer.stripeId,
        price: price.stripeId,
        mode: isSubscription ? "subscription" : "payment",
        trial_days: price.trialDays,
        success_url: `${deps.publicUrl}/user/card-details?checkout=success`,
        cancel_url: `${deps.publicUrl}/user/card-details?checkout=cancelled`,
        metadata: { user_id: String(userId), price_id: String(price.id) },
      },
      `checkout:${userId}:${randomUUID()}`,
    ),
  );
}

/**
 * Signs up and starts a checkout for `priceId`. The price is checked first, so a plan that is
 * not on sale makes no account.
 */
export async function registerAndCheckout<S extends { user_id: number }>(
  deps: PaymentsDeps,
  register: (input: { email: string; password: string; first_name?: string; last_name?: string }) => Promise<S>,
  input: { email: string; password: string; first_name?: string; last_name?: string; price_id: number },
) {
  await sellablePrice(deps.db, input.price_id, false);
  const { price_id, ...account } = input;
  const session = await register(account);
  const checkout = await createCheckout(deps, session.user_id, price_id);
  return { session, checkout };
}

// ---------- lists ----------

export function userFilter(userId: number | undefined, column: Parameters<typeof eq>[0], extra?: SQL): SQL | undefined {
  return and(userId === undefined ? undefined : eq(column, userId), extra);
}
