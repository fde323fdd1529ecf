import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripePrices, stripeSubscriptions, stripeWebhookEvents } from "../../db/schema/payments.ts";
import { createTestApp } from "../../test/app.ts";
import { getEntitlements } from "../entitlements/service.ts";
import { CARDS, paymentsHelpers } from "./test-helpers.ts";
import { WEBHOOK_PATH } from "./webhook.ts";

const SECRET = "whsec_test_0123456789abcdef";
const t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
const { P, priceId, addCard } = paymentsHelpers(t);

const now = () => Math.floor(Date.now() / 1000);
let seq = 0;

function subscriptionEvent(type: string, customer: string, price: string, status: string, created: number, subId = "sub_hook_1") {
  seq += 1;
  return {
    id: `evt_hook_${seq}_${created}`,
    object: "event",
    type,
    created,
    data: {
      object: {
        id: subId,
        object: "subscription",
        customer,
        status,
        cancel_at_period_end: false,
        created: created - 100,
        trial_end: null,
        canceled_at: null,
        metadata: {},
        items: {
          data: [{ id: "si_hook_1", price: { id: price }, current_period_start: created - 100, current_period_end: created + 30 * 86_400 }],
        },
      },
    },
  };
}

/** Posts `body` as the card provider does: raw JSON, signed, without our project header. */
function post(body: string, signature: string | undefined) {
  return t.app.inject({
    method: "POST",
    url: WEBHOOK_PATH,
    headers: { "content-type": "application/json", ...(signature !== undefined ? { "stripe-signature": signature } : {}) },
    payload: body,
  });
}
const sign = (payload: string, timestamp = now()) => Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp });

async function customerAndPrice() {
  const u = await t.signUp();
  const customer = (await t.call("POST", `${P}/customer`, { token: u.token })).json().model.stripe_id as string;
  const [row] = await t.db
    .select()
    .from(stripePrices)
    .where(eq(stripePrices.id, await priceId("Premium monthly")));
  return { u, customer, price: row!.stripeId };
}

const eventCount = async () => (await t.db.select({ n: count() }).from(stripeWebhookEvents))[0]!.n;

