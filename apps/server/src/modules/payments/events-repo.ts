import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  stripeCharges,
  stripeCustomers,
  stripeInvoices,
  stripeOrders,
  stripePrices,
  stripeSubscriptions,
  stripeWebhookEvents,
} from "../../db/schema/payments.ts";
import { type ProviderEvent, type ProviderSubscription, toProviderSubscription } from "../../providers/payments/interface.ts";
import { queueLifecycleMail } from "./lifecycle-mails.ts";

type Obj = Record<string, unknown>;
/** A provider field that holds an id, or the object it names expanded: the id, or null. */
export const str = (v: unknown) =>
  typeof v === "string" ? v : v && typeof v === "object" && "id" in v ? String((v as { id: unknown }).id) : null;

/** The subscription an invoice bills (newer API versions carry it under parent.subscription_details). */
export const subscriptionOfInvoice = (object: Obj) =>
  str(object.subscription ?? ((object.parent as Obj | undefined)?.subscription_details as Obj | undefined)?.subscription ?? null);
const int = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.round(v) : 0);
const date = (s: number | null) => (s ? new Date(s * 1000) : null);

async function userOfCustomer(tx: Db, customer: string | null): Promise<number | null> {
  if (!customer) return null;
  const [row] = await tx.select({ userId: stripeCustomers.userId }).from(stripeCustomers).where(eq(stripeCustomers.stripeId, customer));
  return row?.userId ?? null;
}

async function priceIdOf(tx: Db, stripeId: string | null): Promise<number | null> {
  if (!stripeId) return null;
  const [row] = await tx.select({ id: stripePrices.id }).from(stripePrices).where(eq(stripePrices.stripeId, stripeId));
  return row?.id ?? null;
}

/** A subscription as the provider answered when asked, with when it was read (Unix seconds). */
export type CurrentSubscription = { subscription: ProviderSubscription; object: Record<string, unknown>; readAt: number };

/** The subscription an invoice or a checkout session is for, if any. */
export function subscriptionOf(event: ProviderEvent): string | null {
  const object = event.data.object;
  if (event.type === "checkout.session.completed") return object.mode === "subscription" ? str(object.subscription) : null;
  if (event.type === "invoice.paid" || event.type === "invoice.payment_succeeded") return subscriptionOfInvoice(object);
  return null;
}

/**
 * Our mirror of one subscription, from an event or from the provider: inserted, or updated unless
 * what we hold is newer than `asOf` (the end of a subscription always wins, and a canceled one
 * stays canceled). Answers whether it changed anything.
 */
async function mirrorSubscription(
  tx: Db,
  sub: ProviderSubscription,
  object: Record<string, unknown>,
  { asOf, isDeleted, endedAt }: { asOf: number; isDeleted: boolean; endedAt: number | null },
): Promise<boolean> {
  const userId = await userOfCustomer(tx, sub.customer);
  if (!userId) return false;
  const values = {
    userId,
    stripeId: sub.id,
    priceId: await priceIdOf(tx, sub.price),
    status: isDeleted ? "canceled" : sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodStart: date(sub.current_period_start),
    currentPeriodEnd: date(sub.current_period_end),
    trialEnd: date(sub.trial_end),
    canceledAt: date(sub.canceled_at ?? (isDeleted ? endedAt : null)),
    object,
    lastEventAt: asOf,
    updateAt: new Date(),
  };
  const written = await tx
    .insert(stripeSubscriptions)
    .values({ ...values, createAt: date(sub.created) ?? new Date() })
    .onConflictDoUpdate({
      target: stripeSubscriptions.stripeId,
      set: { ...values, lastEventAt: sql`greatest(${stripeSubscriptions.lastEventAt}, ${asOf})` },
      setWhere: isDeleted ? sql`true` : sql`${stripeSubscriptions.lastEventAt} <= ${asOf} and ${stripeSubscriptions.status} <> 'canceled'`,
    })
    .returning({ id: stripeSubscriptions.id });
  return written.length > 0;
}

