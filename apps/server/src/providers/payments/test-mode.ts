import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import {
  type CheckoutSession,
  type Interval,
  PaymentError,
  type PaymentProvider,
  type ProviderCard,
  type ProviderEvent,
  type ProviderPrice,
  type ProviderProduct,
  type ProviderSubscription,
  toProviderSubscription,
} from "./interface.ts";
import { behaviourOf, brandOf, type CardBehaviour, luhnValid } from "./test-cards.ts";
import * as repo from "./test-mode-repo.ts";

type Obj = Record<string, unknown>;
type Card = ProviderCard & { behaviour: CardBehaviour; customer: string | null; added_at?: number };
type Customer = { id: string; email: string; name: string; default_card: string | null; balance: number; metadata: Obj };
type RawPrice = ProviderPrice & { metadata: Obj };
type RawSub = {
  id: string;
  object: "subscription";
  customer: string;
  status: ProviderSubscription["status"];
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  trial_end: number | null;
  canceled_at: number | null;
  created: number;
  metadata: Record<string, string>;
  usage_quantity: number;
  latest_invoice: string | null;
  items: { data: { id: string; price: RawPrice; current_period_start: number; current_period_end: number }[] };
};

/** Events go to this handler inside the transaction that made them, so state and mirror move together. */
export type EventSink = (tx: Db, event: ProviderEvent) => Promise<unknown>;

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

export function addInterval(from: number, interval: Interval, count: number): number {
  const d = new Date(from * 1000);
  if (interval === "day") d.setUTCDate(d.getUTCDate() + count);
  else if (interval === "week") d.setUTCDate(d.getUTCDate() + 7 * count);
  else if (interval === "month") d.setUTCMonth(d.getUTCMonth() + count);
  else d.setUTCFullYear(d.getUTCFullYear() + count);
  return Math.floor(d.getTime() / 1000);
}

const isUniqueViolation = (e: unknown) => {
  let err = e as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; err && i < 4; i++) {
    if (err.code === "23505") return true;
    err = err.cause as typeof err;
  }
  return false;
};

/**
 * The built-in test-mode card provider: products, prices, customers, cards, subscriptions with
 * trials, renewals, proration, cancel at period end and metered usage, invoices, charges and
 * checkout. Its state lives in `testpay_*` tables; its clock can be advanced so renewals happen.
 */
export class TestModeProvider implements PaymentProvider {
  readonly mode = "test" as const;
  private sink: EventSink = async () => {};
  private readonly db: Db;
  private readonly publicUrl: string;

  constructor(db: Db, publicUrl: string) {
    this.db = db;
    this.publicUrl = publicUrl;
  }

  onEvent(sink: EventSink) {
    this.sink = sink;
  }

  // ---------- clock ----------

  async now(tx: Db = this.db): Promise<number> {
    return Math.floor(Date.now() / 1000) + (await repo.clockOffset(tx));
  }

  /** Moves the provider's clock forward and runs what fell due: trial ends, renewals, cancellations. */
  async advanceClock(seconds: number): Promise<void> {
    await repo.moveClock(this.db, seconds);
    await this.runDueBilling();
  }

  async runDueBilling(): Promise<void> {
    const now = await this.now();
    const due = await repo.dueSubscriptionIds(this.db, now);
    for (const { id } of due) {
      // Several periods may have passed: bill each in turn.
      for (let guard = 0; guard < 400; guard++) {
        const more = await this.db.transaction(async (tx) => this.billPeriodEnd(tx, id));
        if (!more) break;
      }
    }
  }