describe("webhook", () => {
  it("refuses missing, wrong, altered and stale signatures without changing anything", async () => {
    const { customer, price } = await customerAndPrice();
    const body = JSON.stringify(subscriptionEvent("customer.subscription.created", customer, price, "active", now(), "sub_bad_sig"));
    const before = await eventCount();
    const cases = [
      await post(body, undefined),
      await post(body, "t=1,v1=deadbeef"),
      await post(body.replace('"active"', '"activf"'), sign(body)),
      await post(JSON.stringify(JSON.parse(body), null, 2), sign(body)),
      await post(body, sign(body, now() - 301)),
      await post(body, Stripe.webhooks.generateTestHeaderString({ payload: body, secret: "whsec_other" })),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, message: "Missing or invalid signature" });
    }
    expect(await eventCount()).toBe(before);
    expect(await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.stripeId, "sub_bad_sig"))).toEqual([]);
    // A well-signed one passes, with no project header.
    const ok = await post(body, sign(body));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true, applied: true });
  });

  it("applies an event replayed ten times at once exactly once", async () => {
    const { u, customer, price } = await customerAndPrice();
    const body = JSON.stringify(subscriptionEvent("customer.subscription.created", customer, price, "active", now(), "sub_replayed"));
    const signature = sign(body);
    const before = await eventCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body, signature)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().applied)).toHaveLength(1);
    expect(await eventCount()).toBe(before + 1);
    expect(await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.stripeId, "sub_replayed"))).toHaveLength(1);
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Premium");
  });

  it("never lets an older event overwrite newer state", async () => {
    const { u, customer, price } = await customerAndPrice();
    const at = now();
    const send = async (e: ReturnType<typeof subscriptionEvent>) => {
      const body = JSON.stringify(e);
      expect((await post(body, sign(body))).statusCode).toBe(200);
    };
    await send(subscriptionEvent("customer.subscription.created", customer, price, "active", at - 60, "sub_ordered"));
    await send(subscriptionEvent("customer.subscription.deleted", customer, price, "canceled", at, "sub_ordered"));
    // Arrives late, but happened before the deletion.
    await send(subscriptionEvent("customer.subscription.updated", customer, price, "active", at - 10, "sub_ordered"));
    const [row] = await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.stripeId, "sub_ordered"));
    expect(row!.status).toBe("canceled");
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Free");

    await send(subscriptionEvent("customer.subscription.created", customer, price, "active", at - 60, "sub_ordered_2"));
    await send(subscriptionEvent("customer.subscription.updated", customer, price, "past_due", at, "sub_ordered_2"));
    await send(subscriptionEvent("customer.subscription.updated", customer, price, "active", at - 30, "sub_ordered_2"));
    const [second] = await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.stripeId, "sub_ordered_2"));
    expect(second!.status).toBe("past_due");
  });

  it("answers 400 to a well-signed body that is not an event we can read, and records nothing", async () => {
    const { customer, price } = await customerAndPrice();
    const good = subscriptionEvent("customer.subscription.updated", customer, price, "active", now(), "sub_malformed");
    const bodies = [
      "null",
      "[]",
      "not json at all",
      JSON.stringify({ ...good, data: { object: null } }),
      JSON.stringify({ ...good, data: { object: { ...good.data.object, id: 42 } } }),
      JSON.stringify({ ...good, data: { object: { ...good.data.object, status: "bogus" } } }),
      JSON.stringify({ ...good, id: "evt_\u0000nul" }),
      JSON.stringify({ ...good, data: { object: { ...good.data.object, metadata: { note: "a\u0000b" } } } }),
      JSON.stringify({ ...good, created: 1e30 }),
      JSON.stringify({ ...good, created: 1e15 }),
      JSON.stringify({ ...good, data: { object: { ...good.data.object, created: 1e15 } } }),
      JSON.stringify({ ...good, data: { object: { ...good.data.object, trial_end: 1e15 } } }),
      JSON.stringify({ ...good, data: { object: { ...good.data.object, canceled_at: -1 } } }),
      JSON.stringify({
        ...good,
        data: { object: { ...good.data.object, items: { data: [{ ...good.data.object.items.data[0], current_period_end: 1e15 }] } } },
      }),
      JSON.stringify({ ...good, type: "invoice.paid", data: { object: { id: "in_absurd", created: 1e15 } } }),
      JSON.stringify({ ...good, type: "charge.succeeded", data: { object: { id: "ch_absurd", created: 1e15 } } }),
      JSON.stringify({ ...good, type: "invoice.paid", data: { object: { id: "in_1", lines: "none" } } }),
    ];
    const before = await eventCount();
    for (const body of bodies) {
      const res = await post(body, sign(body));
      expect(res.statusCode, `${body.slice(0, 80)}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: true, message: expect.stringMatching(/^Malformed event/) });
    }
    expect(await eventCount()).toBe(before);
    expect(await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.stripeId, "sub_malformed"))).toEqual([]);
  });

  it("applies the subscription of a payment or a checkout as the provider holds it, so a lost subscription event locks nobody out", async () => {
    const paidUp = async () => {
      const u = await t.signUp();
      await addCard(u.token, CARDS.visa);
      const res = await t.call("POST", `${P}/customer/subscription`, {
        token: u.token,
        body: { price_id: await priceId("Premium monthly") },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [sub] = await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.userId, u.user_id));
      // The subscription events never arrived: our mirror holds nothing, the plan is Free.
      await t.db.delete(stripeSubscriptions).where(eq(stripeSubscriptions.id, sub!.id));
      expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Free");
      return { u, sub: sub! };
    };
    const send = async (event: object) => {
      const body = JSON.stringify(event);
      const res = await post(body, sign(body));
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { applied: boolean };
    };

    const a = await paidUp();
    seq++;
    const invoicePaid = {
      id: `evt_invoice_${seq}`,
      type: "invoice.paid",
      created: now(),
      data: {
        object: { id: `in_lost_${seq}`, customer: a.sub.object.customer, subscription: a.sub.stripeId, status: "paid", amount_paid: 3900 },
      },
    };
    expect(await send(invoicePaid)).toEqual({ received: true, applied: true });
    expect((await getEntitlements(t.db, a.u.user_id)).packageName).toBe("Premium");
    // The same event again changes nothing.
    expect(await send(invoicePaid)).toEqual({ received: true, applied: false });

    const b = await paidUp();
    seq++;
    const checkout = {
      id: `evt_checkout_${seq}`,
      type: "checkout.session.completed",
      created: now(),
      data: { object: { id: `cs_lost_${seq}`, mode: "subscription", customer: b.sub.object.customer, subscription: b.sub.stripeId } },
    };
    expect(await send(checkout)).toEqual({ received: true, applied: true });
    expect((await getEntitlements(t.db, b.u.user_id)).packageName).toBe("Premium");

    // A payment for a subscription the provider does not know is recorded and changes no plan.
    seq++;
    const unknown = {
      ...invoicePaid,
      id: `evt_invoice_${seq}`,
      data: { object: { ...invoicePaid.data.object, id: `in_x_${seq}`, subscription: "sub_nobody" } },
    };
    expect((await send(unknown)).applied).toBe(true);
    expect(await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.stripeId, "sub_nobody"))).toEqual([]);
  });

  it("is refused when no signing secret is configured", async () => {
    const other = await createTestApp();
    const body = JSON.stringify({ id: "evt_x", type: "ping", created: now(), data: { object: {} } });
    const res = await other.app.inject({
      method: "POST",
      url: WEBHOOK_PATH,
      headers: { "content-type": "application/json", "stripe-signature": sign(body) },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Webhooks are not configured");
  });
});
