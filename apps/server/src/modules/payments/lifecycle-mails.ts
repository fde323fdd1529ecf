import type { Db } from "../../db/client.ts";
import type { ProviderEvent } from "../../providers/payments/interface.ts";
import { enqueueMail, type TemplateSlug } from "../mail/service.ts";
import { str, subscriptionOfInvoice } from "./events-repo.ts";
import { personOf, planOf } from "./lifecycle-repo.ts";

// The mails a candidate gets about their money, from the card provider's events: a receipt for
// each payment, the trial ending in three days, a renewal that failed, a cancellation confirmed,
// and a plan that ended. Queued in the transaction that records the event, so each event mails
// once however often the provider sends it.

type Obj = Record<string, unknown>;
const seconds = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** 12.50 EUR as the person reads it: "€12.50". */
export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

const dayIn = (unixSeconds: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "long" }).format(new Date(unixSeconds * 1000));

const priceOfSubscription = (object: Obj) =>
  str(((object.items as { data?: { price?: unknown }[] } | undefined)?.data?.[0]?.price as Obj | undefined)?.id ?? null);

/** Which mail an event makes, if any. */
function mailOf(event: ProviderEvent): TemplateSlug | null {
  const object = event.data.object;
  const previous = (event.data as { previous_attributes?: Obj }).previous_attributes;
  switch (event.type) {
    // `invoice.payment_succeeded` comes with every `invoice.paid`: one receipt, for the latter.
    case "invoice.paid":
      return Number(object.amount_paid ?? 0) > 0 ? "payment-receipt" : null;
    case "invoice.payment_failed":
      return "payment-failed";
    case "customer.subscription.trial_will_end":
      return "trial-ending";
    case "customer.subscription.updated":
      return object.cancel_at_period_end === true && previous?.cancel_at_period_end === false ? "subscription-cancelled" : null;
    case "customer.subscription.deleted":
      return "subscription-ended";
    default:
      return null;
  }
}

/** Queues the mail an event makes (none for most events). Run it in the event's transaction, once per event. */
export async function queueLifecycleMail(tx: Db, event: ProviderEvent, publicUrl: string): Promise<TemplateSlug | null> {
  const slug = mailOf(event);
  if (!slug) return null;
  const object = event.data.object;
  const person = await personOf(tx, str(object.customer));
  if (!person) return null;
  const isInvoice = event.type.startsWith("invoice.");
  const subscriptionId = isInvoice ? subscriptionOfInvoice(object) : str(object.id);
  const plan = await planOf(tx, subscriptionId, isInvoice ? null : priceOfSubscription(object));
  const zone = person.timeZone || "UTC";
  const periodEnd =
    seconds(object.current_period_end) ?? seconds((object.items as { data?: Obj[] } | undefined)?.data?.[0]?.current_period_end);
  const vars: Record<string, string> = {
    first_name: person.firstName || "there",
    plan,
    account_url: `${publicUrl}/user/profile`,
    card_url: `${publicUrl}/user/card-details`,
  };
  if (isInvoice) {
    const cents = Number(slug === "payment-receipt" ? object.amount_paid : object.amount_due) || 0;
    vars.amount = money(cents, String(object.currency ?? "eur"));
    vars.invoice_number = str(object.number) ?? "";
    vars.invoice_url = str(object.hosted_invoice_url) ?? `${publicUrl}/user/profile`;
    vars.date = dayIn(seconds(object.created) ?? event.created, zone);
  }
  if (slug === "trial-ending") vars.date = dayIn(seconds(object.trial_end) ?? event.created + 3 * 86_400, zone);
  if (slug === "subscription-cancelled") vars.date = dayIn(seconds(object.cancel_at) ?? periodEnd ?? event.created, zone);
  if (slug === "subscription-ended") vars.date = dayIn(seconds(object.ended_at) ?? event.created, zone);
  await enqueueMail(tx, slug, person.email, vars);
  return slug;
}
