import { z } from "zod";
import { LoginResponse, RegisterRequest } from "./auth.ts";
import { RowId } from "./common.ts";

/** Money is in integer minor units (cents) of the configured currency. */
const Id = RowId;
const Amount = z.number().int().min(0).max(100_000_000);
const Name = z.string().trim().min(1, "Name is required").max(120, "Use at most 120 characters");
const ProviderId = z
  .string()
  .min(3)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, "Invalid id");

/** Paging of every payments list: `page`, `limit` (a number or `all`). */
export const ListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.union([z.literal("all"), z.coerce.number().int().min(1).max(100)]).default(20),
  status: z.string().max(20).optional(),
  user_id: z.coerce.number().int().min(1).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

/**
 * An admin list: paging, a search (`q`), a sort among the list's own columns and its filters.
 * Sort fields are an allowlist per list, so no client text reaches SQL as an identifier.
 */
const adminList = <S extends readonly [string, ...string[]], E extends z.ZodRawShape>(sorts: S, extra: E) =>
  ListQuery.extend({
    q: z.string().trim().max(200).optional(),
    sort: z.enum(sorts).optional(),
    direction: z.enum(["asc", "desc"]).default("desc"),
    ...extra,
  });
const FilterId = z.coerce.number().int().min(1).max(2_147_483_647).optional();

export const ProductListQuery = adminList(["id", "name", "status", "create_at", "update_at"], { package_id: FilterId });
export type ProductListQuery = z.infer<typeof ProductListQuery>;
export const PriceListQuery = adminList(["id", "name", "amount", "type", "trial_days", "status", "create_at", "update_at"], {
  product_id: FilterId,
  package_id: FilterId,
  type: z.enum(["one_time", "recurring", "lifetime"]).optional(),
});
export type PriceListQuery = z.infer<typeof PriceListQuery>;
export const SubscriptionListQuery = adminList(["id", "email", "status", "current_period_end", "create_at"], { price_id: FilterId });
export type SubscriptionListQuery = z.infer<typeof SubscriptionListQuery>;
export const InvoiceListQuery = adminList(["id", "number", "status", "amount_due", "create_at"], {});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;
export const OrderListQuery = adminList(["id", "status", "amount", "create_at"], {});
export type OrderListQuery = z.infer<typeof OrderListQuery>;
export const ChargeListQuery = adminList(["id", "status", "amount", "create_at"], {});
export type ChargeListQuery = z.infer<typeof ChargeListQuery>;

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    error: z.literal(false),
    list: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    num_pages: z.number().int(),
    page: z.number().int(),
  });

export const ProviderIdParams = z.strictObject({ id: ProviderId });

// ---------- products ----------
export const ProductRow = z.object({
  id: z.number().int(),
  name: z.string(),
  stripe_id: z.string(),
  package_id: z.number().int().nullable(),
  /** The linked package's name (admin lists and views). */
  package_name: z.string().nullable().optional(),
  /** How many of its prices are on sale (admin lists and views). */
  active_prices: z.number().int().optional(),
  status: z.number().int(),
  object: z.record(z.string(), z.unknown()),
  create_at: z.string(),
  update_at: z.string(),
});
export type ProductRow = z.infer<typeof ProductRow>;
export const CreateProductRequest = z.strictObject({ name: Name, package_id: Id.nullable().optional() });
export const UpdateProductRequest = z.strictObject({
  name: Name.optional(),
  package_id: Id.nullable().optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
});

// ---------- prices ----------
export const PriceType = z.enum(["one_time", "recurring", "lifetime"]);
export const PriceInterval = z.enum(["day", "week", "month", "year", "lifetime"]);
export const PriceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  product_id: z.number().int(),
  /** The product's name and the package it sells (admin lists and views). */
  product_name: z.string().optional(),
  package_id: z.number().int().nullable().optional(),
  package_name: z.string().nullable().optional(),
  stripe_id: z.string(),
  is_usage_metered: z.number().int(),
  usage_limit: z.number().int().nullable(),
  object: z.record(z.string(), z.unknown()),
  amount: z.number().int(),
  currency: z.string(),
  trial_days: z.number().int(),
  type: PriceType,
  interval: PriceInterval.nullable(),
  interval_count: z.number().int(),
  status: z.number().int(),
  create_at: z.string(),
  update_at: z.string(),
});
export type PriceRow = z.infer<typeof PriceRow>;
export const CreatePriceRequest = z
  .strictObject({
    product_id: Id,
    name: Name,
    amount: Amount,
    type: PriceType,
    interval: PriceInterval.optional(),
    interval_count: z.number().int().min(1).max(12).default(1),
    usage_type: z.enum(["licenced", "licensed", "metered"]).default("licenced"),
    usage_limit: z.number().int().min(1).max(1_000_000).nullable().optional(),
    trial_days: z.number().int().min(0).max(365).default(0),
  })
  .refine((p) => p.type !== "recurring" || (p.interval && p.interval !== "lifetime"), {
    message: "A recurring price needs an interval of day, week, month or year",
    path: ["interval"],
  })
  .refine((p) => p.usage_type !== "metered" || p.type === "recurring", {
    message: "Only recurring prices can be usage-metered",
    path: ["usage_type"],
  });
export type CreatePriceRequest = z.infer<typeof CreatePriceRequest>;
/** Amount and interval of a price never change at the provider: archive it and make a new one. */
export const UpdatePriceRequest = z.strictObject({
  name: Name.optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  usage_limit: z.number().int().min(1).max(1_000_000).nullable().optional(),
  trial_days: z.number().int().min(0).max(365).optional(),
});

