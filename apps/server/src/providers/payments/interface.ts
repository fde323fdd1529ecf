/**
 * What the product needs from a card payment provider. Two implementations: the built-in
 * test-mode provider (default, no account, no network) and the provider's real API through
 * its official SDK. Objects follow the provider's own shapes, trimmed to the fields we read.
 * Amounts are integer minor units.
 */

export type Interval = "day" | "week" | "month" | "year";

export type ProviderProduct = { id: string; object: "product"; name: string; active: boolean; created: number };

export type ProviderPrice = {
  id: string;
  object: "price";
  product: string;
  active: boolean;
  currency: string;
  unit_amount: number;
  nickname: string | null;
  type: "one_time" | "recurring";
  recurring: { interval: Interval; interval_count: number; usage_type: "licensed" | "metered" } | null;
  created: number;
};

export type ProviderCard = { id: string; brand: string; last4: string; exp_month: number; exp_year: number };

export type SubscriptionStatus = "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "unpaid";

export type ProviderSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  trial_end: number | null;
  canceled_at: number | null;
  created: number;
  price: string;
  item: string;
  metadata: Record<string, string>;
};

export type ProviderEvent = {
  id: string;
  type: string;
  created: number;
  /** `previous_attributes`: on an update, the fields that changed as they were before it. */
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
};

export type CheckoutSession = { id: string; url: string };

/** The code of a 502 `PaymentError`: the provider failed, not the request. */
export { PROVIDER_UNAVAILABLE } from "@academy/contract/constants";

/**
 * A provider call refused for a reason the person can fix (declined card, bad token...), or, as
 * 502, one the provider could not carry out (unreachable, its own failure): try again later.
 */
export class PaymentError extends Error {
  readonly status: 400 | 402 | 404 | 409 | 502;
  readonly code: string;
  /** The provider does not know the object (answered as 404, or as 502 when it is one we hold). */
  readonly isMissing: boolean;

  constructor(status: 400 | 402 | 404 | 409 | 502, message: string, code: string, options: { isMissing?: boolean } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.isMissing = options.isMissing ?? status === 404;
  }
}

export interface PaymentProvider {
  readonly mode: "test" | "live";
  createProduct(input: { name: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<ProviderProduct>;
  updateProduct(id: string, input: { name?: string; active?: boolean }): Promise<ProviderProduct>;
  createPrice(
    input: {
      product: string;
      unit_amount: number;
      currency: string;
      nickname: string;
      recurring: { interval: Interval; interval_count: number; usage_type: "licensed" | "metered" } | null;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<ProviderPrice>;
  updatePrice(id: string, input: { active?: boolean; nickname?: string }): Promise<ProviderPrice>;
  createCustomer(input: { email: string; name: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<{ id: string }>;
  /** Attaches a card from a token made by the tokenisation call; declined cards are refused here. */
  attachCard(customer: string, token: string, idempotencyKey: string): Promise<ProviderCard>;
  listCards(customer: string): Promise<{ cards: ProviderCard[]; defaultCard: string | null }>;
  setDefaultCard(customer: string, card: string): Promise<void>;
  detachCard(customer: string, card: string): Promise<void>;
  /** Charges the first period at once (after the trial when there is one); refuses with 402 when the charge fails. */
  createSubscription(
    input: { customer: string; price: string; trial_days: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  /** Moves to another price with proration; the difference is invoiced at once. */
  changeSubscriptionPrice(id: string, price: string, idempotencyKey: string): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(id: string, cancelAtPeriodEnd: boolean): Promise<ProviderSubscription>;
  cancelSubscriptionNow(id: string): Promise<ProviderSubscription>;
  /** Records metered usage on the subscription, billed at its next renewal. */
  reportUsage(subscription: string, quantity: number, idempotencyKey: string): Promise<void>;
  createCheckoutSession(
    input: {
      customer: string;
      price: string;
      mode: "subscription" | "payment";
      trial_days: number;
      success_url: string;
      cancel_url: string;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<CheckoutSession>;
}

type RawItem = { id?: string; price?: { id?: string } | string; current_period_start?: number; current_period_end?: number };

/** Reads a provider subscription object (as the API and its events carry it) into our shape. */
export function toProviderSubscription(raw: Record<string, unknown>): ProviderSubscription {
  const items = (raw.items as { data?: RawItem[] } | undefined)?.data ?? [];
  const item = items[0] ?? {};
  const price = typeof item.price === "string" ? item.price : (item.price?.id ?? "");
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  return {
    id: String(raw.id),
    object: "subscription",
    customer: typeof raw.customer === "string" ? raw.customer : String((raw.customer as { id?: string } | null)?.id ?? ""),
    status: raw.status as SubscriptionStatus,
    cancel_at_period_end: raw.cancel_at_period_end === true,
    current_period_start: num(item.current_period_start) ?? num(raw.current_period_start) ?? 0,
    current_period_end: num(item.current_period_end) ?? num(raw.current_period_end) ?? 0,
    trial_end: num(raw.trial_end),
    canceled_at: num(raw.canceled_at),
    created: num(raw.created) ?? 0,
    price,
    item: item.id ?? "",
    metadata: (raw.metadata as Record<string, string> | undefined) ?? {},
  };
}
