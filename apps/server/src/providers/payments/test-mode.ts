import type { Db } from "../../db/client.ts";
import {
  type CheckoutSession,
  PaymentError,
  type PaymentProvider,
  type ProviderCard,
  type ProviderPrice,
  type ProviderProduct,
  type ProviderSubscription,
  toProviderSubscription,
} from "./interface.ts";
import { behaviourOf, brandOf, luhnValid } from "./test-cards.ts";
import { billPeriodEnd, chargeInvoice, startSubscription } from "./test-mode-billing.ts";
import * as repo from "./test-mode-repo.ts";
import {
  addInterval,
  type Card,
  type Customer,
  type EventSink,
  newId,
  type Obj,
  publicCard,
  type RawPrice,
  type RawSub,
  TestModeStore,
} from "./test-mode-store.ts";

export { addInterval, type EventSink } from "./test-mode-store.ts";

/**
 * The built-in test-mode card provider: products, prices, customers, cards, subscriptions with
 * trials, renewals, proration, cancel at period end and metered usage, invoices, charges and
 * checkout. Its state lives in `testpay_*` tables; its clock can be advanced so renewals happen.
 */
export class TestModeProvider implements PaymentProvider {
  readonly mode = "test" as const;
  private readonly store: TestModeStore;
  private readonly db: Db;
  private readonly publicUrl: string;

  constructor(db: Db, publicUrl: string) {
    this.store = new TestModeStore(db);
    this.db = db;
    this.publicUrl = publicUrl;
  }

  onEvent(sink: EventSink) {
    this.store.sink = sink;
  }

  // ---------- clock ----------

  async now(tx: Db = this.db): Promise<number> {
    return this.store.now(tx);
  }

  /** Moves the provider's clock forward and runs what fell due: trial ends, renewals, cancellations. */
  async advanceClock(seconds: number): Promise<void> {
    await repo.moveClock(this.db, seconds);
    await this.runDueBilling();
  }

  async runDueBilling(): Promise<void> {
    const now = await this.store.now();
    const due = await repo.dueSubscriptionIds(this.db, now);
    for (const { id } of due) {
      // Several periods may have passed: bill each in turn.
      for (let guard = 0; guard < 400; guard++) {
        const more = await this.db.transaction(async (tx) => billPeriodEnd(this.store, tx, id));
        if (!more) break;
      }
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
    const now = new Date((await this.store.now()) * 1000);
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
    await this.store.save(this.db, token.id, "token", null, token);
    return { id: token.id, card: publicCard(stored) };
  }

  // ---------- catalogue ----------

  async createProduct(input: { name: string; metadata: Record<string, string> }, key: string): Promise<ProviderProduct> {
    return this.store.once(key, "product.create", async (tx) => {
      const product = {
        id: newId("prod"),
        object: "product" as const,
        name: input.name,
        active: true,
        created: await this.store.now(tx),
        metadata: input.metadata,
      };
      await this.store.save(tx, product.id, "product", null, product);
      return product;
    });
  }

  async updateProduct(id: string, input: { name?: string; active?: boolean }): Promise<ProviderProduct> {
    return this.db.transaction(async (tx) => {
      const product = await this.store.load<ProviderProduct>(tx, id, "product", true);
      Object.assign(product, input);
      await this.store.save(tx, id, "product", null, product);
      return product;
    });
  }

  async createPrice(input: Parameters<PaymentProvider["createPrice"]>[0], key: string): Promise<ProviderPrice> {
    return this.store.once(key, "price.create", async (tx) => {
      await this.store.load(tx, input.product, "product");
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
        created: await this.store.now(tx),
        metadata: input.metadata,
      };
      await this.store.save(tx, price.id, "price", null, price);
      return price;
    });
  }

  async updatePrice(id: string, input: { active?: boolean; nickname?: string }): Promise<ProviderPrice> {
    return this.db.transaction(async (tx) => {
      const price = await this.store.load<RawPrice>(tx, id, "price", true);
      // Like the real provider, a field left out (or undefined) stays as it was.
      if (input.active !== undefined) price.active = input.active;
      if (input.nickname !== undefined) price.nickname = input.nickname;
      await this.store.save(tx, id, "price", null, price);
      return price;
    });
  }

  // ---------- customers and cards ----------

  async createCustomer(input: { email: string; name: string; metadata: Record<string, string> }, key: string) {
    return this.store.once(key, "customer.create", async (tx) => {
      const customer: Customer = {
        id: newId("cus"),
        email: input.email,
        name: input.name,
        default_card: null,
        balance: 0,
        metadata: input.metadata,
      };
      await this.store.save(tx, customer.id, "customer", customer.id, customer);
      return { id: customer.id };
    });
  }

