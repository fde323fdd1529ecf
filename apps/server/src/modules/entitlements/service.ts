import { PLAN_LIMIT } from "@academy/contract/constants";
import type { Placeholder, SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import { findDefaultPackage, findLivePackage, libraryTierOrDefault, liveLibraryTierQuery } from "./repo.ts";

export type Entitlements = {
  packageId: number;
  packageName: string;
  /** null = unlimited. */
  quizzesPerWeek: number | null;
  libraryTier: "free" | "core" | "premium";
  coachingSessionsPerMonth: number;
  /** Questions the study assistant answers per day, by the plan's library tier. */
  assistantQuestionsPerDay: number;
};

/** The study assistant's daily questions that each library tier brings. */
export const ASSISTANT_QUESTIONS_PER_DAY = { free: 10, core: 50, premium: 200 } as const;

/**
 * What a user's plan unlocks. Every feature asks here, never decides on its own.
 * The package of the user's live subscription (active or trialing, including one set to end at
 * the close of its period) applies; without one, the default package.
 */
export async function getEntitlements(db: Db, userId: number): Promise<Entitlements> {
  const paid = await findLivePackage(db, userId);
  const plan = paid ?? (await findDefaultPackage(db));
  if (!plan) throw new HttpError(503, "No default plan is configured");
  return {
    packageId: plan.id,
    packageName: plan.name,
    quizzesPerWeek: plan.quizzesPerWeek,
    libraryTier: plan.libraryTier,
    coachingSessionsPerMonth: plan.coachingSessionsPerMonth,
    assistantQuestionsPerDay: ASSISTANT_QUESTIONS_PER_DAY[plan.libraryTier],
  };
}

/** The plan in effect for a user, as staff see it: its package's name, and whether it is the free default (no live subscription). */
export async function planOf(db: Db, userId: number): Promise<{ packageName: string; isFree: boolean }> {
  const paid = await findLivePackage(db, userId);
  if (paid) return { packageName: paid.name, isFree: false };
  return { packageName: (await getEntitlements(db, userId)).packageName, isFree: true };
}

/**
 * The library tier a user's plan opens as an SQL expression, by the same rule as getEntitlements
 * (the live subscription's package, else the default package; null when neither exists), so a
 * statement can decide access in the database without a round trip of its own.
 */
export function libraryTierSql(db: Db, userId: number | Placeholder): SQL<"free" | "core" | "premium" | null> {
  return libraryTierOrDefault(db, liveLibraryTierQuery(db, userId));
}

const TIER_RANK = { free: 0, core: 1, premium: 2 } as const;

/** Whether a plan's library tier opens a document of `tier`. */
export const unlocksTier = (plan: Entitlements["libraryTier"], tier: Entitlements["libraryTier"]) => TIER_RANK[plan] >= TIER_RANK[tier];

/** Something a plan may or may not allow; the caller says how much of it the user has used. */
export type PlanAction =
  | { kind: "quiz.generate"; usedThisWeek: number }
  | { kind: "library.open"; tier: Entitlements["libraryTier"] }
  | { kind: "coaching.book"; usedThisMonth: number }
  | { kind: "assistant.ask"; usedToday: number };

/** Why `action` is not allowed, or null when it is. */
export function refusalOf(e: Entitlements, action: PlanAction): string | null {
  switch (action.kind) {
    case "quiz.generate":
      return e.quizzesPerWeek !== null && action.usedThisWeek >= e.quizzesPerWeek
        ? `Your ${e.packageName} plan includes ${e.quizzesPerWeek} quizzes per week. Upgrade your plan for unlimited quizzes.`
        : null;
    case "library.open":
      return unlocksTier(e.libraryTier, action.tier)
        ? null
        : `This document is part of the ${action.tier} library. Upgrade your plan to open it.`;
    case "coaching.book":
      return action.usedThisMonth >= e.coachingSessionsPerMonth
        ? e.coachingSessionsPerMonth === 0
          ? `Coaching is not part of your ${e.packageName} plan. Upgrade to Premium to book sessions.`
          : `Your ${e.packageName} plan includes ${e.coachingSessionsPerMonth} coaching sessions per month, and you have booked them all.`
        : null;
    case "assistant.ask":
      return action.usedToday >= e.assistantQuestionsPerDay
        ? `Your ${e.packageName} plan includes ${e.assistantQuestionsPerDay} study assistant questions a day, and you have asked them all today. Ask again tomorrow, or upgrade your plan for more.`
        : null;
  }
}

/** May this user do this? */
export async function isAllowed(db: Db, userId: number, action: PlanAction): Promise<boolean> {
  return refusalOf(await getEntitlements(db, userId), action) === null;
}

/** Throws a 403 (code PLAN_LIMIT) with the reason when the user's plan does not allow `action`. */
export async function assertAllowed(db: Db, userId: number, action: PlanAction): Promise<Entitlements> {
  const entitlements = await getEntitlements(db, userId);
  const reason = refusalOf(entitlements, action);
  if (reason) throw new HttpError(403, reason, { code: PLAN_LIMIT });
  return entitlements;
}