  private async billPeriodEnd(tx: Db, id: string): Promise<boolean> {
    const now = await this.now(tx);
    const sub = await this.load<RawSub>(tx, id, "subscription", true);
    if (!["active", "trialing", "past_due"].includes(sub.status) || sub.current_period_end > now) return false;
    const at = sub.current_period_end;
    if (sub.cancel_at_period_end) {
      sub.status = "canceled";
      sub.canceled_at = at;
      await this.save(tx, sub.id, "subscription", sub.customer, sub);
      await this.emit(tx, "customer.subscription.deleted", sub, at);
      return false;
    }
    const item = sub.items.data[0]!;
    const price = item.price;
    const recurring = price.recurring!;
    const metered = recurring.usage_type === "metered";
    const nextEnd = addInterval(at, recurring.interval, recurring.interval_count);
    const lines: { description: string; amount: number }[] = [];
    if (metered && sub.status !== "trialing") {
      lines.push({ description: `${sub.usage_quantity} × ${price.nickname ?? "usage"}`, amount: sub.usage_quantity * price.unit_amount });
    }
    if (!metered) lines.push({ description: `${price.nickname ?? "Subscription"} (renewal)`, amount: price.unit_amount });
    const paid = await this.invoice(tx, sub.customer, sub.id, lines, at);
    sub.usage_quantity = 0;
    sub.latest_invoice = paid.invoice;
    if (paid.ok) {
      sub.status = "active";
      sub.current_period_start = at;
      sub.current_period_end = nextEnd;
      item.current_period_start = at;
      item.current_period_end = nextEnd;
    } else {
      // The card provider retries for a while; ours marks the subscription past due and stops access.
      sub.status = "past_due";
      sub.current_period_start = at;
      sub.current_period_end = nextEnd;
      item.current_period_start = at;
      item.current_period_end = nextEnd;
    }
    await this.save(tx, sub.id, "subscription", sub.customer, sub);
    await this.emit(tx, "customer.subscription.updated", sub, at);
    return sub.status !== "past_due" && nextEnd <= now;
  }

  // ---------- storage helpers ----------

  private async load<T>(tx: Db, id: string, type: string, forUpdate = false): Promise<T> {
    const data = await repo.findObject(tx, id, type, forUpdate);
    if (!data) throw new PaymentError(404, `No such ${type}: '${id}'`, "resource_missing");
    return data as T;
  }

  private async save(tx: Db, id: string, type: string, customer: string | null, data: object, created?: number) {
    await repo.saveObject(tx, { id, type, customer, data, created: created ?? (await this.now(tx)) });
  }

  private async emit(tx: Db, type: string, object: object, created?: number) {
    const event: ProviderEvent = {
      id: newId("evt"),
      type,
      created: created ?? (await this.now(tx)),
      data: { object: structuredClone(object) as Obj },
    };
    await this.save(tx, event.id, "event", null, event, event.created);
    await this.sink(tx, event);
  }

  /** Runs `work` once per idempotency key: a retry with the same key answers the first result. */
  private async once<T extends object>(key: string, operation: string, work: (tx: Db) => Promise<T>): Promise<T> {
    const stored = async () => {
      const row = await repo.findIdempotent(this.db, key);
      if (row && row.operation !== operation)
        throw new PaymentError(400, "Keys for idempotent requests can only be used for the same request", "idempotency_error");
      return row?.response as T | undefined;
    };
    const earlier = await stored();
    if (earlier) return earlier;
    try {
      return await this.db.transaction(async (tx) => {
        const result = await work(tx);
        await repo.saveIdempotent(tx, key, operation, result);
        return result;
      });
    } catch (e) {
      if (isUniqueViolation(e)) {
        const again = await stored();
        if (again) return again;
      }
      throw e;
    }
  }

  // ---------- tokens (our stand-in for the provider's tokenisation endpoint) ----------

