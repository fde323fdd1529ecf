import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
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
export async function findLivePackage(db: Db, userId: number) {
  const [row] = await db
    .select({ pkg: packages })
    .from(stripeSubscriptions)
    .innerJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .innerJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .innerJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(and(eq(stripeSubscriptions.userId, userId), inArray(stripeSubscriptions.status, [...LIVE_STATUSES])))
    .orderBy(desc(packages.displayOrder))
    .limit(1);
  return row?.pkg;
}

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

async function count(db: Db, table: PgTable, where: SQL | undefined) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
}

export async function listSubscriptions(db: Db, where: SQL | undefined, paging: Paging) {
  const q = subscriptionQuery(db).where(where).orderBy(desc(stripeSubscriptions.id)).offset(paging.offset);
  const rows = paging.limit === null ? await q : await q.limit(paging.limit);
  return { rows, total: await count(db, stripeSubscriptions, where) };
}

export async function listProducts(db: Db, where: SQL | undefined, paging: Paging) {
  const q = db.select().from(stripeProducts).where(where).orderBy(desc(stripeProducts.id)).offset(paging.offset);
  const rows = paging.limit === null ? await q : await q.limit(paging.limit);
  return { rows, total: await count(db, stripeProducts, where) };
}

export async function listPrices(db: Db, where: SQL | undefined, paging: Paging) {
  const q = db.select().from(stripePrices).where(where).orderBy(desc(stripePrices.id)).offset(paging.offset);
  const rows = paging.limit === null ? await q : await q.limit(paging.limit);
  return { rows, total: await count(db, stripePrices, where) };
}

export async function listInvoices(db: Db, where: SQL | undefined, paging: Paging) {
  const q = db
    .select({ inv: stripeInvoices, email: users.email })
    .from(stripeInvoices)
    .leftJoin(users, eq(users.id, stripeInvoices.userId))
    .where(where)
    .orderBy(desc(stripeInvoices.createAt), desc(stripeInvoices.id))
    .offset(paging.offset);
  const rows = paging.limit === null ? await q : await q.limit(paging.limit);
  return { rows, total: await count(db, stripeInvoices, where) };
}

export const invoiceRow = (r: { inv: typeof stripeInvoices.$inferSelect; email: string | null }, withEmail: boolean) => ({
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
  create_at: r.inv.createAt.toISOString(),
});

export async function findInvoice(db: Db, id: number) {
  const [row] = await db.select().from(stripeInvoices).where(eq(stripeInvoices.id, id));
  return row;
}

export async function listCharges(db: Db, where: SQL | undefined, paging: Paging) {
  const q = db
    .select()
    .from(stripeCharges)
    .where(where)
    .orderBy(desc(stripeCharges.createAt), desc(stripeCharges.id))
    .offset(paging.offset);
  const rows = paging.limit === null ? await q : await q.limit(paging.limit);
  return {
    rows: rows.map((c) => ({
      id: c.id,
      user_id: c.userId,
      stripe_id: c.stripeId,
      amount: c.amount,
      currency: c.currency,
      status: c.status,
      failure_message: c.failureMessage,
      create_at: c.createAt.toISOString(),
    })),
    total: await count(db, stripeCharges, where),
  };
}

export async function listOrders(db: Db, where: SQL | undefined, paging: Paging) {
  const q = db.select().from(stripeOrders).where(where).orderBy(desc(stripeOrders.id)).offset(paging.offset);
  const rows = paging.limit === null ? await q : await q.limit(paging.limit);
  return {
    rows: rows.map((o) => ({
      id: o.id,
      user_id: o.userId,
      stripe_id: o.stripeId,
      price_id: o.priceId,
      amount: o.amount,
      currency: o.currency,
      status: o.status,
      create_at: o.createAt.toISOString(),
    })),
    total: await count(db, stripeOrders, where),
  };
}

/** Active prices of active products that sell a package: what the plan picker offers. */
export async function listPlanPrices(db: Db) {
  return db
    .select({ price: stripePrices, pkg: packages })
    .from(stripePrices)
    .innerJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .innerJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(and(eq(stripePrices.status, 1), eq(stripeProducts.status, 1), eq(packages.status, "active"), eq(stripePrices.type, "recurring")))
    .orderBy(packages.displayOrder, stripePrices.amount);
}

export { stripeCharges, stripeInvoices, stripeOrders, stripePrices, stripeProducts, stripeSubscriptions };