  async attachCard(customerId: string, tokenId: string, key: string): Promise<ProviderCard> {
    return this.store.once(key, "card.attach", async (tx) => {
      const customer = await this.store.load<Customer>(tx, customerId, "customer", true);
      const token = await this.store.load<{ id: string; used: boolean; card: Card }>(tx, tokenId, "token", true).catch(() => {
        throw new PaymentError(400, "This card token is not valid.", "token_invalid");
      });
      if (token.used) throw new PaymentError(400, "You cannot use a card token more than once.", "token_already_used");
      if (token.card.behaviour === "declined_on_attach") throw new PaymentError(402, "Your card was declined.", "card_declined");
      token.used = true;
      await this.store.save(tx, token.id, "token", null, token);
      const card: Card = { ...token.card, customer: customer.id, added_at: Date.now() };
      await this.store.save(tx, card.id, "card", customer.id, card);
      if (!customer.default_card) {
        customer.default_card = card.id;
        await this.store.save(tx, customer.id, "customer", customer.id, customer);
      }
      return publicCard(card);
    });
  }

  async listCards(customerId: string) {
    const customer = await this.store.load<Customer>(this.db, customerId, "customer");
    const rows = (await repo.cardsOf(this.db, customerId)) as Card[];
    // Oldest first, as added (several may share a second of the provider's clock).
    const cards = rows.sort((a, b) => (a.added_at ?? 0) - (b.added_at ?? 0));
    return { cards: cards.map(publicCard), defaultCard: customer.default_card };
  }

  private async ownedCard(tx: Db, customerId: string, cardId: string): Promise<Card> {
    const card = await this.store.load<Card>(tx, cardId, "card").catch(() => null);
    if (!card || card.customer !== customerId) throw new PaymentError(404, `No such card: '${cardId}'`, "resource_missing");
    return card;
  }

  async setDefaultCard(customerId: string, cardId: string) {
    await this.db.transaction(async (tx) => {
      const customer = await this.store.load<Customer>(tx, customerId, "customer", true);
      await this.ownedCard(tx, customerId, cardId);
      customer.default_card = cardId;
      await this.store.save(tx, customer.id, "customer", customer.id, customer);
    });
  }

  async detachCard(customerId: string, cardId: string) {
    await this.db.transaction(async (tx) => {
      const customer = await this.store.load<Customer>(tx, customerId, "customer", true);
      await this.ownedCard(tx, customerId, cardId);
      await repo.deleteObject(tx, cardId);
      if (customer.default_card === cardId) {
        customer.default_card = (await repo.firstCardIdOf(tx, customerId)) ?? null;
        await this.store.save(tx, customer.id, "customer", customer.id, customer);
      }
    });
  }

  // ---------- subscriptions ----------

  async createSubscription(input: Parameters<PaymentProvider["createSubscription"]>[0], key: string): Promise<ProviderSubscription> {
    const raw = await this.store.once(key, "subscription.create", (tx) => startSubscription(this.store, tx, input));
    return toProviderSubscription(raw as unknown as Obj);
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    return toProviderSubscription(await this.store.load<Obj>(this.db, id, "subscription"));
  }

