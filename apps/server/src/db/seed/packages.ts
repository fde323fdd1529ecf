import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { packages } from "../schema/packages.ts";

/** The three plans of a fresh install; an admin edits them afterwards. */
export const DEFAULT_PACKAGES: (typeof packages.$inferInsert)[] = [
  {
    slug: "free",
    name: "Free",
    description: "Try the academy: a few quizzes a week and the free study documents.",
    features: ["3 quizzes per week", "Free study documents", "Readiness estimate"],
    quizzesPerWeek: 3,
    libraryTier: "free",
    coachingSessionsPerMonth: 0,
    displayOrder: 1,
    isDefault: true,
  },
  {
    slug: "core",
    name: "Core",
    description: "Everything you need to prepare: unlimited quizzes and the full study library.",
    features: ["Unlimited quizzes and timed exams", "Full study library", "Spaced review of missed questions"],
    quizzesPerWeek: null,
    libraryTier: "core",
    coachingSessionsPerMonth: 0,
    displayOrder: 2,
  },
  {
    slug: "premium",
    name: "Premium",
    description: "Core plus premium documents and two coaching sessions a month.",
    features: ["Everything in Core", "Premium study documents", "2 coaching sessions per month"],
    quizzesPerWeek: null,
    libraryTier: "premium",
    coachingSessionsPerMonth: 2,
    displayOrder: 3,
  },
];

export async function seedPackages(db: Db): Promise<void> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(packages);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(packages).values(DEFAULT_PACKAGES);
}
