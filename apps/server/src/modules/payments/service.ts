import { randomUUID } from "node:crypto";
import type {
  ChargeListQuery,
  CreatePriceRequest,
  InvoiceListQuery,
  ListQuery,
  OrderListQuery,
  PriceListQuery,
  ProductListQuery,
  SubscriptionListQuery,
} from "@academy/contract/payments";
import { type AnyColumn, and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error.ts";
import { PaymentError, type PaymentProvider, PROVIDER_UNAVAILABLE } from "../../providers/payments/interface.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import * as repo from "./repo.ts";
import * as reports from "./reports-repo.ts";

// What other modules read of payments: a user's live package and open subscription, their
// invoices, and the academy's subscription and revenue figures for the staff dashboard.
export const findLivePackage = repo.findLivePackage;
export const liveLibraryTierQuery = repo.liveLibraryTierQuery;
export const findOpenSubscriptionJoined = reports.findOpenSubscriptionJoined;
export const recentInvoices = reports.recentInvoices;
export const paidTotals = reports.paidTotals;
export const liveSubscriptions = reports.liveSubscriptions;
export const subscriptionsStartedPerDay = reports.subscriptionsStartedPerDay;
export const payingSubscriptionPrices = reports.payingSubscriptionPrices;
export const chargesPerDay = reports.chargesPerDay;

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

/** A package a product is linked to must exist (a clear 400 rather than a broken reference). */
async function assertPackage(db: Db, packageId: number | null | undefined) {
  if (packageId === null || packageId === undefined) return;
  if (!(await repo.findPackage(db, packageId))) throw badRequest("Package not found", { package_id: "Package not found" });
}

export async function createProduct(deps: PaymentsDeps, input: { name: string; package_id?: number | null }) {
  await assertPackage(deps.db, input.package_id);
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
  await assertPackage(deps.db, input.package_id);
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
          // Only what changes goes to the provider: a rename leaves the price on sale.
          deps.provider.updatePrice(price.stripeId, {
            ...(input.name !== undefined && { nickname: input.name }),
            ...(input.status !== undefined && { active: input.status === 1 }),
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

/**
 * Deletes a price nobody ever bought; one with subscriptions or orders keeps its history and is
 * archived instead. The provider never deletes prices: there it is archived, here it is gone.
 *
 * The provider goes first. Had our row gone first, a provider that failed would leave a price on
 * sale there that nothing here knows of; this way a failure changes nothing on either side and
 * the admin can simply try again.
 */
export async function deletePrice(deps: PaymentsDeps, id: number) {
  const price = await repo.findPrice(deps.db, id);
  if (!price) throw notFound("Price not found");
  if (await repo.isPriceUsed(deps.db, id)) throw conflict("This price has been bought: archive it instead");
  const wasActive = price.status === 1;
  const archived = wasActive ? await archiveAtProvider(deps, price.stripeId) : price.object;
  try {
    await repo.deletePrice(deps.db, id);
  } catch (e) {
    if (foreignKeyViolation(e)) {
      // A purchase slipped in since the check: the price is archived at the provider already, so
      // it is archived here too and its history stays.
      await repo.updatePrice(deps.db, id, { status: 0, object: archived as never });
      throw conflict("This price has been bought meanwhile: it was archived instead");
    }
    // Our row is still there and still on sale: put the provider's price back on sale with it.
    // Should that fail too, the price is only off sale at the provider, and the next delete
    // archives it there again before removing the row.
    if (wasActive) await deps.provider.updatePrice(price.stripeId, { active: true }).catch(() => undefined);
    throw e;
  }
}

async function archiveAtProvider(deps: PaymentsDeps, stripeId: string) {
  try {
    return await call(() => deps.provider.updatePrice(stripeId, { active: false }));
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 502)
      throw new HttpError(502, "The card provider could not archive this price, so it was not deleted. Try again in a moment.", {
        code: PROVIDER_UNAVAILABLE,
      });
    throw e;
  }
}

function foreignKeyViolation(e: unknown) {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.code ?? err.cause?.code) === "23503";
}

export async function getProduct(deps: PaymentsDeps, id: number) {
  const row = await repo.findProductJoined(deps.db, id);
  if (!row) throw notFound("Product not found");
  return repo.productRowJoined(row);
}

export async function getPrice(deps: PaymentsDeps, id: number) {
  const row = await repo.findPriceJoined(deps.db, id);
  if (!row) throw notFound("Price not found");
  return repo.priceRowJoined(row);
}

export async function getInvoice(deps: PaymentsDeps, id: number) {
  const row = await repo.findInvoiceJoined(deps.db, id);
  if (!row) throw notFound("Invoice not found");
  return repo.invoiceRow(row, true);
}

export async function getSubscription(deps: PaymentsDeps, id: number) {
  const row = await repo.getSubscriptionJoined(deps.db, id);
  if (!row) throw notFound("Subscription not found");
  return repo.subscriptionRow(row, true);
}

/**
 * An invoice as a PDF addressed to its customer; `ownerId` limits it to that user's own invoices
 * (the owner rule of `userFilter`, for one row: another person's invoice answers 404).
 */
export async function invoiceDocument(deps: PaymentsDeps, id: number, ownerId?: number) {
  const invoice = await repo.findInvoice(deps.db, id);
  if (!invoice || (ownerId !== undefined && invoice.userId !== ownerId)) throw notFound("Invoice not found");
  const owner = invoice.userId === null ? undefined : await repo.findUser(deps.db, invoice.userId);
  const pdf = invoicePdf(invoice, owner ? { name: `${owner.firstName} ${owner.lastName}`.trim(), email: owner.email } : null);
  return { pdf, fileName: `invoice-${invoice.number ?? invoice.id}.pdf` };
}

/** Active recurring prices that sell a package, with it. */
export const listPlanPrices = (deps: PaymentsDeps) => repo.listPlanPrices(deps.db);

export const findCustomer = (deps: PaymentsDeps, userId: number) => repo.findCustomer(deps.db, userId);

export async function getCharge(deps: PaymentsDeps, id: number) {
  const row = await repo.findChargeJoined(deps.db, id);
  if (!row) throw notFound("Charge not found");
  return repo.chargeRow(row, true);
}

export async function getOrder(deps: PaymentsDeps, id: number) {
  const row = await repo.findOrderJoined(deps.db, id);
  if (!row) throw notFound("Order not found");
  return repo.orderRow(row, true);
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
  const product = await repo.findProduct(db, price.productId);
  // An archived product takes all its prices off sale, whatever their own status.
  if (price.status !== 1 || product?.status !== 1)
    throw badRequest("This plan is no longer available", { price_id: "This plan is no longer available" });
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

/**
 * Sets a subscription to end at the close of its period, or takes that back. A candidate acts on
 * their own (another's answers like a missing one); staff (`"admin"`) on any.
 */
export async function setCancelAtPeriodEnd(deps: PaymentsDeps, actor: number | "admin", subscriptionId: number | null, cancel: boolean) {
  const sub =
    subscriptionId === null && actor !== "admin"
      ? await ownOpenSubscription(deps, actor)
      : await repo.findSubscription(deps.db, subscriptionId ?? 0);
  if (!sub || (actor !== "admin" && sub.userId !== actor)) throw notFound("Subscription not found");
  if (sub.status === "canceled") throw conflict("This subscription has already ended");
  if (cancel && sub.cancelAtPeriodEnd) throw conflict("This subscription is already set to end at the close of its period");
  if (!cancel && !sub.cancelAtPeriodEnd) throw conflict("This subscription is not set to end");
  await call(() => deps.provider.setCancelAtPeriodEnd(sub.stripeId, cancel));
  return repo.subscriptionRow((await repo.getSubscriptionJoined(deps.db, sub.id))!, actor === "admin");
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

/**
 * Whose payment rows a list shows: a candidate's own (userId given), staff everything. This is the
 * one owner rule of the payment mirror's tables. They are INTERNAL_TABLES in records/rules.ts
 * (the records API never serves them) because every change to them must come from the card
 * provider, so the rule cannot live there; it lives here, next to the calls that serve them.
 */
export function userFilter(userId: number | undefined, column: Parameters<typeof eq>[0], extra?: SQL): SQL | undefined {
  return and(userId === undefined ? undefined : eq(column, userId), extra);
}

const optionalEq = (column: AnyColumn, value: string | number | undefined) => (value === undefined ? undefined : eq(column, value));

/** The order of an admin list: the chosen column (from the list's allowlist), else the list's default. */
function cutOf<K extends string>(
  q: ListQuery & { sort?: K; direction: "asc" | "desc" },
  columns: Record<K, AnyColumn>,
  fallback: SQL[] = [],
): repo.ListCut {
  const order = q.sort ? [q.direction === "asc" ? asc(columns[q.sort]) : desc(columns[q.sort])] : fallback;
  return { paging: paging(q), order };
}

const {
  stripePrices: pr,
  stripeProducts: prod,
  stripeSubscriptions: sub,
  stripeInvoices: inv,
  stripeOrders: ord,
  stripeCharges: ch,
} = repo;

export async function listProducts(deps: PaymentsDeps, q: ProductListQuery) {
  const status = statusFilter(q);
  const where = and(
    optionalEq(prod.status, status),
    optionalEq(prod.packageId, q.package_id),
    repo.searchAny(q.q, prod.name, prod.stripeId),
  );
  const cut = cutOf(q, { id: prod.id, name: prod.name, status: prod.status, create_at: prod.createAt, update_at: prod.updateAt });
  const { rows, total } = await repo.listProducts(deps.db, where, cut);
  return listAnswer(q, rows.map(repo.productRowJoined), total);
}

export async function listPrices(deps: PaymentsDeps, q: PriceListQuery) {
  const status = statusFilter(q);
  const where = and(
    optionalEq(pr.status, status),
    optionalEq(pr.productId, q.product_id),
    optionalEq(repo.packages.id, q.package_id),
    optionalEq(pr.type, q.type),
    repo.searchAny(q.q, pr.name, pr.stripeId, prod.name),
  );
  const cut = cutOf(q, {
    id: pr.id,
    name: pr.name,
    amount: pr.amount,
    type: pr.type,
    trial_days: pr.trialDays,
    status: pr.status,
    create_at: pr.createAt,
    update_at: pr.updateAt,
  });
  const { rows, total } = await repo.listPrices(deps.db, where, cut);
  return listAnswer(q, rows.map(repo.priceRowJoined), total);
}

export async function listSubscriptions(deps: PaymentsDeps, q: SubscriptionListQuery) {
  const where = and(
    optionalEq(sub.userId, q.user_id),
    optionalEq(sub.status, q.status),
    optionalEq(sub.priceId, q.price_id),
    repo.searchAny(q.q, repo.users.email, pr.name, sub.stripeId),
  );
  const cut = cutOf(q, {
    id: sub.id,
    email: repo.users.email,
    status: sub.status,
    current_period_end: sub.currentPeriodEnd,
    create_at: sub.createAt,
  });
  const { rows, total } = await repo.listSubscriptions(deps.db, where, cut);
  return listAnswer(
    q,
    rows.map((row) => repo.subscriptionRow(row, true)),
    total,
  );
}

export async function listInvoices(deps: PaymentsDeps, q: InvoiceListQuery, withEmail: boolean) {
  const where = and(
    optionalEq(inv.userId, q.user_id),
    optionalEq(inv.status, q.status),
    repo.searchAny(q.q, inv.number, inv.stripeId, inv.description, repo.users.email),
  );
  const cut = cutOf(q, { id: inv.id, number: inv.number, status: inv.status, amount_due: inv.amountDue, create_at: inv.createAt }, [
    desc(inv.createAt),
  ]);
  const { rows, total } = await repo.listInvoices(deps.db, where, cut);
  return listAnswer(
    q,
    rows.map((row) => repo.invoiceRow(row, withEmail)),
    total,
  );
}

export async function listOrders(deps: PaymentsDeps, q: OrderListQuery) {
  const where = and(
    optionalEq(ord.userId, q.user_id),
    optionalEq(ord.status, q.status),
    repo.searchAny(q.q, ord.stripeId, repo.users.email),
  );
  const cut = cutOf(q, { id: ord.id, status: ord.status, amount: ord.amount, create_at: ord.createAt });
  const { rows, total } = await repo.listOrders(deps.db, where, cut);
  return listAnswer(
    q,
    rows.map((row) => repo.orderRow(row, true)),
    total,
  );
}

export async function listCharges(deps: PaymentsDeps, q: ChargeListQuery) {
  const where = and(optionalEq(ch.userId, q.user_id), optionalEq(ch.status, q.status), repo.searchAny(q.q, ch.stripeId, repo.users.email));
  const cut = cutOf(q, { id: ch.id, status: ch.status, amount: ch.amount, create_at: ch.createAt }, [desc(ch.createAt)]);
  const { rows, total } = await repo.listCharges(deps.db, where, cut);
  return listAnswer(
    q,
    rows.map((row) => repo.chargeRow(row, true)),
    total,
  );
}

/** The signed-in user's own invoices, charges, orders and subscriptions (no emails, newest first). */
export async function listOwnInvoices(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await repo.listInvoices(deps.db, eq(inv.userId, userId), { paging: paging(q), order: [desc(inv.createAt)] });
  return listAnswer(
    q,
    rows.map((row) => repo.invoiceRow(row, false)),
    total,
  );
}

export async function listOwnCharges(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await repo.listCharges(deps.db, eq(ch.userId, userId), { paging: paging(q), order: [desc(ch.createAt)] });
  return listAnswer(
    q,
    rows.map((row) => repo.chargeRow(row, false)),
    total,
  );
}

export async function listOwnOrders(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await repo.listOrders(deps.db, eq(ord.userId, userId), { paging: paging(q), order: [] });
  return listAnswer(
    q,
    rows.map((row) => repo.orderRow(row, false)),
    total,
  );
}

export async function listOwnSubscriptions(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await repo.listSubscriptions(deps.db, eq(sub.userId, userId), { paging: paging(q), order: [] });
  return listAnswer(
    q,
    rows.map((row) => repo.subscriptionRow(row, false)),
    total,
  );
}