  async changeSubscriptionPrice(id: string, priceId: string, key: string): Promise<ProviderSubscription> {
    const raw = await this.store.once(key, "subscription.change", async (tx) => {
      const now = await this.store.now(tx);
      const sub = await this.store.load<RawSub>(tx, id, "subscription", true);
      if (!["active", "trialing"].includes(sub.status))
        throw new PaymentError(400, "This subscription can no longer be changed.", "subscription_inactive");
      const price = await this.store.load<RawPrice>(tx, priceId, "price");
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
        const paid = await chargeInvoice(this.store, tx, sub.customer, sub.id, lines);
        if (!paid.ok) throw paid.failure!;
        sub.latest_invoice = paid.invoice;
      }
      await this.store.save(tx, sub.id, "subscription", sub.customer, sub);
      await this.store.emit(tx, "customer.subscription.updated", sub);
      return sub;
    });
    return toProviderSubscription(raw as unknown as Obj);
  }

  async setCancelAtPeriodEnd(id: string, cancelAtPeriodEnd: boolean): Promise<ProviderSubscription> {
    const raw = await this.db.transaction(async (tx) => {
      const sub = await this.store.load<RawSub>(tx, id, "subscription", true);
      if (sub.status === "canceled") throw new PaymentError(400, "This subscription has already ended.", "subscription_canceled");
      const before = sub.cancel_at_period_end;
      sub.cancel_at_period_end = cancelAtPeriodEnd;
      await this.store.save(tx, sub.id, "subscription", sub.customer, sub);
      await this.store.emit(tx, "customer.subscription.updated", sub, undefined, { cancel_at_period_end: before });
      return sub;
    });
    return toProviderSubscription(raw as unknown as Obj);
  }

  async cancelSubscriptionNow(id: string): Promise<ProviderSubscription> {
    const raw = await this.db.transaction(async (tx) => {
      const sub = await this.store.load<RawSub>(tx, id, "subscription", true);
      if (sub.status === "canceled") throw new PaymentError(400, "This subscription has already ended.", "subscription_canceled");
      sub.status = "canceled";
      sub.canceled_at = await this.store.now(tx);
      await this.store.save(tx, sub.id, "subscription", sub.customer, sub);
      await this.store.emit(tx, "customer.subscription.deleted", sub);
      return sub;
    });
    return toProviderSubscription(raw as unknown as Obj);
  }

  async reportUsage(subscription: string, quantity: number, key: string): Promise<void> {
    await this.store.once(key, "usage.report", async (tx) => {
      const sub = await this.store.load<RawSub>(tx, subscription, "subscription", true);
      if (sub.items.data[0]?.price.recurring?.usage_type !== "metered")
        throw new PaymentError(400, "Usage can only be reported on a usage-metered price.", "price_not_metered");
      if (!["active", "trialing", "past_due"].includes(sub.status))
        throw new PaymentError(400, "This subscription has ended.", "subscription_canceled");
      sub.usage_quantity += quantity;
      await this.store.save(tx, sub.id, "subscription", sub.customer, sub);
      return { total_usage: sub.usage_quantity };
    });
  }

  // ---------- checkout ----------

  async createCheckoutSession(input: Parameters<PaymentProvider["createCheckoutSession"]>[0], key: string): Promise<CheckoutSession> {
    return this.store.once(key, "checkout.create", async (tx) => {
      await this.store.load(tx, input.customer, "customer");
      const price = await this.store.load<RawPrice>(tx, input.price, "price");
      if (!price.active) throw new PaymentError(400, "The price specified is inactive.", "price_inactive");
      const id = newId("cs");
      const session = {
        id,
        object: "checkout.session",
        status: "open",
        url: `${this.publicUrl}/checkout/${id}`,
        ...input,
        subscription: null,
        created: await this.store.now(tx),
      };
      await this.store.save(tx, id, "checkout.session", input.customer, session);
      return { id, url: session.url };
    });
  }

  async getCheckoutSession(id: string) {
    const s = await this.store
      .load<{
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
      }>(this.db, id, "checkout.session")
      .catch(() => {
        throw new PaymentError(404, "This checkout session does not exist.", "resource_missing");
      });
    const price = await this.store.load<RawPrice>(this.db, s.price, "price");
    return { ...s, price };
  }

  /** Pays an open checkout session with a card token: attaches the card, then subscribes or charges once. */
  async completeCheckoutSession(id: string, token: string): Promise<{ success_url: string }> {
    return this.store.once(`checkout-complete:${id}:${token}`, "checkout.complete", async (tx) => {
      const session = await this.store.load<
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
      const tok = await this.store.load<{ id: string; used: boolean; card: Card }>(tx, token, "token", true).catch(() => {
        throw new PaymentError(400, "This card token is not valid.", "token_invalid");
      });
      if (tok.used) throw new PaymentError(400, "You cannot use a card token more than once.", "token_already_used");
      if (tok.card.behaviour === "declined_on_attach") throw new PaymentError(402, "Your card was declined.", "card_declined");
      tok.used = true;
      await this.store.save(tx, tok.id, "token", null, tok);
      const customer = await this.store.load<Customer>(tx, session.customer, "customer", true);
      const card: Card = { ...tok.card, customer: customer.id, added_at: Date.now() };
      await this.store.save(tx, card.id, "card", customer.id, card);
      customer.default_card = card.id;
      await this.store.save(tx, customer.id, "customer", customer.id, customer);
      if (session.mode === "subscription") {
        const sub = await startSubscription(this.store, tx, {
          customer: customer.id,
          price: session.price,
          trial_days: session.trial_days,
          metadata: session.metadata,
        });
        session.subscription = sub.id;
      } else {
        const price = await this.store.load<RawPrice>(tx, session.price, "price");
        const paid = await chargeInvoice(this.store, tx, customer.id, null, [
          { description: price.nickname ?? "Purchase", amount: price.unit_amount },
        ]);
        if (!paid.ok) throw paid.failure!;
        session.invoice = paid.invoice;
        session.amount_total = price.unit_amount;
        session.currency = price.currency;
      }
      session.status = "complete";
      session.payment_status = "paid";
      await this.store.save(tx, id, "checkout.session", customer.id, session);
      await this.store.emit(tx, "checkout.session.completed", session);
      return { success_url: session.success_url };
    });
  }
}
