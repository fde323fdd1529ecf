import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { packages } from "./packages.ts";
import { users } from "./users.ts";

/*
 * Our mirror of the card payment provider's objects. The provider is the source of truth; these
 * rows are written from its answers and events, so lists and entitlements never call out.
 * Money is in integer minor units (cents) of `currency`.
 */

export const stripeProducts = pgTable("stripe_product", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  stripeId: text("stripe_id").notNull().unique(),
  packageId: integer("package_id").references(() => packages.id, { onDelete: "set null" }),
  object: jsonb("object").$type<Record<string, unknown>>().notNull(),
  /** 0 archived, 1 active. */
  status: integer("status").notNull().default(1),
  createAt: timestamp("create_at", { withTimezone: true }).notNull().defaultNow(),
  updateAt: timestamp("update_at", { withTimezone: true }).notNull().defaultNow(),
});

export const stripePrices = pgTable(
  "stripe_price",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => stripeProducts.id),
    stripeId: text("stripe_id").notNull().unique(),
    isUsageMetered: boolean("is_usage_metered").notNull().default(false),
    usageLimit: integer("usage_limit"),
    object: jsonb("object").$type<Record<string, unknown>>().notNull(),
    /** Unit amount in minor units. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    trialDays: integer("trial_days").notNull().default(0),
    type: text("type", { enum: ["one_time", "recurring", "lifetime"] }).notNull(),
    interval: text("interval", { enum: ["day", "week", "month", "year", "lifetime"] }),
    intervalCount: integer("interval_count").notNull().default(1),
    /** 0 archived, 1 active. */
    status: integer("status").notNull().default(1),
    createAt: timestamp("create_at", { withTimezone: true }).notNull().defaultNow(),
    updateAt: timestamp("update_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stripe_price_product_idx").on(t.productId)],
);

export const stripeCustomers = pgTable("stripe_customer", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeId: text("stripe_id").notNull().unique(),
  createAt: timestamp("create_at", { withTimezone: true }).notNull().defaultNow(),
  updateAt: timestamp("update_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Subscription states that still give access (cancel-at-period-end stays active until it ends). */
export const LIVE_SUBSCRIPTION_STATUSES = ["active", "trialing"] as const;

export const stripeSubscriptions = pgTable(
  "stripe_subscription",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeId: text("stripe_id").notNull().unique(),
    priceId: integer("price_id").references(() => stripePrices.id),
    status: text("status").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    object: jsonb("object").$type<Record<string, unknown>>().notNull(),
    /** `created` (unix s) of the newest provider event applied; older events never overwrite. */
    lastEventAt: bigint("last_event_at", { mode: "number" }).notNull().default(0),
    createAt: timestamp("create_at", { withTimezone: true }).notNull().defaultNow(),
    updateAt: timestamp("update_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stripe_subscription_user_idx").on(t.userId, t.status)],
);

export const stripeInvoices = pgTable(
  "stripe_invoice",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    stripeId: text("stripe_id").notNull().unique(),
    subscriptionStripeId: text("subscription_stripe_id"),
    number: text("number"),
    status: text("status").notNull(),
    amountDue: integer("amount_due").notNull(),
    amountPaid: integer("amount_paid").notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull().default(""),
    object: jsonb("object").$type<Record<string, unknown>>().notNull(),
    lastEventAt: bigint("last_event_at", { mode: "number" }).notNull().default(0),
    createAt: timestamp("create_at", { withTimezone: true }).notNull().defaultNow(),
    updateAt: timestamp("update_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stripe_invoice_user_idx").on(t.userId)],
);

export const stripeCharges = pgTable(
  "stripe_charge",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    stripeId: text("stripe_id").notNull().unique(),
    invoiceStripeId: text("invoice_stripe_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    failureMessage: text("failure_message"),
    object: jsonb("object").$type<Record<string, unknown>>().notNull(),
    createAt: timestamp("create_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stripe_charge_user_idx").on(t.userId)],
);

/** One-time purchases (one_time and lifetime prices) completed through checkout. */
export const stripeOrders = pgTable(
  "stripe_order",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    stripeId: text("stripe_id").notNull().unique(),
    priceId: integer("price_id").references(() => stripePrices.id),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    object: jsonb("object").$type<Record<string, unknown>>().notNull(),
    createAt: timestamp("create_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stripe_order_user_idx").on(t.userId)],
);

/** Each provider event is applied once: its id is inserted in the same transaction as its effect. */
export const stripeWebhookEvents = pgTable("stripe_webhook_event", {
  id: serial("id").primaryKey(),
  eventId: text("event_id").notNull().unique(),
  type: text("type").notNull(),
  created: bigint("created", { mode: "number" }).notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/*
 * State of the built-in test-mode provider: it keeps its objects in the database so they survive
 * restarts and are shared by every instance. Never read by the product except through the provider.
 */
export const testpayObjects = pgTable(
  "testpay_object",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    customer: text("customer"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    created: bigint("created", { mode: "number" }).notNull(),
  },
  (t) => [index("testpay_object_type_idx").on(t.type, t.customer)],
);

export const testpayIdempotency = pgTable("testpay_idempotency", {
  key: text("key").primaryKey(),
  operation: text("operation").notNull(),
  response: jsonb("response").$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The test-mode provider's clock: real time plus an offset that tests advance. */
export const testpayClock = pgTable(
  "testpay_clock",
  {
    id: integer("id").primaryKey(),
    offsetSeconds: bigint("offset_seconds", { mode: "number" }).notNull().default(0),
  },
  (t) => [uniqueIndex("testpay_clock_single").on(t.id)],
);
