import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { packages } from "../../db/schema/packages.ts";
import { HttpError } from "../../lib/http-error.ts";

export type Entitlements = {
  packageId: number;
  packageName: string;
  /** null = unlimited. */
  quizzesPerWeek: number | null;
  libraryTier: "free" | "core" | "premium";
  coachingSessionsPerMonth: number;
};

/**
 * What a user's plan unlocks. Every feature asks here, never decides on its own.
 * Without a paid plan, the default package applies.
 */
export async function getEntitlements(db: Db, _userId: number): Promise<Entitlements> {
  const [plan] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.isDefault, true), eq(packages.status, "active")))
    .limit(1);
  if (!plan) throw new HttpError(503, "No default plan is configured");
  return {
    packageId: plan.id,
    packageName: plan.name,
    quizzesPerWeek: plan.quizzesPerWeek,
    libraryTier: plan.libraryTier,
    coachingSessionsPerMonth: plan.coachingSessionsPerMonth,
  };
}

const TIER_RANK = { free: 0, core: 1, premium: 2 } as const;

/** Whether a plan's library tier opens a document of `tier`. */
export const unlocksTier = (plan: Entitlements["libraryTier"], tier: Entitlements["libraryTier"]) => TIER_RANK[plan] >= TIER_RANK[tier];
