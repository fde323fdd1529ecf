import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Secrets the server generates for itself on first start (e.g. the token signing key). */
export const appSecrets = pgTable("app_secret", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many rows each owner has in the tables people page through their own rows of (the records
 * API's `total`). Database triggers keep it in step with every insert, delete, owner change and
 * truncate, in the same transaction as the change, so a page reads its total in one index lookup
 * instead of counting the owner's rows on every call (decision 12).
 */
export const ownedRowCounts = pgTable(
  "owned_row_count",
  {
    tableName: text("table_name").notNull(),
    ownerId: integer("owner_id").notNull(),
    rows: integer("rows").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.ownerId] })],
);