  async createToken(card: {
    number: string;
    exp_month: number;
    exp_year: number;
    cvc: string;
  }): Promise<{ id: string; card: ProviderCard }> {
    const number = card.number.replace(/[\s-]/g, "");
    if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
      throw new PaymentError(402, "Your card number is incorrect.", "incorrect_number");
    if (!/^\d{3,4}$/.test(card.cvc)) throw new PaymentError(402, "Your card's security code is invalid.", "invalid_cvc");
    const now = new Date((await this.now()) * 1000);
    const expired =
      card.exp_year < now.getUTCFullYear() || (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1);
    if (expired || behaviourOf(number) === "expired") throw new PaymentError(402, "Your card has expired.", "expired_card");
    const stored: Card = {
      id: newId("card"),
      brand: brandOf(number),
      last4: number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      behaviour: behaviourOf(number),
      customer: null,
    };
    const token = { id: newId("tok"), used: false, card: stored };
    await this.save(this.db, token.id, "token", null, token);
    return { id: token.id, card: publicCard(stored) };
  }

  // ---------- catalogue ----------

  async createProduct(input: { name: string; metadata: Record<string, string> }, key: string): Promise<ProviderProduct> {
    return this.once(key, "product.create", async (tx) => {
      const product = {
        id: newId("prod"),
        object: "product" as const,
        name: input.name,
        active: true,
        created: await this.now(tx),
        metadata: input.metadata,
      };
      await this.save(tx, product.id, "product", null, product);
      return product;
    });
  }

  async updateProduct(id: string, input: { name?: string; active?: boolean }): Promise<ProviderProduct> {
    return this.db.transaction(async (tx) => {
      const product = await this.load<ProviderProduct>(tx, id, "product", true);
      Object.assign(product, input);
      await this.save(tx, id, "product", null, product);
      return product;
    });
  }

  async createPrice(input: Parameters<PaymentProvider["createPrice"]>[0], key: string): Promise<ProviderPrice> {
    return this.once(key, "price.create", async (tx) => {
      await this.load(tx, input.product, "product");
      const price: RawPrice = {
        id: newId("price"),
        object: "price",
        product: input.product,
        active: true,
        currency: input.currency,
        unit_amount: input.unit_amount,
        nickname: input.nickname,
        type: input.recurring ? "recurring" : "one_time",
        recurring: input.recurring,
        created: await this.now(tx),
        metadata: input.metadata,
      };
      await this.save(tx, price.id, "price", null, price);
      return price;
    });
  }

  async updatePrice(id: string, input: { active?: boolean; nickname?: string }): Promise<ProviderPrice> {
    return this.db.transaction(async (tx) => {
      const price = await this.load<RawPrice>(tx, id, "price", true);
      // Like the real provider, a field left out (or undefined) stays as it was.
      if (input.active !== undefined) price.active = input.active;
      if (input.nickname !== undefined) price.nickname = input.nickname;
      await this.save(tx, id, "price", null, price);
      return price;
    });
  }

  // ---------- customers and cards ----------

  async createCustomer(input: { email: string; name: string; metadata: Record<string, string> }, key: string) {
    return this.once(key, "customer.create", async (tx) => {
      const customer: Customer = {
        id: newId("cus"),
        email: input.email,
        name: input.name,
        default_card: null,
        balance: 0,
        metadata: input.metadata,
      };
      await this.save(tx, customer.id, "customer", customer.id, customer);
      return { id: customer.id };
    });
  }

  async attachCard(customerId: string, tokenId: string, key: string): Promise<ProviderCard> {
    return this.once(key, "card.attach", async (tx) => {
      const customer = await this.load<Customer>(tx, customerId, "customer", true);
      const token = await this.load<{ id: string; used: boolean; card: Card }>(tx, tokenId, "token", true).catch(() => {
        throw new PaymentError(400, "This card token is not valid.", "token_invalid");
      });
      if (token.used) throw new PaymentError(400, "You cannot use a card token more than once.", "token_already_used");
      if (token.card.behaviour === "declined_on_attach") throw new PaymentError(402, "Your card was declined.", "card_declined");
      token.used = true;
      await this.save(tx, token.id, "token", null, token);
      const card: Card = { ...token.card, customer: customer.id, added_at: Date.now() };
      await this.save(tx, card.id, "card", customer.id, card);
      if (!customer.default_card) {
        customer.default_card = card.id;
        await this.save(tx, customer.id, "customer", customer.id, customer);
      }
      return publicCard(card);
    });
  }

