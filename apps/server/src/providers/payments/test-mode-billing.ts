import type { Db } from "../../db/client.ts";
import { PaymentError } from "./interface.ts";
import * as repo from "./test-mode-repo.ts";
import { addInterval, type Card, type Customer, newId, type RawPrice, type RawSub, type TestModeStore } from "./test-mode-store.ts";

/*
 * The test-mode provider's billing: invoices charged to the default card, a subscription's start
 * and the end of each period (renewal, past due, cancellation at period end).
 */

/**
 * Makes an invoice for `lines` (less any customer credit) and charges the default card.
 * Zero totals are paid without a charge. A failed charge leaves an open invoice and a failed charge.
 */
export async function chargeInvoice(
  store: TestModeStore,
  tx: Db,
  customerId: string,
  subscription: string | null,
  lines: { description: string; amount: number }[],
  at?: number,
): Promise<{ ok: boolean; invoice: string; failure?: PaymentError }> {
  const created = at ?? (await store.now(tx));
  const customer = await store.load<Customer>(tx, customerId, "customer", true);
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const credit = Math.min(customer.balance < 0 ? -customer.balance : 0, Math.max(subtotal, 0));
  let total = subtotal - credit;
  if (total < 0) {
    customer.balance += total;
    total = 0;
  } else customer.balance += credit;
  await store.save(tx, customer.id, "customer", customer.id, customer);
  const currency = await currencyOf(store, tx, subscription);
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
    const card = customer.default_card ? await store.load<Card>(tx, customer.default_card, "card").catch(() => null) : null;
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
    await store.save(tx, charge.id, "charge", customerId, charge, created);
    invoice.charge = charge.id;
    await store.emit(tx, outcome.ok ? "charge.succeeded" : "charge.failed", charge, created);
    if (!outcome.ok) failure = new PaymentError(402, outcome.message!, outcome.code!);
  }
  if (!failure) {
    invoice.status = "paid";
    invoice.amount_paid = total;
  }
  await store.save(tx, invoice.id, "invoice", customerId, invoice, created);
  await store.emit(tx, failure ? "invoice.payment_failed" : "invoice.paid", invoice, created);
  return { ok: !failure, invoice: invoice.id, failure };
}

export async function currencyOf(store: TestModeStore, tx: Db, subscription: string | null): Promise<string> {
  if (!subscription) return "eur";
  const sub = await store.load<RawSub>(tx, subscription, "subscription").catch(() => null);
  return sub?.items.data[0]?.price.currency ?? "eur";
}

export async function startSubscription(
  store: TestModeStore,
  tx: Db,
  input: { customer: string; price: string; trial_days: number; metadata: Record<string, string> },
): Promise<RawSub> {
  const now = await store.now(tx);
  await store.load<Customer>(tx, input.customer, "customer", true);
  const price = await store.load<RawPrice>(tx, input.price, "price");
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
  await store.save(tx, sub.id, "subscription", sub.customer, sub, now);
  const metered = price.recurring.usage_type === "metered";
  const paid = await chargeInvoice(store, tx, sub.customer, sub.id, [
    {
      description: trial ? `Free trial of ${price.nickname ?? "plan"}` : (price.nickname ?? "Subscription"),
      amount: trial || metered ? 0 : price.unit_amount,
    },
  ]);
  // Like `payment_behavior: error_if_incomplete`: a failed first payment makes no subscription.
  if (!paid.ok) throw paid.failure!;
  sub.latest_invoice = paid.invoice;
  await store.save(tx, sub.id, "subscription", sub.customer, sub, now);
  await store.emit(tx, "customer.subscription.created", sub);
  return sub;
}

export async function billPeriodEnd(store: TestModeStore, tx: Db, id: string): Promise<boolean> {
  const now = await store.now(tx);
  const sub = await store.load<RawSub>(tx, id, "subscription", true);
  if (!["active", "trialing", "past_due"].includes(sub.status) || sub.current_period_end > now) return false;
  const at = sub.current_period_end;
  if (sub.cancel_at_period_end) {
    sub.status = "canceled";
    sub.canceled_at = at;
    await store.save(tx, sub.id, "subscription", sub.customer, sub);
    await store.emit(tx, "customer.subscription.deleted", sub, at);
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
  const paid = await chargeInvoice(store, tx, sub.customer, sub.id, lines, at);
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
  await store.save(tx, sub.id, "subscription", sub.customer, sub);
  await store.emit(tx, "customer.subscription.updated", sub, at);
  return sub.status !== "past_due" && nextEnd <= now;
}
