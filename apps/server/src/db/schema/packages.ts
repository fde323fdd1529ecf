import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Subscription plans and what each unlocks. Prices live with the payment provider's records;
 * the user's active subscription decides which package applies (none: the default package).
 */
export const packages = pgTable(
  "packages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Bullet points shown on plan cards. */
    features: jsonb("features").$type<string[]>().notNull().default([]),
    /** Quizzes a user may generate per week; null = unlimited. */
    quizzesPerWeek: integer("quizzes_per_week"),
    /** Highest document-library tier unlocked: free, core or premium. */
    libraryTier: text("library_tier", { enum: ["free", "core", "premium"] })
      .notNull()
      .default("free"),
    coachingSessionsPerMonth: integer("coaching_sessions_per_month").notNull().default(0),
    status: text("status", { enum: ["active", "archived"] })
      .notNull()
      .default("active"),
    displayOrder: integer("display_order").notNull().default(0),
    /** The plan of everyone without an active subscription (exactly one). */
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("packages_slug_key").on(t.slug)],
);
