import Stripe from "stripe";
import {
  type CheckoutSession,
  type Interval,
  PaymentError,
  type PaymentProvider,
  PROVIDER_UNAVAILABLE,
  type ProviderCard,
  type ProviderPrice,
  type ProviderProduct,
  type ProviderSubscription,
  toProviderSubscription,
} from "./interface.ts";

type Obj = Record<string, unknown>;
/** Meter that usage-metered prices bill from (the provider's current usage-based billing). */
export const USAGE_METER_EVENT = "academy_usage";

const asObj = (v: unknown) => v as Obj;

function toProduct(p: Obj): ProviderProduct {
  return { id: String(p.id), object: "product", name: String(p.name), active: p.active === true, created: Number(p.created) };
}

function toPrice(p: Obj): ProviderPrice {
  const r = p.recurring as {
    interval: Interval;
    interval_count: number;
    usage_type: "licensed" | "metered";
  } | null;
  return {
    id: String(p.id),
    object: "price",
    product: typeof p.product === "string" ? p.product : String(asObj(p.product).id),
    active: p.active === true,
    currency: String(p.currency),
    unit_amount: Number(p.unit_amount ?? 0),
    nickname: (p.nickname as string | null) ?? null,
    type: p.type === "recurring" ? "recurring" : "one_time",
    recurring: r ? { interval: r.interval, interval_count: r.interval_count, usage_type: r.usage_type } : null,
    created: Number(p.created),
  };
}

function toCard(pm: Obj): ProviderCard {
  const card = asObj(pm.card ?? {});
  return {
    id: String(pm.id),
    brand: String(card.brand ?? "unknown"),
    last4: String(card.last4 ?? ""),
    exp_month: Number(card.exp_month),
    exp_year: Number(card.exp_year),
  };
}

/** Our words for the card refusals a person can act on (the provider's own text is never shown). */
const CARD_MESSAGES: Record<string, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  invalid_cvc: "Your card's security code is invalid.",
  incorrect_number: "Your card number is incorrect.",
  invalid_number: "Your card number is incorrect.",
  invalid_expiry_month: "Your card's expiry month is invalid.",
  invalid_expiry_year: "Your card's expiry year is invalid.",
  processing_error: "Your card could not be charged just now. Try again in a moment.",
};

const unavailable = (options: { isMissing?: boolean } = {}) =>
  new PaymentError(502, "The card provider is not answering. Try again in a moment.", PROVIDER_UNAVAILABLE, options);

/**
 * The card provider's refusals become ours, in our words: card errors 402, a request it refused
 * 400, a repeated idempotency key 409. Anything else is the provider failing us (unreachable,
 * rate-limited, its own error, a key it refuses, or an object we hold that it no longer knows,
 * all after the SDK's own retries): 502 `provider_unavailable`, not our error and not its text.
 */
async function translate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PaymentError || !(e instanceof Stripe.errors.StripeError)) throw e;
    if (e instanceof Stripe.errors.StripeCardError) {
      const code = e.code ?? "card_declined";
      throw new PaymentError(402, CARD_MESSAGES[e.decline_code ?? ""] ?? CARD_MESSAGES[code] ?? CARD_MESSAGES.card_declined!, code);
    }
    // The ids in the provider's paths are ones we hold (a card id from a client is checked
    // first, in assertOwned): one it does not know means our copy and the provider disagree.
    if (e.statusCode === 404) throw unavailable({ isMissing: true });
    if (e instanceof Stripe.errors.StripeInvalidRequestError)
      throw new PaymentError(400, "The card provider refused this request. Check the details and try again.", e.code ?? "invalid_request");
    if (e instanceof Stripe.errors.StripeIdempotencyError)
      throw new PaymentError(409, "This request was already made with other details. Start again.", "idempotency_error");
    throw unavailable();
  }
}

/** The card provider's real API through its official SDK. */
export class StripeProvider implements PaymentProvider {
  readonly mode = "live" as const;
  private readonly stripe: Stripe;
  private meterId: Promise<string> | undefined;

