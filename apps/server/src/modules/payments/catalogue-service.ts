import { randomUUID } from "node:crypto";
import type { CreatePriceRequest, PriceListQuery, ProductListQuery } from "@academy/contract/payments";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error.ts";
import { PROVIDER_UNAVAILABLE } from "../../providers/payments/interface.ts";
import { changedFields, recordActivity } from "../activity/service.ts";
import * as catalogueRepo from "./catalogue-repo.ts";
import { call, listAnswer, type PaymentsDeps, statusFilter } from "./service-shared.ts";

// The catalogue (staff): products and prices, kept in step with the card provider; what is on sale.

/** A package a product is linked to must exist (a clear 400 rather than a broken reference). */
async function assertPackage(db: Db, packageId: number | null | undefined) {
  if (packageId === null || packageId === undefined) return;
  if (!(await catalogueRepo.findPackage(db, packageId))) throw badRequest("Package not found", { package_id: "Package not found" });
}

// Each staff change of the catalogue is written to the activity log in the transaction that
// writes our copy of it. The provider is asked first (as before the log): a provider that refuses
// leaves neither; a log that cannot be written leaves our copy as it was (the provider's object
// is then ahead of ours, as it is when any write of our copy fails, and the next change catches up).

const productFields = (p: { name: string; packageId: number | null; status: number }) => ({
  name: p.name,
  package_id: p.packageId,
  status: p.status,
});
const priceFields = (p: catalogueRepo.PriceRecord) => ({
  name: p.name,
  product_id: p.productId,
  amount: p.amount,
  currency: p.currency,
  type: p.type,
  interval: p.interval,
  status: p.status,
  usage_limit: p.usageLimit,
  trial_days: p.trialDays,
});
const onSale = (status: number | undefined) => (status === 1 ? "put on sale" : "archived");

/** `actorId`: the staff member adding it; null for the seed of a fresh install (not logged). */
export async function createProduct(deps: PaymentsDeps, actorId: number | null, input: { name: string; package_id?: number | null }) {
  await assertPackage(deps.db, input.package_id);
  const product = await call(() => deps.provider.createProduct({ name: input.name, metadata: {} }, `product:${randomUUID()}`));
  return deps.db.transaction(async (tx) => {
    const row = await catalogueRepo.insertProduct(tx, {
      name: input.name,
      stripeId: product.id,
      packageId: input.package_id ?? null,
      object: product as never,
      status: 1,
    });
    if (actorId !== null)
      await recordActivity(tx, {
        actorId,
        kind: "payments.product",
        record: { table: "stripe_product", id: row.id },
        summary: `Product ${row.name} added`,
        after: productFields(row),
      });
    return row;
  });
}

export async function updateProduct(
  deps: PaymentsDeps,
  actorId: number,
  id: number,
  input: { name?: string; package_id?: number | null; status?: 0 | 1 },
) {
  const product = await catalogueRepo.findProduct(deps.db, id);
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
  const was = productFields(product);
  const change = changedFields(was, {
    ...was,
    ...(input.name !== undefined && { name: input.name }),
    ...(input.package_id !== undefined && { package_id: input.package_id }),
    ...(input.status !== undefined && { status: input.status }),
  });
  await deps.db.transaction(async (tx) => {
    await catalogueRepo.updateProduct(tx, id, {
      name: input.name,
      packageId: input.package_id,
      status: input.status,
      object: object as never,
    });
    const name = input.name ?? product.name;
    if (change.isChanged)
      await recordActivity(tx, {
        actorId,
        kind: "payments.product",
        record: { table: "stripe_product", id },
        summary: "status" in change.after ? `Product ${name} ${onSale(input.status)}` : `Product ${name} changed`,
        before: change.before,
        after: change.after,
      });
  });
}

/** `actorId`: the staff member adding it; null for the seed of a fresh install (not logged). */
export async function createPrice(deps: PaymentsDeps, actorId: number | null, input: CreatePriceRequest) {
  const product = await catalogueRepo.findProduct(deps.db, input.product_id);
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
  return deps.db.transaction(async (tx) => {
    const row = await insertPriceRow(tx, deps.currency, product.id, price, input, recurring, metered);
    if (actorId !== null)
      await recordActivity(tx, {
        actorId,
        kind: "payments.price",
        record: { table: "stripe_price", id: row.id },
        summary: `Price ${row.name} added`,
        after: priceFields(row),
      });
    return row;
  });
}