/** A plan as the landing page and the plan picker show it. */
export const PlanOption = z.object({
  price_id: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  interval: PriceInterval.nullable(),
  interval_count: z.number().int(),
  trial_days: z.number().int(),
  package: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    features: z.array(z.string()),
  }),
});
export type PlanOption = z.infer<typeof PlanOption>;
/** `mode`: "test" = the built-in test-mode provider (cards are entered on our pages); "live" = the real provider's pages. */
/** `currency`: the ISO currency every price is sold in (PAYMENTS_CURRENCY). */
export const PlansResponse = z.object({
  error: z.literal(false),
  mode: z.enum(["test", "live"]),
  currency: z.string(),
  list: z.array(PlanOption),
});

export const PaymentLinkRow = z.object({
  id: z.number().int(),
  price_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  active: z.boolean(),
});

// ---------- subscriptions ----------
export const SubscriptionRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string().optional(),
  stripe_id: z.string(),
  price_id: z.number().int().nullable(),
  plan_name: z.string().nullable(),
  package_name: z.string().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  interval: z.string().nullable(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  trial_end: z.string().nullable(),
  canceled_at: z.string().nullable(),
  create_at: z.string(),
  update_at: z.string(),
});
export type SubscriptionRow = z.infer<typeof SubscriptionRow>;
export const SubscribeRequest = z.strictObject({ price_id: Id });
export const ChangeSubscriptionRequest = z
  .strictObject({ price_id: Id.optional(), cancel_at_period_end: z.boolean().optional() })
  .refine((b) => (b.price_id === undefined) !== (b.cancel_at_period_end === undefined), {
    message: "Send either price_id or cancel_at_period_end",
  });
/** Admin: set any subscription to end at the close of its period, or take that back. */
export const AdminSubscriptionUpdateRequest = z.strictObject({ cancel_at_period_end: z.boolean() });
export const UsageChargeRequest = z.strictObject({ subId: Id, quantity: z.number().int().min(1).max(1_000_000) });
export const SubscriptionResponse = z.object({ error: z.literal(false), model: SubscriptionRow.nullable() });

// ---------- customers and cards ----------
export const CardRow = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
});
export type CardRow = z.infer<typeof CardRow>;
export const AddCardRequest = z.strictObject({ card_token: ProviderId });
export const CardResponse = z.object({ error: z.literal(false), model: CardRow });
export const CardsResponse = z.object({ error: z.literal(false), list: z.array(CardRow) });
export const CustomerResponse = z.object({
  error: z.literal(false),
  model: z.object({ id: z.number().int(), stripe_id: z.string(), user_id: z.number().int() }).nullable(),
});
export const CardIdParams = z.strictObject({ id: ProviderId });

// ---------- invoices, charges, orders ----------
export const InvoiceRow = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  email: z.string().optional(),
  stripe_id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  description: z.string(),
  /** Our id of the subscription it bills, when it bills one (admin views). */
  subscription_id: z.number().int().nullable().optional(),
  create_at: z.string(),
});
export type InvoiceRow = z.infer<typeof InvoiceRow>;
export const ChargeRow = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  email: z.string().optional(),
  /** Our id and number of the invoice it paid, when it paid one (admin lists and views). */
  invoice_id: z.number().int().nullable().optional(),
  invoice_number: z.string().nullable().optional(),
  stripe_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  failure_message: z.string().nullable(),
  create_at: z.string(),
});
export type ChargeRow = z.infer<typeof ChargeRow>;
export const OrderRow = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  email: z.string().optional(),
  stripe_id: z.string(),
  price_id: z.number().int().nullable(),
  price_name: z.string().nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  create_at: z.string(),
});
export type OrderRow = z.infer<typeof OrderRow>;

// ---------- checkout ----------
export const CheckoutRequest = z.strictObject({ price_id: Id });
export const CheckoutResponse = z.object({ error: z.literal(false), model: z.object({ id: z.string(), url: z.string() }) });
export const CheckoutSessionResponse = z.object({
  error: z.literal(false),
  model: z.object({
    id: z.string(),
    status: z.enum(["open", "complete"]),
    mode: z.enum(["subscription", "payment"]),
    name: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    interval: z.string().nullable(),
    trial_days: z.number().int(),
    cancel_url: z.string(),
  }),
});
export type CheckoutSession = z.infer<typeof CheckoutSessionResponse>["model"];
export const CompleteCheckoutRequest = z.strictObject({ card_token: ProviderId });
export const CompleteCheckoutResponse = z.object({ error: z.literal(false), model: z.object({ url: z.string() }) });

/** The test-mode provider's tokenisation call, shaped like the card provider's `POST /v1/tokens`. */
export const CreateTokenRequest = z.strictObject({
  card: z.strictObject({
    number: z.string().min(12).max(23),
    exp_month: z.coerce.number().int().min(1).max(12),
    exp_year: z.coerce.number().int().min(2000).max(2100),
    cvc: z.string().min(3).max(4),
  }),
});
export const TokenResponse = z.object({
  id: z.string(),
  object: z.literal("token"),
  card: z.object({ id: z.string(), brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }),
});

/** Sign up and start paying for a plan in one call: the account is made, then the checkout. */
export const RegisterSubscribeRequest = RegisterRequest.omit({ role: true, invitation: true }).extend({ price_id: Id });
export const RegisterSubscribeResponse = LoginResponse.extend({ model: z.object({ id: z.string(), url: z.string() }) });

/** The payment links of a price (staff). */
export const PaymentLinkListResponse = z.object({ error: z.literal(false), list: z.array(PaymentLinkRow) });
export type PaymentLinkListResponse = z.infer<typeof PaymentLinkListResponse>;
