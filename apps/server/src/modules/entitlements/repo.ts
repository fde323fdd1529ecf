import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { packages } from "../../db/schema/packages.ts";

/** The active package marked default: what a user without a live subscription gets. */
export async function findDefaultPackage(db: Db) {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.isDefault, true), eq(packages.status, "active")))
    .limit(1);
  return row;
}