function insertPriceRow(
  db: Db,
  currency: string,
  productId: number,
  price: { id: string },
  input: CreatePriceRequest,
  recurring: { interval: "day" | "week" | "month" | "year"; interval_count: number } | null,
  metered: boolean,
) {
  return catalogueRepo.insertPrice(db, {
    name: input.name,
    productId,
    stripeId: price.id,
    isUsageMetered: metered,
    usageLimit: input.usage_limit ?? null,
    object: price as never,
    amount: input.amount,
    currency,
    trialDays: recurring ? input.trial_days : 0,
    type: input.type,
    interval: recurring ? recurring.interval : input.type === "lifetime" ? "lifetime" : null,
    intervalCount: recurring ? input.interval_count : 1,
    status: 1,
  });
}

export async function updatePrice(
  deps: PaymentsDeps,
  actorId: number,
  id: number,
  input: { name?: string; status?: 0 | 1; usage_limit?: number | null; trial_days?: number },
) {
  const price = await catalogueRepo.findPrice(deps.db, id);
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
  const was = priceFields(price);
  const change = changedFields(was, {
    ...was,
    ...(input.name !== undefined && { name: input.name }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.usage_limit !== undefined && { usage_limit: input.usage_limit }),
    ...(input.trial_days !== undefined && { trial_days: input.trial_days }),
  });
  await deps.db.transaction(async (tx) => {
    await catalogueRepo.updatePrice(tx, id, {
      name: input.name,
      status: input.status,
      usageLimit: input.usage_limit,
      trialDays: input.trial_days,
      object: object as never,
    });
    const name = input.name ?? price.name;
    if (change.isChanged)
      await recordActivity(tx, {
        actorId,
        kind: "payments.price",
        record: { table: "stripe_price", id },
        summary: "status" in change.after ? `Price ${name} ${onSale(input.status)}` : `Price ${name} changed`,
        before: change.before,
        after: change.after,
      });
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
export async function deletePrice(deps: PaymentsDeps, actorId: number, id: number) {
  const price = await catalogueRepo.findPrice(deps.db, id);
  if (!price) throw notFound("Price not found");
  if (await catalogueRepo.isPriceUsed(deps.db, id)) throw conflict("This price has been bought: archive it instead");
  const wasActive = price.status === 1;
  const archived = wasActive ? await archiveAtProvider(deps, price.stripeId) : price.object;
  const logged = (db: Db, summary: string, after: Record<string, unknown> | null) =>
    recordActivity(db, {
      actorId,
      kind: "payments.price",
      record: { table: "stripe_price", id },
      summary,
      before: priceFields(price),
      after,
    });
  try {
    await deps.db.transaction(async (tx) => {
      await catalogueRepo.deletePrice(tx, id);
      await logged(tx, `Price ${price.name} deleted`, null);
    });
  } catch (e) {
    if (foreignKeyViolation(e)) {
      // A purchase slipped in since the check: the price is archived at the provider already, so
      // it is archived here too and its history stays.
      await deps.db.transaction(async (tx) => {
        await catalogueRepo.updatePrice(tx, id, { status: 0, object: archived as never });
        await logged(tx, `Price ${price.name} archived (bought meanwhile, so not deleted)`, { status: 0 });
      });
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
  const row = await catalogueRepo.findProductJoined(deps.db, id);
  if (!row) throw notFound("Product not found");
  return catalogueRepo.productRowJoined(row);
}

export async function getPrice(deps: PaymentsDeps, id: number) {
  const row = await catalogueRepo.findPriceJoined(deps.db, id);
  if (!row) throw notFound("Price not found");
  return catalogueRepo.priceRowJoined(row);
}

/** Active recurring prices that sell a package, with it. */
export const listPlanPrices = (deps: PaymentsDeps) => catalogueRepo.listPlanPrices(deps.db);

export async function sellablePrice(db: Db, priceId: number, recurring: boolean) {
  const price = await catalogueRepo.findPrice(db, priceId);
  if (!price) throw notFound("Price not found");
  const product = await catalogueRepo.findProduct(db, price.productId);
  // An archived product takes all its prices off sale, whatever their own status.
  if (price.status !== 1 || product?.status !== 1)
    throw badRequest("This plan is no longer available", { price_id: "This plan is no longer available" });
  if (recurring && price.type !== "recurring")
    throw badRequest("This price is not a subscription plan", { price_id: "This price is not a subscription plan" });
  return price;
}

export async function listProducts(deps: PaymentsDeps, q: ProductListQuery) {
  const { rows, total } = await catalogueRepo.listProducts(deps.db, q, statusFilter(q));
  return listAnswer(q, rows.map(catalogueRepo.productRowJoined), total);
}

export async function listPrices(deps: PaymentsDeps, q: PriceListQuery) {
  const { rows, total } = await catalogueRepo.listPrices(deps.db, q, statusFilter(q));
  return listAnswer(q, rows.map(catalogueRepo.priceRowJoined), total);
}