  async listCards(customerId: string) {
    const customer = await this.load<Customer>(this.db, customerId, "customer");
    const rows = (await repo.cardsOf(this.db, customerId)) as Card[];
    // Oldest first, as added (several may share a second of the provider's clock).
    const cards = rows.sort((a, b) => (a.added_at ?? 0) - (b.added_at ?? 0));
    return { cards: cards.map(publicCard), defaultCard: customer.default_card };
  }

  private async ownedCard(tx: Db, customerId: string, cardId: string): Promise<Card> {
    const card = await this.load<Card>(tx, cardId, "card").catch(() => null);
    if (!card || card.customer !== customerId) throw new PaymentError(404, `No such card: '${cardId}'`, "resource_missing");
    return card;
  }

  async setDefaultCard(customerId: string, cardId: string) {
    await this.db.transaction(async (tx) => {
      const customer = await this.load<Customer>(tx, customerId, "customer", true);
      await this.ownedCard(tx, customerId, cardId);
      customer.default_card = cardId;
      await this.save(tx, customer.id, "customer", customer.id, customer);
    });
  }

  async detachCard(customerId: string, cardId: string) {
    await this.db.transaction(async (tx) => {
      const customer = await this.load<Customer>(tx, customerId, "customer", true);
      await this.ownedCard(tx, customerId, cardId);
      await repo.deleteObject(tx, cardId);
      if (customer.default_card === cardId) {
        customer.default_card = (await repo.firstCardIdOf(tx, customerId)) ?? null;
        await this.save(tx, customer.id, "customer", customer.id, customer);
      }
    });
  }

  // ---------- invoices and charges ----------

  /**
   * Makes an invoice for `lines` (less any customer credit) and charges the default card.
   * Zero totals are paid without a charge. A failed charge leaves an open invoice and a failed charge.
   */
  private async invoice(
    tx: Db,
    customerId: string,
    subscription: string | null,
    lines: { description: string; amount: number }[],
    at?: number,
  ): Promise<{ ok: boolean; invoice: string; failure?: PaymentError }> {
    const created = at ?? (await this.now(tx));
    const customer = await this.load<Customer>(tx, customerId, "customer", true);
    const subtotal = lines.reduce((s, l) => s + l.amount, 0);
    const credit = Math.min(customer.balance < 0 ? -customer.balance : 0, Math.max(subtotal, 0));
    let total = subtotal - credit;
    if (total < 0) {
      customer.balance += total;
      total = 0;
    } else customer.balance += credit;
    await this.save(tx, customer.id, "customer", customer.id, customer);
    const currency = await this.currencyOf(tx, subscription);
    const invoiceCount = await repo.countInvoices(tx);
    const invoice = {
      id: newId("in"),
      object: "invoice",
      customer: customerId,
      subscription,
      number: `TEST-${String(invoiceCount + 1).padStart(5, "0")}`,
      currency,
      lines: { data: lines },
      subtotal,
      starting_balance: -credit,
      amount_due: total,
      amount_paid: 0,
      status: "open",
      created,
      charge: null as string | null,
    };
    let failure: PaymentError | undefined;
    if (total > 0) {
      const card = customer.default_card ? await this.load<Card>(tx, customer.default_card, "card").catch(() => null) : null;
      const outcome: { ok: boolean; code?: string; message?: string } = !card
        ? { ok: false, code: "missing_payment_method", message: "Add a card before subscribing." }
        : card.behaviour === "insufficient_funds"
          ? { ok: false, code: "insufficient_funds", message: "Your card has insufficient funds." }
          : card.behaviour === "declined_on_charge" || card.behaviour === "declined_on_attach"
            ? { ok: false, code: "card_declined", message: "Your card was declined." }
            : { ok: true };
      const charge = {
        id: newId("ch"),
        object: "charge",
        customer: customerId,
        invoice: invoice.id,
        amount: total,
        currency,
        status: outcome.ok ? "succeeded" : "failed",
        paid: outcome.ok,
        failure_code: outcome.code ?? null,
        failure_message: outcome.message ?? null,
        payment_method_details: card ? { card: { brand: card.brand, last4: card.last4 } } : null,
        created,
      };
      await this.save(tx, charge.id, "charge", customerId, charge, created);
      invoice.charge = charge.id;
      await this.emit(tx, outcome.ok ? "charge.succeeded" : "charge.failed", charge, created);
      if (!outcome.ok) failure = new PaymentError(402, outcome.message!, outcome.code!);
    }
    if (!failure) {
      invoice.status = "paid";
      invoice.amount_paid = total;
    }
    await this.save(tx, invoice.id, "invoice", customerId, invoice, created);
    await this.emit(tx, failure ? "invoice.payment_failed" : "invoice.paid", invoice, created);
    return { ok: !failure, invoice: invoice.id, failure };
  }

