import { and, type Column, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { packages } from "../../db/schema/packages.ts";
import {
  stripeCharges,
  stripeCustomers,
  stripeInvoices,
  stripeOrders,
  stripePrices,
  stripeProducts,
  stripeSubscriptions,
} from "../../db/schema/payments.ts";
import { users } from "../../db/schema/users.ts";
import { containsPattern } from "../../lib/like.ts";

export type PriceRecord = typeof stripePrices.$inferSelect;
export type ProductRecord = typeof stripeProducts.$inferSelect;
export type SubscriptionRecord = typeof stripeSubscriptions.$inferSelect;

/** Subscription states that still give access (cancel-at-period-end stays active until it ends). */
export const LIVE_STATUSES = ["active", "trialing"] as const;
/** States in which a user may not start a second subscription. */
export const OPEN_STATUSES = ["active", "trialing", "past_due", "incomplete", "unpaid"] as const;

export type Paging = { offset: number; limit: number | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function findProduct(db: Db, id: number) {
  const [row] = await db.select().from(stripeProducts).where(eq(stripeProducts.id, id));
  return row;
}

export async function insertProduct(db: Db, values: typeof stripeProducts.$inferInsert) {
  const [row] = await db.insert(stripeProducts).values(values).returning();
  return row!;
}

export async function updateProduct(db: Db, id: number, values: Partial<typeof stripeProducts.$inferInsert>) {
  await db
    .update(stripeProducts)
    .set({ ...values, updateAt: new Date() })
    .where(eq(stripeProducts.id, id));
}

export async function findPackage(db: Db, id: number) {
  const [row] = await db.select({ id: packages.id }).from(packages).where(eq(packages.id, id));
  return row;
}

export async function findPrice(db: Db, id: number) {
  const [row] = await db.select().from(stripePrices).where(eq(stripePrices.id, id));
  return row;
}

export async function insertPrice(db: Db, values: typeof stripePrices.$inferInsert) {
  const [row] = await db.insert(stripePrices).values(values).returning();
  return row!;
}

export async function updatePrice(db: Db, id: number, values: Partial<typeof stripePrices.$inferInsert>) {
  await db
    .update(stripePrices)
    .set({ ...values, updateAt: new Date() })
    .where(eq(stripePrices.id, id));
}

export async function countPrices(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stripePrices);
  return row?.n ?? 0;
}

export async function findCustomer(db: Db, userId: number) {
  const [row] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
  return row;
}

export async function insertCustomer(db: Db, userId: number, stripeId: string) {
  await db.insert(stripeCustomers).values({ userId, stripeId }).onConflictDoNothing({ target: stripeCustomers.userId });
}

export async function findUser(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

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

/** The package of the user's live subscription, if any. */
/** A user's live subscription, joined to its package (the package's columns decide what it gives). */
const liveOf = (userId: number) => and(eq(stripeSubscriptions.userId, userId), inArray(stripeSubscriptions.status, [...LIVE_STATUSES]));

export async function findLivePackage(db: Db, userId: number) {
  const [row] = await db
    .select({ pkg: packages })
    .from(stripeSubscriptions)
    .innerJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .innerJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .innerJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(liveOf(userId))
    .orderBy(desc(packages.displayOrder))
    .limit(1);
  return row?.pkg;
}

/**
 * The library tier of the package findLivePackage finds, as a subquery (no row without a live
 * subscription): for statements that decide access in the database.
 */
export const liveLibraryTierQuery = (db: Db, userId: number) =>
  db
    .select({ tier: packages.libraryTier })
    .from(stripeSubscriptions)
    .innerJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .innerJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .innerJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(liveOf(userId))
    .orderBy(desc(packages.displayOrder))
    .limit(1);

// ---------- rows as the API answers them ----------

export const productRow = (p: ProductRecord) => ({
  id: p.id,
  name: p.name,
  stripe_id: p.stripeId,
  package_id: p.packageId,
  status: p.status,
  object: p.object,
  create_at: p.createAt.toISOString(),
  update_at: p.updateAt.toISOString(),
});

export const priceRow = (p: PriceRecord) => ({
  id: p.id,
  name: p.name,
  product_id: p.productId,
  stripe_id: p.stripeId,
  is_usage_metered: p.isUsageMetered ? 1 : 0,
  usage_limit: p.usageLimit,
  object: p.object,
  amount: p.amount,
  currency: p.currency,
  trial_days: p.trialDays,
  type: p.type,
  interval: p.interval,
  interval_count: p.intervalCount,
  status: p.status,
  create_at: p.createAt.toISOString(),
  update_at: p.updateAt.toISOString(),
});

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

/** How a list is cut: which page, in what order (the id last, so pages never overlap). */
export type ListCut = { paging: Paging; order: SQL[] };

/** Case-insensitive "contains" over any of `columns`; the text is matched literally. */
export function searchAny(text: string | undefined, ...columns: Column[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** One page of a dynamic select (every row for `limit: null`). */
function page<T extends PgSelect>(q: T, paging: Paging) {
  const from = q.offset(paging.offset);
  return paging.limit === null ? from : from.limit(paging.limit);
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

const productSelect = {
  product: stripeProducts,
  packageName: packages.name,
  activePrices: sql<number>`(SELECT count(*)::int FROM ${stripePrices} WHERE ${stripePrices.productId} = ${stripeProducts.id} AND ${stripePrices.status} = 1)`,
};

export const productRowJoined = (r: { product: ProductRecord; packageName: string | null; activePrices: number }) => ({
  ...productRow(r.product),
  package_name: r.packageName,
  active_prices: Number(r.activePrices),
});

export async function findProductJoined(db: Db, id: number) {
  const [row] = await db
    .select(productSelect)
    .from(stripeProducts)
    .leftJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(eq(stripeProducts.id, id));
  return row;
}

export async function listProducts(db: Db, where: SQL | undefined, cut: ListCut) {
  const rows = await page(
    db
      .select(productSelect)
      .from(stripeProducts)
      .leftJoin(packages, eq(packages.id, stripeProducts.packageId))
      .where(where)
      .orderBy(...cut.order, desc(stripeProducts.id))
      .$dynamic(),
    cut.paging,
  );
  const [total] = await db.select({ n: count() }).from(stripeProducts).where(where);
  return { rows, total: total?.n ?? 0 };
}

const priceSelect = { price: stripePrices, productName: stripeProducts.name, packageId: packages.id, packageName: packages.name };

export const priceRowJoined = (r: {
  price: PriceRecord;
  productName: string | null;
  packageId: number | null;
  packageName: string | null;
}) => ({
  ...priceRow(r.price),
  product_name: r.productName ?? "",
  package_id: r.packageId,
  package_name: r.packageName,
});

function priceQuery(db: Db) {
  return db
    .select(priceSelect)
    .from(stripePrices)
    .leftJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .leftJoin(packages, eq(packages.id, stripeProducts.packageId));
}

export async function findPriceJoined(db: Db, id: number) {
  const [row] = await priceQuery(db).where(eq(stripePrices.id, id));
  return row;
}

export async function listPrices(db: Db, where: SQL | undefined, cut: ListCut) {
  const rows = await page(
    priceQuery(db)
      .where(where)
      .orderBy(...cut.order, desc(stripePrices.id))
      .$dynamic(),
    cut.paging,
  );
  const [total] = await db
    .select({ n: count() })
    .from(stripePrices)
    .leftJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .leftJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Whether anyone ever bought the price: such a price is archived, never deleted. */
export async function isPriceUsed(db: Db, id: number) {
  const [sub] = await db
    .select({ id: stripeSubscriptions.id })
    .from(stripeSubscriptions)
    .where(eq(stripeSubscriptions.priceId, id))
    .limit(1);
  if (sub) return true;
  const [order] = await db.select({ id: stripeOrders.id }).from(stripeOrders).where(eq(stripeOrders.priceId, id)).limit(1);
  return !!order;
}

export async function deletePrice(db: Db, id: number) {
  await db.delete(stripePrices).where(eq(stripePrices.id, id));
}

const subscriptionOfInvoice = alias(stripeSubscriptions, "invoice_subscription");

function invoiceQuery(db: Db) {
  return db
    .select({ inv: stripeInvoices, email: users.email, subscriptionId: subscriptionOfInvoice.id })
    .from(stripeInvoices)
    .leftJoin(users, eq(users.id, stripeInvoices.userId))
    .leftJoin(subscriptionOfInvoice, eq(subscriptionOfInvoice.stripeId, stripeInvoices.subscriptionStripeId));
}

export async function listInvoices(db: Db, where: SQL | undefined, cut: ListCut) {
  const rows = await page(
    invoiceQuery(db)
      .where(where)
      .orderBy(...cut.order, desc(stripeInvoices.id))
      .$dynamic(),
    cut.paging,
  );
  const [total] = await db.select({ n: count() }).from(stripeInvoices).leftJoin(users, eq(users.id, stripeInvoices.userId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findInvoiceJoined(db: Db, id: number) {
  const [row] = await invoiceQuery(db).where(eq(stripeInvoices.id, id));
  return row;
}

export const invoiceRow = (
  r: { inv: typeof stripeInvoices.$inferSelect; email: string | null; subscriptionId?: number | null },
  withEmail: boolean,
) => ({
  id: r.inv.id,
  user_id: r.inv.userId,
  ...(withEmail && r.email ? { email: r.email } : {}),
  stripe_id: r.inv.stripeId,
  number: r.inv.number,
  status: r.inv.status,
  amount_due: r.inv.amountDue,
  amount_paid: r.inv.amountPaid,
  currency: r.inv.currency,
  description: r.inv.description,
  ...(withEmail ? { subscription_id: r.subscriptionId ?? null } : {}),
  create_at: r.inv.createAt.toISOString(),
});

export async function findInvoice(db: Db, id: number) {
  const [row] = await db.select().from(stripeInvoices).where(eq(stripeInvoices.id, id));
  return row;
}

const invoiceOfCharge = alias(stripeInvoices, "charge_invoice");

function chargeQuery(db: Db) {
  return db
    .select({ charge: stripeCharges, email: users.email, invoiceId: invoiceOfCharge.id, invoiceNumber: invoiceOfCharge.number })
    .from(stripeCharges)
    .leftJoin(users, eq(users.id, stripeCharges.userId))
    .leftJoin(invoiceOfCharge, eq(invoiceOfCharge.stripeId, stripeCharges.invoiceStripeId));
}

type ChargeJoined = {
  charge: typeof stripeCharges.$inferSelect;
  email: string | null;
  invoiceId: number | null;
  invoiceNumber: string | null;
};

export const chargeRow = ({ charge: c, email, invoiceId, invoiceNumber }: ChargeJoined, withEmail: boolean) => ({
  id: c.id,
  user_id: c.userId,
  ...(withEmail && email ? { email } : {}),
  ...(withEmail ? { invoice_id: invoiceId, invoice_number: invoiceNumber } : {}),
  stripe_id: c.stripeId,
  amount: c.amount,
  currency: c.currency,
  status: c.status,
  failure_message: c.failureMessage,
  create_at: c.createAt.toISOString(),
});

export async function listCharges(db: Db, where: SQL | undefined, cut: ListCut) {
  const rows = await page(
    chargeQuery(db)
      .where(where)
      .orderBy(...cut.order, desc(stripeCharges.id))
      .$dynamic(),
    cut.paging,
  );
  const [total] = await db.select({ n: count() }).from(stripeCharges).leftJoin(users, eq(users.id, stripeCharges.userId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findChargeJoined(db: Db, id: number) {
  const [row] = await chargeQuery(db).where(eq(stripeCharges.id, id));
  return row;
}

function orderQuery(db: Db) {
  return db
    .select({ order: stripeOrders, email: users.email, priceName: stripePrices.name })
    .from(stripeOrders)
    .leftJoin(users, eq(users.id, stripeOrders.userId))
    .leftJoin(stripePrices, eq(stripePrices.id, stripeOrders.priceId));
}

type OrderJoined = { order: typeof stripeOrders.$inferSelect; email: string | null; priceName: string | null };

export const orderRow = ({ order: o, email, priceName }: OrderJoined, withEmail: boolean) => ({
  id: o.id,
  user_id: o.userId,
  ...(withEmail && email ? { email } : {}),
  stripe_id: o.stripeId,
  price_id: o.priceId,
  price_name: priceName,
  amount: o.amount,
  currency: o.currency,
  status: o.status,
  create_at: o.createAt.toISOString(),
});

export async function listOrders(db: Db, where: SQL | undefined, cut: ListCut) {
  const rows = await page(
    orderQuery(db)
      .where(where)
      .orderBy(...cut.order, desc(stripeOrders.id))
      .$dynamic(),
    cut.paging,
  );
  const [total] = await db.select({ n: count() }).from(stripeOrders).leftJoin(users, eq(users.id, stripeOrders.userId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findOrderJoined(db: Db, id: number) {
  const [row] = await orderQuery(db).where(eq(stripeOrders.id, id));
  return row;
}

/**
 * Active prices of active products that sell a package: what the plan picker offers. "On sale"
 * is the condition of stripe_price's `publicRows` in records/rules.ts (status 1), narrowed here
 * to recurring prices of active products and packages; the records rule stays the answer on who
 * may read the price table itself.
 */
export async function listPlanPrices(db: Db) {
  return db
    .select({ price: stripePrices, pkg: packages })
    .from(stripePrices)
    .innerJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .innerJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(and(eq(stripePrices.status, 1), eq(stripeProducts.status, 1), eq(packages.status, "active"), eq(stripePrices.type, "recurring")))
    .orderBy(packages.displayOrder, stripePrices.amount);
}

export { packages, stripeCharges, stripeInvoices, stripeOrders, stripePrices, stripeProducts, stripeSubscriptions, users };
