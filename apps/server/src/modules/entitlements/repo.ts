import { and, desc, eq, inArray, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { packages } from "../../db/schema/packages.ts";
import { LIVE_SUBSCRIPTION_STATUSES, stripePrices, stripeProducts, stripeSubscriptions } from "../../db/schema/payments.ts";

const isDefault = and(eq(packages.isDefault, true), eq(packages.status, "active"));

/** The active package marked default: what a user without a live subscription gets. */
export async function findDefaultPackage(db: Db) {
  const [row] = await db.select().from(packages).where(isDefault).limit(1);
  return row;
}

/** The default package's library tier, as a subquery to embed. */
export const defaultLibraryTierQuery = (db: Db) => db.select({ tier: packages.libraryTier }).from(packages).where(isDefault).limit(1);

/** The live subscription's library tier (a subquery given by payments), else the default package's, as one SQL expression. */
export const libraryTierOrDefault = (db: Db, liveTier: SQLWrapper): SQL<"free" | "core" | "premium" | null> =>
  sql`coalesce((${liveTier}), (${defaultLibraryTierQuery(db)}))`;

/** A user's live subscriptions joined to their packages, best package first (the package's columns decide what it gives). */
function livePackages<T extends Parameters<Db["select"]>[0]>(db: Db, fields: NonNullable<T>, userId: number | Placeholder) {
  return db
    .select(fields)
    .from(stripeSubscriptions)
    .innerJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .innerJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .innerJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(and(eq(stripeSubscriptions.userId, userId), inArray(stripeSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])))
    .orderBy(desc(packages.displayOrder))
    .limit(1);
}

/** The package of the user's live subscription, if any. */
export async function findLivePackage(db: Db, userId: number) {
  const [row] = await livePackages(db, { pkg: packages }, userId);
  return row?.pkg;
}

/**
 * The library tier of the package findLivePackage finds, as a subquery (no row without a live
 * subscription): for statements that decide access in the database.
 */
export const liveLibraryTierQuery = (db: Db, userId: number | Placeholder) => livePackages(db, { tier: packages.libraryTier }, userId);
