import { integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

/** Secrets the server generates for itself on first start (e.g. the token signing key). */
export const appSecrets = pgTable("app_secret", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many rows each owner has in the tables people page through their own rows of (the records
 * API's `total`). Database triggers keep it in step with every insert, delete, owner change and
 * truncate, in the same transaction as the change, so a page reads its total in a short index
 * range instead of counting the owner's rows on every call (decision 12). An owner's count is
 * spread over up to `OWNED_ROW_COUNT_SLOTS` slots, one per database session, summed on read:
 * simultaneous writes for one owner from different sessions change different rows instead of
 * queueing on one (decision 20). A slot's own figure may be negative; only the sum is a count.
 */
export const ownedRowCounts = pgTable(
  "owned_row_count",
  {
    tableName: text("table_name").notNull(),
    ownerId: integer("owner_id").notNull(),
    slot: smallint("slot").notNull().default(0),
    rows: integer("rows").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.ownerId, t.slot] })],
);

/** How many count slots an owner's total may be spread over (the triggers' `owned_row_slot()`). */
export const OWNED_ROW_COUNT_SLOTS = 16;
