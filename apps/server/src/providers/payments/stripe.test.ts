import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { stripePrices, stripeSubscriptions } from "../../db/schema/payments.ts";
import { getEntitlements } from "../../modules/entitlements/service.ts";
import { WEBHOOK_PATH } from "../../modules/payments/webhook.ts";
import { createTestApp } from "../../test/app.ts";
import { startStripeShapedServer } from "./stripe-shaped-server.ts";

const SECRET = "whsec_adapter_test";
const fake = await startStripeShapedServer();
afterAll(() => fake.close());
const t = await createTestApp({ STRIPE_SECRET_KEY: "sk_test_adapter", STRIPE_API_BASE: fake.url, STRIPE_WEBHOOK_SECRET: SECRET });
const P = "/v2/api/lambda/stripe";
const admin = await t.signUp("admin");

async function sendEvent(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const res = await t.app.inject({
    method: "POST",
    url: WEBHOOK_PATH,
    headers: {
      "content-type": "application/json",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function premiumPrice(body: Record<string, unknown> = {}) {
  const packages = await t.db.query.packages.findMany();
  const premium = packages.find((p) => p.slug === "premium")!;
  const product = await t.call("POST", `${P}/product`, { token: admin.token, body: { name: "Premium", package_id: premium.id } });
  expect(product.statusCode, product.body).toBe(200);
  const price = await t.call("POST", `${P}/price`, {
    token: admin.token,
    body: { product_id: product.json().data, name: "Premium monthly (live)", amount: 3900, type: "recurring", interval: "month", ...body },
  });
  expect(price.statusCode, price.body).toBe(200);
  return price.json().data as number;
}

describe("the card provider's SDK adapter", () => {
  it("uses the real provider when a secret key is set", async () => {
    expect(t.app.payments.provider.mode).toBe("live");
    expect(t.app.payments.testMode).toBeNull();
    expect((await t.call("GET", `${P}/plans`)).json().mode).toBe("live");
    // Cards are tokenised by the provider itself, not by us.
    expect((await t.app.inject({ method: "POST", url: "/testpay/v1/tokens", payload: { card: {} } })).statusCode).toBe(404);
  });

  it("creates products and prices there, with idempotency keys", async () => {
    const priceId = await premiumPrice();
    const creates = fake.requests.filter((r) => r.method === "POST" && (r.path === "/v1/products" || r.path === "/v1/prices"));
    expect(creates).toHaveLength(2);
    for (const r of creates) expect(r.idempotencyKey).toMatch(/^(product|price):/);
    const price = await t.call("GET", `${P}/price/${priceId}`, { token: admin.token });
    expect(price.json().model).toMatchObject({
      amount: 3900,
      currency: "eur",
      object: { object: "price", unit_amount: 3900, recurring: { interval: "month" } },
    });
    expect(fake.objects.get(price.json().model.stripe_id)).toMatchObject({ unit_amount: 3900, currency: "eur" });
  });

  it("saves cards, refuses declined ones and other customers' cards", async () => {
    const u = await t.signUp();
    const ok = await t.call("POST", `${P}/customer/card`, { token: u.token, body: { card_token: "tok_visa" } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().model).toMatchObject({ brand: "visa", last4: "4242", is_default: true });
    const declined = await t.call("POST", `${P}/customer/card`, { token: u.token, body: { card_token: "tok_chargeDeclined" } });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: "Your card was declined.", code: "card_declined" });

    const other = await t.signUp();
    await t.call("POST", `${P}/customer/card`, { token: other.token, body: { card_token: "tok_mastercard" } });
    const updatesBefore = fake.requests.filter((r) => r.method === "POST" && r.path.startsWith("/v1/customers/")).length;
    const foreign = await t.call("PUT", `${P}/customer/card/${ok.json().model.id}/set-default`, { token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect((await t.call("DELETE", `${P}/customer/card/${ok.json().model.id}`, { token: other.token })).statusCode).toBe(404);
    expect(fake.requests.filter((r) => r.method === "POST" && r.path.startsWith("/v1/customers/")).length).toBe(updatesBefore);
    expect(fake.objects.get(ok.json().model.id)).toMatchObject({ customer: expect.stringMatching(/^cus_/) });
  });

  it("creates exactly one subscription when the first answer is lost, and flips access only on the event", async () => {
    const priceId = await premiumPrice();
    const u = await t.signUp();
    await t.call("POST", `${P}/customer/card`, { token: u.token, body: { card_token: "tok_visa" } });
    fake.dropNext.add("POST /v1/subscriptions");
    const res = await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: priceId } });
    expect(res.statusCode, res.body).toBe(200);
    const attempts = fake.requests.filter((r) => r.path === "/v1/subscriptions" && r.method === "POST");
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
    const subs = [...fake.objects.values()].filter((o) => o.object === "subscription");
    expect(subs).toHaveLength(1);
    expect(subs[0]!.status).toBe("active");
    expect(attempts[0]!.body).toMatchObject({ payment_behavior: "error_if_incomplete" });

    // Until the provider's event arrives, nothing is unlocked.
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Free");
    await sendEvent("customer.subscription.created", subs[0]);
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Premium");

    const [row] = await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.userId, u.user_id));
    const cancel = await t.call("DELETE", `${P}/customer/subscription/${row!.id}`, { token: u.token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(fake.objects.get(row!.stripeId)).toMatchObject({ cancel_at_period_end: true });
  });

  it("starts a checkout on the provider's page", async () => {
    const priceId = await premiumPrice({ name: "Premium checkout" });
    const u = await t.signUp();
    const res = await t.call("POST", `${P}/checkout`, { token: u.token, body: { price_id: priceId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const call = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(call.body).toMatchObject({ mode: "subscription", line_items: [{ quantity: "1" }] });
    expect(call.idempotencyKey).toMatch(/^checkout:/);
  });

  it("reports metered usage through a billing meter", async () => {
    const priceId = await premiumPrice({ name: "Per session", amount: 500, usage_type: "metered" });
    const u = await t.signUp();
    await t.call("POST", `${P}/customer/card`, { token: u.token, body: { card_token: "tok_visa" } });
    await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: priceId } });
    const sub = [...fake.objects.values()].filter((o) => o.object === "subscription").at(-1)!;
    await sendEvent("customer.subscription.created", sub);
    const [row] = await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.userId, u.user_id));
    const res = await t.call("POST", `${P}/subscription/usage-charge`, { token: admin.token, body: { subId: row!.id, quantity: 4 } });
    expect(res.statusCode, res.body).toBe(200);
    const event = fake.requests.filter((r) => r.path === "/v1/billing/meter_events").at(-1)!;
    expect(event.body).toMatchObject({ event_name: "academy_usage", payload: { stripe_customer_id: sub.customer, value: "4" } });
  });

  it("deletes a price only once the provider has archived it, and changes nothing when the provider fails", async () => {
    const priceId = await premiumPrice({ name: "Premium spring offer" });
    const [row] = await t.db.select().from(stripePrices).where(eq(stripePrices.id, priceId));
    fake.failNext.add(`POST /v1/prices/${row!.stripeId}`);
    const failed = await t.call("DELETE", `${P}/price/${priceId}`, { token: admin.token });
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json()).toMatchObject({
      error: true,
      code: "provider_unavailable",
      message: "The card provider could not archive this price, so it was not deleted. Try again in a moment.",
    });
    // Both sides as they were: our row on sale, the provider's price active.
    expect((await t.db.select().from(stripePrices).where(eq(stripePrices.id, priceId)))[0]).toMatchObject({ status: 1 });
    expect(fake.objects.get(row!.stripeId)).toMatchObject({ active: true });

    const again = await t.call("DELETE", `${P}/price/${priceId}`, { token: admin.token });
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.db.select().from(stripePrices).where(eq(stripePrices.id, priceId))).toEqual([]);
    expect(fake.objects.get(row!.stripeId)).toMatchObject({ active: false });
  });

  it("answers 502 when the provider is down, not a server error", async () => {
    const priceId = await premiumPrice({ name: "Premium renamed" });
    const [row] = await t.db.select().from(stripePrices).where(eq(stripePrices.id, priceId));
    fake.failNext.add(`POST /v1/prices/${row!.stripeId}`);
    const res = await t.call("PUT", `${P}/price/${priceId}`, { token: admin.token, body: { name: "Premium (new name)" } });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({
      code: "provider_unavailable",
      message: "The card provider is not answering. Try again in a moment.",
    });
    expect((await t.db.select().from(stripePrices).where(eq(stripePrices.id, priceId)))[0]).toMatchObject({ name: "Premium renamed" });
  });
  it("answers 502 provider_unavailable in our own words when the provider no longer knows an object we hold", async () => {
    const priceId = await premiumPrice({ name: "Premium lost" });
    const [row] = await t.db.select().from(stripePrices).where(eq(stripePrices.id, priceId));
    fake.objects.delete(row!.stripeId);
    const res = await t.call("PUT", `${P}/price/${priceId}`, { token: admin.token, body: { name: "Premium found" } });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({
      code: "provider_unavailable",
      message: "The card provider is not answering. Try again in a moment.",
    });
    expect(res.body).not.toContain(row!.stripeId);
    expect(res.body).not.toMatch(/No such/);
    // A card id from the client that the provider does not know is the client's: 404, without the provider's text.
    const u = await t.signUp();
    await t.call("POST", `${P}/customer/card`, { token: u.token, body: { card_token: "tok_visa" } });
    const unknown = await t.call("PUT", `${P}/customer/card/pm_unknown/set-default`, { token: u.token });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().message).not.toMatch(/No such|pm_unknown/);
  });
});