/**
 * Applies one provider event to our mirror, once: the event id is recorded in the same
 * transaction as its effect, so a replay (even ten at once) changes nothing. Older events never
 * overwrite newer state, and a canceled subscription stays canceled. Answers whether it applied.
 * Run it inside a transaction.
 */
export async function applyEvent(
  tx: Db,
  event: ProviderEvent,
  current?: CurrentSubscription,
  /** `publicUrl`: also queue the candidate's mail the event makes (a receipt, a failed renewal, …). */
  opts: { publicUrl?: string } = {},
): Promise<boolean> {
  const inserted = await tx
    .insert(stripeWebhookEvents)
    .values({ eventId: event.id, type: event.type, created: event.created })
    .onConflictDoNothing()
    .returning({ id: stripeWebhookEvents.id });
  if (!inserted.length) return false;
  if (opts.publicUrl) await queueLifecycleMail(tx, event, opts.publicUrl);
  const object = event.data.object;

  let changed = false;
  if (event.type.startsWith("customer.subscription.")) {
    const isDeleted = event.type === "customer.subscription.deleted";
    return mirrorSubscription(tx, toProviderSubscription(object), object, { asOf: event.created, isDeleted, endedAt: event.created });
  }
  // A payment or a checkout of a subscription: its state as the provider holds it now, read before
  // the transaction, so a lost subscription event never leaves a paying candidate locked out.
  if (current)
    changed = await mirrorSubscription(tx, current.subscription, current.object, { asOf: current.readAt, isDeleted: false, endedAt: null });

  if (event.type.startsWith("invoice.")) {
    const lines = ((object.lines as { data?: { description?: string }[] } | undefined)?.data ?? []).map((l) => l.description ?? "");
    const values = {
      userId: await userOfCustomer(tx, str(object.customer)),
      stripeId: String(object.id),
      subscriptionStripeId: subscriptionOfInvoice(object),
      number: str(object.number),
      status: String(object.status ?? "open"),
      amountDue: int(object.amount_due),
      amountPaid: int(object.amount_paid),
      currency: String(object.currency ?? "eur"),
      description: lines.filter(Boolean).join("; ").slice(0, 500),
      object,
      lastEventAt: event.created,
      updateAt: new Date(),
    };
    await tx
      .insert(stripeInvoices)
      .values({ ...values, createAt: date(int(object.created)) ?? new Date() })
      .onConflictDoUpdate({
        target: stripeInvoices.stripeId,
        set: values,
        setWhere: sql`${stripeInvoices.lastEventAt} <= ${event.created}`,
      });
    return true;
  }

  if (event.type.startsWith("charge.")) {
    const values = {
      userId: await userOfCustomer(tx, str(object.customer)),
      stripeId: String(object.id),
      invoiceStripeId: str(object.invoice),
      amount: int(object.amount),
      currency: String(object.currency ?? "eur"),
      status: String(object.status ?? "pending"),
      failureMessage: typeof object.failure_message === "string" ? object.failure_message : null,
      object,
    };
    await tx
      .insert(stripeCharges)
      .values({ ...values, createAt: date(int(object.created)) ?? new Date() })
      .onConflictDoUpdate({ target: stripeCharges.stripeId, set: values });
    return true;
  }

  if (event.type === "checkout.session.completed" && object.mode === "payment") {
    const metadata = (object.metadata as Record<string, string> | undefined) ?? {};
    await tx
      .insert(stripeOrders)
      .values({
        userId: await userOfCustomer(tx, str(object.customer)),
        stripeId: String(object.id),
        priceId: metadata.price_id ? Number(metadata.price_id) : await priceIdOf(tx, str(object.price)),
        amount: int(object.amount_total),
        currency: String(object.currency ?? "eur"),
        status: String(object.payment_status ?? "paid"),
        object,
        createAt: date(int(object.created)) ?? new Date(),
      })
      .onConflictDoNothing();
    return true;
  }
  return changed;
}