  private async currencyOf(tx: Db, subscription: string | null): Promise<string> {
    if (!subscription) return "eur";
    const sub = await this.load<RawSub>(tx, subscription, "subscription").catch(() => null);
    return sub?.items.data[0]?.price.currency ?? "eur";
  }

  // ---------- subscriptions ----------

  async createSubscription(input: Parameters<PaymentProvider["createSubscription"]>[0], key: string): Promise<ProviderSubscription> {
    const raw = await this.once(key, "subscription.create", (tx) => this.startSubscription(tx, input));
    return toProviderSubscription(raw as unknown as Obj);
  }

  private async startSubscription(
    tx: Db,
    input: { customer: string; price: string; trial_days: number; metadata: Record<string, string> },
  ): Promise<RawSub> {
    const now = await this.now(tx);
    await this.load<Customer>(tx, input.customer, "customer", true);
    const price = await this.load<RawPrice>(tx, input.price, "price");
    if (!price.active) throw new PaymentError(400, "The price specified is inactive.", "price_inactive");
    if (!price.recurring) throw new PaymentError(400, "A subscription needs a recurring price.", "price_not_recurring");
    const trial = input.trial_days > 0;
    const end = trial ? now + input.trial_days * 86_400 : addInterval(now, price.recurring.interval, price.recurring.interval_count);
    const sub: RawSub = {
      id: newId("sub"),
      object: "subscription",
      customer: input.customer,
      status: trial ? "trialing" : "active",
      cancel_at_period_end: false,
      current_period_start: now,
      current_period_end: end,
      trial_end: trial ? end : null,
      canceled_at: null,
      created: now,
      metadata: input.metadata,
      usage_quantity: 0,
      latest_invoice: null,
      items: { data: [{ id: newId("si"), price, current_period_start: now, current_period_end: end }] },
    };
    await this.save(tx, sub.id, "subscription", sub.customer, sub, now);
    const metered = price.recurring.usage_type === "metered";
    const paid = await this.invoice(tx, sub.customer, sub.id, [
      {
        description: trial ? `Free trial of ${price.nickname ?? "plan"}` : (price.nickname ?? "Subscription"),
        amount: trial || metered ? 0 : price.unit_amount,
      },
    ]);
    // Like `payment_behavior: error_if_incomplete`: a failed first payment makes no subscription.
    if (!paid.ok) throw paid.failure!;
    sub.latest_invoice = paid.invoice;
    await this.save(tx, sub.id, "subscription", sub.customer, sub, now);
    await this.emit(tx, "customer.subscription.created", sub);
    return sub;
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    return toProviderSubscription(await this.load<Obj>(this.db, id, "subscription"));
  }

