import type { PriceListQuery, ProductListQuery } from "@academy/contract/payments";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { packages } from "../../db/schema/packages.ts";
import { stripeOrders, stripePrices, stripeProducts, stripeSubscriptions } from "../../db/schema/payments.ts";
import { cutOf, type ListCut, optionalEq, page, searchAny } from "./list-repo.ts";

// Products and prices: the catalogue the academy sells, mirrored from the card provider.

export type PriceRecord = typeof stripePrices.$inferSelect;

export type ProductRecord = typeof stripeProducts.$inferSelect;

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

async function listProductsWhere(db: Db, where: SQL | undefined, cut: ListCut) {
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

async function listPricesWhere(db: Db, where: SQL | undefined, cut: ListCut) {
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

/** A package by its slug (the plans a fresh install seeds prices for). */
export async function findPackageBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(packages).where(eq(packages.slug, slug));
  return row;
}

/** The staff's product list: by status, package and a search over name and provider id, in the order asked. */
export function listProducts(db: Db, q: ProductListQuery, status: 0 | 1 | undefined) {
  const where = and(
    optionalEq(stripeProducts.status, status),
    optionalEq(stripeProducts.packageId, q.package_id),
    searchAny(q.q, stripeProducts.name, stripeProducts.stripeId),
  );
  const p = stripeProducts;
  const cut = cutOf(q, { id: p.id, name: p.name, status: p.status, create_at: p.createAt, update_at: p.updateAt });
  return listProductsWhere(db, where, cut);
}

/** The staff's price list: by status, product, package and type, and a search over names and provider id, in the order asked. */
export function listPrices(db: Db, q: PriceListQuery, status: 0 | 1 | undefined) {
  const pr = stripePrices;
  const where = and(
    optionalEq(pr.status, status),
    optionalEq(pr.productId, q.product_id),
    optionalEq(packages.id, q.package_id),
    optionalEq(pr.type, q.type),
    searchAny(q.q, pr.name, pr.stripeId, stripeProducts.name),
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
  return listPricesWhere(db, where, cut);
}
