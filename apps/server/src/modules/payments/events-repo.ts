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
import { type ProviderEvent, toProviderSubscription } from "../../providers/payments/interface.ts";

type Obj = Record<string, unknown>;
const str = (v: unknown) =>
  typeof v === "string" ? v : v && typeof v === "object" && "id" in v ? String((v as { id: unknown }).id) : null;
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

/**
 * Applies one provider event to our mirror, once: the event id is recorded in the same
 * transaction as its effect, so a replay (even ten at once) changes nothing. Older events never
 * overwrite newer state, and a canceled subscription stays canceled. Answers whether it applied.
 * Run it inside a transaction.
 */
export async function applyEvent(tx: Db, event: ProviderEvent): Promise<boolean> {
  const inserted = await tx
    .insert(stripeWebhookEvents)
    .values({ eventId: event.id, type: event.type, created: event.created })
    .onConflictDoNothing()
    .returning({ id: stripeWebhookEvents.id });
  if (!inserted.length) return false;
  const object = event.data.object;

  if (event.type.startsWith("customer.subscription.")) {
    const sub = toProviderSubscription(object);
    const userId = await userOfCustomer(tx, sub.customer);
    if (!userId) return true;
    const isDeleted = event.type === "customer.subscription.deleted";
    const values = {
      userId,
      stripeId: sub.id,
      priceId: await priceIdOf(tx, sub.price),
      status: isDeleted ? "canceled" : sub.status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      currentPeriodStart: date(sub.current_period_start),
      currentPeriodEnd: date(sub.current_period_end),
      trialEnd: date(sub.trial_end),
      canceledAt: date(sub.canceled_at ?? (isDeleted ? event.created : null)),
      object,
      lastEventAt: event.created,
      updateAt: new Date(),
    };
    await tx
      .insert(stripeSubscriptions)
      .values({ ...values, createAt: date(sub.created) ?? new Date() })
      .onConflictDoUpdate({
        target: stripeSubscriptions.stripeId,
        set: { ...values, lastEventAt: sql`greatest(${stripeSubscriptions.lastEventAt}, ${event.created})` },
        // The end of a subscription always wins; anything else only when it is not older.
        setWhere: isDeleted
          ? sql`true`
          : sql`${stripeSubscriptions.lastEventAt} <= ${event.created} and ${stripeSubscriptions.status} <> 'canceled'`,
      });
    return true;
  }

  if (event.type.startsWith("invoice.")) {
    const lines = ((object.lines as { data?: { description?: string }[] } | undefined)?.data ?? []).map((l) => l.description ?? "");
    const values = {
      userId: await userOfCustomer(tx, str(object.customer)),
      stripeId: String(object.id),
      // Newer API versions carry it under parent.subscription_details.
      subscriptionStripeId: str(
        object.subscription ?? ((object.parent as Obj | undefined)?.subscription_details as Obj | undefined)?.subscription ?? null,
      ),
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
  }
  return true;
}