  async changeSubscriptionPrice(id: string, priceId: string, key: string): Promise<ProviderSubscription> {
    const raw = await this.once(key, "subscription.change", async (tx) => {
      const now = await this.now(tx);
      const sub = await this.load<RawSub>(tx, id, "subscription", true);
      if (!["active", "trialing"].includes(sub.status))
        throw new PaymentError(400, "This subscription can no longer be changed.", "subscription_inactive");
      const price = await this.load<RawPrice>(tx, priceId, "price");
      if (!price.active || !price.recurring) throw new PaymentError(400, "The price specified is inactive.", "price_inactive");
      const item = sub.items.data[0]!;
      const old = item.price;
      const sameCycle =
        old.recurring?.interval === price.recurring.interval && old.recurring.interval_count === price.recurring.interval_count;
      const span = Math.max(1, sub.current_period_end - sub.current_period_start);
      const remaining = Math.max(0, sub.current_period_end - now) / span;
      const lines: { description: string; amount: number }[] = [];
      if (sub.status === "active") {
        const oldMetered = old.recurring?.usage_type === "metered";
        const newMetered = price.recurring.usage_type === "metered";
        if (!oldMetered)
          lines.push({
            description: `Unused time on ${old.nickname ?? "previous plan"}`,
            amount: -Math.round(old.unit_amount * remaining),
          });
        if (sameCycle) {
          if (!newMetered)
            lines.push({
              description: `Remaining time on ${price.nickname ?? "new plan"}`,
              amount: Math.round(price.unit_amount * remaining),
            });
        } else {
          // A new billing cycle starts today, as with the card provider.
          const end = addInterval(now, price.recurring.interval, price.recurring.interval_count);
          sub.current_period_start = now;
          sub.current_period_end = end;
          if (!newMetered) lines.push({ description: price.nickname ?? "New plan", amount: price.unit_amount });
        }
      }
      item.price = price;
      item.current_period_start = sub.current_period_start;
      item.current_period_end = sub.current_period_end;
      if (lines.length) {
        const paid = await this.invoice(tx, sub.customer, sub.id, lines);
        if (!paid.ok) throw paid.failure!;
        sub.latest_invoice = paid.invoice;
      }
      await this.save(tx, sub.id, "subscription", sub.customer, sub);
      await this.emit(tx, "customer.subscription.updated", sub);
      return sub;
    });
    return toProviderSubscription(raw as unknown as Obj);
  }

  async setCancelAtPeriodEnd(id: string, cancelAtPeriodEnd: boolean): Promise<ProviderSubscription> {
    const raw = await this.db.transaction(async (tx) => {
      const sub = await this.load<RawSub>(tx, id, "subscription", true);
      if (sub.status === "canceled") throw new PaymentError(400, "This subscription has already ended.", "subscription_canceled");
      sub.cancel_at_period_end = cancelAtPeriodEnd;
      await this.save(tx, sub.id, "subscription", sub.customer, sub);
      await this.emit(tx, "customer.subscription.updated", sub);
      return sub;
    });
    return toProviderSubscription(raw as unknown as Obj);
  }

  async cancelSubscriptionNow(id: string): Promise<ProviderSubscription> {
    const raw = await this.db.transaction(async (tx) => {
      const sub = await this.load<RawSub>(tx, id, "subscription", true);
      if (sub.status === "canceled") throw new PaymentError(400, "This subscription has already ended.", "subscription_canceled");
      sub.status = "canceled";
      sub.canceled_at = await this.now(tx);
      await this.save(tx, sub.id, "subscription", sub.customer, sub);
      await this.emit(tx, "customer.subscription.deleted", sub);
      return sub;
    });
    return toProviderSubscription(raw as unknown as Obj);
  }

  async reportUsage(subscription: string, quantity: number, key: string): Promise<void> {
    await this.once(key, "usage.report", async (tx) => {
      const sub = await this.load<RawSub>(tx, subscription, "subscription", true);
      if (sub.items.data[0]?.price.recurring?.usage_type !== "metered")
        throw new PaymentError(400, "Usage can only be reported on a usage-metered price.", "price_not_metered");
      if (!["active", "trialing", "past_due"].includes(sub.status))
        throw new PaymentError(400, "This subscription has ended.", "subscription_canceled");
      sub.usage_quantity += quantity;
      await this.save(tx, sub.id, "subscription", sub.customer, sub);
      return { total_usage: sub.usage_quantity };
    });
  }

