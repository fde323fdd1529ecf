import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Secrets the server generates for itself on first start (e.g. the token signing key). */
export const appSecrets = pgTable("app_secret", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
