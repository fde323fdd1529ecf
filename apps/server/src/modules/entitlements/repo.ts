import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { packages } from "../../db/schema/packages.ts";

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