  // ---------- checkout ----------

  async createCheckoutSession(input: Parameters<PaymentProvider["createCheckoutSession"]>[0], key: string): Promise<CheckoutSession> {
    return this.once(key, "checkout.create", async (tx) => {
      await this.load(tx, input.customer, "customer");
      const price = await this.load<RawPrice>(tx, input.price, "price");
      if (!price.active) throw new PaymentError(400, "The price specified is inactive.", "price_inactive");
      const id = newId("cs");
      const session = {
        id,
        object: "checkout.session",
        status: "open",
        url: `${this.publicUrl}/checkout/${id}`,
        ...input,
        subscription: null,
        created: await this.now(tx),
      };
      await this.save(tx, id, "checkout.session", input.customer, session);
      return { id, url: session.url };
    });
  }

  async getCheckoutSession(id: string) {
    const s = await this.load<{
      id: string;
      status: "open" | "complete";
      customer: string;
      price: string;
      mode: "subscription" | "payment";
      trial_days: number;
      success_url: string;
      cancel_url: string;
      metadata: Record<string, string>;
      subscription: string | null;
    }>(this.db, id, "checkout.session").catch(() => {
      throw new PaymentError(404, "This checkout session does not exist.", "resource_missing");
    });
    const price = await this.load<RawPrice>(this.db, s.price, "price");
    return { ...s, price };
  }

  /** Pays an open checkout session with a card token: attaches the card, then subscribes or charges once. */
  async completeCheckoutSession(id: string, token: string): Promise<{ success_url: string }> {
    return this.once(`checkout-complete:${id}:${token}`, "checkout.complete", async (tx) => {
      const session = await this.load<
        Obj & {
          status: string;
          customer: string;
          price: string;
          mode: string;
          trial_days: number;
          metadata: Record<string, string>;
          success_url: string;
        }
      >(tx, id, "checkout.session", true);
      if (session.status !== "open") throw new PaymentError(409, "This checkout has already been completed.", "checkout_complete");
      // Attach within this transaction so a declined payment leaves no card behind.
      const tok = await this.load<{ id: string; used: boolean; card: Card }>(tx, token, "token", true).catch(() => {
        throw new PaymentError(400, "This card token is not valid.", "token_invalid");
      });
      if (tok.used) throw new PaymentError(400, "You cannot use a card token more than once.", "token_already_used");
      if (tok.card.behaviour === "declined_on_attach") throw new PaymentError(402, "Your card was declined.", "card_declined");
      tok.used = true;
      await this.save(tx, tok.id, "token", null, tok);
      const customer = await this.load<Customer>(tx, session.customer, "customer", true);
      const card: Card = { ...tok.card, customer: customer.id, added_at: Date.now() };
      await this.save(tx, card.id, "card", customer.id, card);
      customer.default_card = card.id;
      await this.save(tx, customer.id, "customer", customer.id, customer);
      if (session.mode === "subscription") {
        const sub = await this.startSubscription(tx, {
          customer: customer.id,
          price: session.price,
          trial_days: session.trial_days,
          metadata: session.metadata,
        });
        session.subscription = sub.id;
      } else {
        const price = await this.load<RawPrice>(tx, session.price, "price");
        const paid = await this.invoice(tx, customer.id, null, [{ description: price.nickname ?? "Purchase", amount: price.unit_amount }]);
        if (!paid.ok) throw paid.failure!;
        session.invoice = paid.invoice;
        session.amount_total = price.unit_amount;
        session.currency = price.currency;
      }
      session.status = "complete";
      session.payment_status = "paid";
      await this.save(tx, id, "checkout.session", customer.id, session);
      await this.emit(tx, "checkout.session.completed", session);
      return { success_url: session.success_url };
    });
  }
}

function publicCard(card: Card): ProviderCard {
  return { id: card.id, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year };
}