  constructor(secretKey: string, apiBase?: string) {
    const base = apiBase ? new URL(apiBase) : null;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "https:" ? 443 : 80),
            protocol: base.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
  }

  async createProduct(input: { name: string; metadata: Record<string, string> }, idempotencyKey: string) {
    return translate(async () =>
      toProduct(asObj(await this.stripe.products.create({ name: input.name, metadata: input.metadata }, { idempotencyKey }))),
    );
  }

  async updateProduct(id: string, input: { name?: string; active?: boolean }) {
    return translate(async () => toProduct(asObj(await this.stripe.products.update(id, input))));
  }

  private usageMeter(): Promise<string> {
    this.meterId ??= (async () => {
      const meters = await this.stripe.billing.meters.list({ status: "active", limit: 100 });
      const found = meters.data.find((m) => m.event_name === USAGE_METER_EVENT);
      if (found) return found.id;
      const made = await this.stripe.billing.meters.create(
        { display_name: "Academy usage", event_name: USAGE_METER_EVENT, default_aggregation: { formula: "sum" } },
        { idempotencyKey: `meter:${USAGE_METER_EVENT}` },
      );
      return made.id;
    })().catch((e) => {
      this.meterId = undefined;
      throw e;
    });
    return this.meterId;
  }

  async createPrice(input: Parameters<PaymentProvider["createPrice"]>[0], idempotencyKey: string) {
    return translate(async () => {
      const recurring = input.recurring
        ? {
            interval: input.recurring.interval,
            interval_count: input.recurring.interval_count,
            usage_type: input.recurring.usage_type,
            ...(input.recurring.usage_type === "metered" ? { meter: await this.usageMeter() } : {}),
          }
        : undefined;
      const price = await this.stripe.prices.create(
        {
          product: input.product,
          unit_amount: input.unit_amount,
          currency: input.currency,
          nickname: input.nickname,
          metadata: input.metadata,
          ...(recurring ? { recurring } : {}),
        },
        { idempotencyKey },
      );
      return toPrice(asObj(price));
    });
  }

  async updatePrice(id: string, input: { active?: boolean; nickname?: string }) {
    return translate(async () => toPrice(asObj(await this.stripe.prices.update(id, input))));
  }

  async createCustomer(input: { email: string; name: string; metadata: Record<string, string> }, idempotencyKey: string) {
    return translate(async () => ({ id: (await this.stripe.customers.create(input, { idempotencyKey })).id }));
  }

  async attachCard(customer: string, token: string, idempotencyKey: string) {
    return translate(async () => {
      const pm = await this.stripe.paymentMethods.create({ type: "card", card: { token } }, { idempotencyKey: `${idempotencyKey}:create` });
      const attached = await this.stripe.paymentMethods.attach(pm.id, { customer }, { idempotencyKey: `${idempotencyKey}:attach` });
      const c = await this.stripe.customers.retrieve(customer);
      const current = (c as { invoice_settings?: { default_payment_method?: unknown } }).invoice_settings?.default_payment_method;
      if (!current) await this.stripe.customers.update(customer, { invoice_settings: { default_payment_method: attached.id } });
      return toCard(asObj(attached));
    });
  }

  async listCards(customer: string) {
    return translate(async () => {
      const [list, c] = await Promise.all([
        this.stripe.customers.listPaymentMethods(customer, { type: "card", limit: 100 }),
        this.stripe.customers.retrieve(customer),
      ]);
      const def = (c as { invoice_settings?: { default_payment_method?: unknown } }).invoice_settings?.default_payment_method;
      const defaultCard = typeof def === "string" ? def : def && typeof def === "object" ? String(asObj(def).id) : null;
      return { cards: list.data.map((pm) => toCard(asObj(pm))), defaultCard };
    });
  }

  /** A card id from the client is trusted only when it belongs to this customer. */
  private async assertOwned(customer: string, card: string) {
    const noSuchCard = () => new PaymentError(404, "No such card", "resource_missing");
    const pm = await this.stripe.paymentMethods.retrieve(card).catch((e: unknown) => {
      throw e instanceof Stripe.errors.StripeError && e.statusCode === 404 ? noSuchCard() : e;
    });
    const owner = typeof pm.customer === "string" ? pm.customer : pm.customer?.id;
    if (owner !== customer) throw noSuchCard();
  }

  async setDefaultCard(customer: string, card: string) {
    await translate(async () => {
      await this.assertOwned(customer, card);
      await this.stripe.customers.update(customer, { invoice_settings: { default_payment_method: card } });
    });
  }

  async detachCard(customer: string, card: string) {
    await translate(async () => {
      await this.assertOwned(customer, card);
      await this.stripe.paymentMethods.detach(card);
    });
  }

  async createSubscription(
    input: Parameters<PaymentProvider["createSubscription"]>[0],
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    return translate(async () => {
      const sub = await this.stripe.subscriptions.create(
        {
          customer: input.customer,
          items: [{ price: input.price }],
          metadata: input.metadata,
          // A failed first payment makes no subscription, as with the test-mode provider.
          payment_behavior: "error_if_incomplete",
          ...(input.trial_days > 0 ? { trial_period_days: input.trial_days } : {}),
        },
        { idempotencyKey },
      );
      return toProviderSubscription(asObj(sub));
    });
  }

  async getSubscription(id: string) {
    return translate(async () => toProviderSubscription(asObj(await this.stripe.subscriptions.retrieve(id))));
  }

  async changeSubscriptionPrice(id: string, price: string, idempotencyKey: string) {
    return translate(async () => {
      const current = toProviderSubscription(asObj(await this.stripe.subscriptions.retrieve(id)));
      const sub = await this.stripe.subscriptions.update(
        id,
        { items: [{ id: current.item, price }], proration_behavior: "always_invoice", payment_behavior: "error_if_incomplete" },
        { idempotencyKey },
      );
      return toProviderSubscription(asObj(sub));
    });
  }

  async setCancelAtPeriodEnd(id: string, cancelAtPeriodEnd: boolean) {
    return translate(async () =>
      toProviderSubscription(asObj(await this.stripe.subscriptions.update(id, { cancel_at_period_end: cancelAtPeriodEnd }))),
    );
  }

  async cancelSubscriptionNow(id: string) {
    return translate(async () => toProviderSubscription(asObj(await this.stripe.subscriptions.cancel(id))));
  }

  async reportUsage(subscription: string, quantity: number, idempotencyKey: string) {
    await translate(async () => {
      const sub = toProviderSubscription(asObj(await this.stripe.subscriptions.retrieve(subscription)));
      await this.stripe.billing.meterEvents.create(
        {
          event_name: USAGE_METER_EVENT,
          payload: { stripe_customer_id: sub.customer, value: String(quantity) },
          identifier: idempotencyKey,
        },
        { idempotencyKey },
      );
    });
  }

  async createCheckoutSession(
    input: Parameters<PaymentProvider["createCheckoutSession"]>[0],
    idempotencyKey: string,
  ): Promise<CheckoutSession> {
    return translate(async () => {
      const session = await this.stripe.checkout.sessions.create(
        {
          customer: input.customer,
          mode: input.mode,
          line_items: [{ price: input.price, quantity: 1 }],
          success_url: input.success_url,
          cancel_url: input.cancel_url,
          metadata: input.metadata,
          ...(input.mode === "subscription"
            ? { subscription_data: { metadata: input.metadata, ...(input.trial_days > 0 ? { trial_period_days: input.trial_days } : {}) } }
            : {}),
        },
        { idempotencyKey },
      );
      if (!session.url) throw new PaymentError(400, "The card provider gave no checkout page", "checkout_without_url");
      return { id: session.id, url: session.url };
    });
  }
}
