import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stripeCharges, stripeInvoices, stripePrices, stripeSubscriptions, testpayObjects } from "../../db/schema/payments.ts";
import { createTestApp } from "../../test/app.ts";
import { assertAllowed, getEntitlements } from "../entitlements/service.ts";
import { CARDS, paymentsHelpers } from "./test-helpers.ts";

const t = await createTestApp();
const { P, tokenFor, addCard, priceId, advanceDays } = paymentsHelpers(t);
const admin = await t.signUp("admin");

const subsOf = async (userId: number) => t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.userId, userId));
const invoicesOf = async (userId: number) =>
  t.db.select().from(stripeInvoices).where(eq(stripeInvoices.userId, userId)).orderBy(stripeInvoices.id);

async function createPrice(body: Record<string, unknown>) {
  const res = await t.call("POST", `${P}/price`, { token: admin.token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as number;
}
async function productOf(name: string) {
  const [row] = await t.db.select().from(stripePrices).where(eq(stripePrices.name, name));
  return row!.productId;
}

describe("plans and prices", () => {
  it("offers the seeded plans publicly and lets only admins manage prices", async () => {
    const plans = await t.call("GET", `${P}/plans`);
    expect(plans.statusCode).toBe(200);
    expect(plans.json().list.map((p: { name: string }) => p.name)).toEqual(["Core monthly", "Premium monthly", "Premium yearly"]);
    expect(plans.json().mode).toBe("test");
    expect(plans.json().list[1]).toMatchObject({ amount: 3900, currency: "eur", interval: "month", package: { slug: "premium" } });

    const user = await t.signUp();
    const denied = await t.call("GET", `${P}/price`, { token: user.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().list).toBeUndefined();
    expect((await t.call("GET", `${P}/price`)).statusCode).toBe(401);
    const createDenied = await t.call("POST", `${P}/price`, {
      token: user.token,
      body: { product_id: 1, name: "Cheap", amount: 1, type: "recurring", interval: "month" },
    });
    expect(createDenied.statusCode).toBe(403);
    expect((await t.db.select({ n: count() }).from(stripePrices).where(eq(stripePrices.name, "Cheap")))[0]!.n).toBe(0);

    const page = await t.call("GET", `${P}/price`, { token: admin.token, query: { page: "1", limit: "2" } });
    expect(page.json()).toMatchObject({ error: false, total: 3, limit: 2, num_pages: 2, page: 1 });
    expect(page.json().list).toHaveLength(2);
    const all = await t.call("GET", `${P}/price`, { token: admin.token, query: { limit: "all" } });
    expect(all.json().list).toHaveLength(3);
    const one = await t.call("GET", `${P}/price/${await priceId("Premium monthly")}`, { token: admin.token });
    expect(one.json().model).toMatchObject({
      status: 1,
      amount: 3900,
      is_usage_metered: 0,
      type: "recurring",
      object: { object: "price", unit_amount: 3900 },
    });
    expect((await t.call("GET", `${P}/price`, { token: admin.token, query: { limit: "1000000" } })).statusCode).toBe(400);
    expect((await t.call("GET", `${P}/price`, { token: admin.token, query: { status: "1 or 1=1" } })).statusCode).toBe(400);
    expect((await t.call("GET", `${P}/price`, { token: admin.token, query: { status: "1" } })).json().total).toBe(3);
  });
});

describe("subscribing", () => {
  it("subscribes on a test card, unlocks the package, renews when the clock moves, and shows invoices", async () => {
    const u = await t.signUp();
    expect((await addCard(u.token, CARDS.visa)).json().model).toMatchObject({ brand: "visa", last4: "4242", is_default: true });
    const res = await t.call("POST", `${P}/customer/subscription`, {
      token: u.token,
      body: { price_id: await priceId("Premium monthly") },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model).toMatchObject({
      status: "active",
      plan_name: "Premium monthly",
      package_name: "Premium",
      cancel_at_period_end: false,
    });
    expect(await getEntitlements(t.db, u.user_id)).toMatchObject({
      packageName: "Premium",
      coachingSessionsPerMonth: 2,
      libraryTier: "premium",
    });

    const firstEnd = new Date(res.json().model.current_period_end).getTime();
    await advanceDays(32);
    const after = await t.call("GET", `${P}/customer/subscription`, { token: u.token });
    expect(after.json().model.status).toBe("active");
    expect(new Date(after.json().model.current_period_end).getTime()).toBeGreaterThan(firstEnd);
    const invoices = await t.call("GET", `${P}/customer/invoices`, { token: u.token });
    expect(invoices.json().list.map((i: { amount_paid: number; status: string }) => [i.amount_paid, i.status])).toEqual([
      [3900, "paid"],
      [3900, "paid"],
    ]);
    const charges = await t.call("GET", `${P}/customer/charges`, { token: u.token });
    expect(charges.json().total).toBe(2);

    const pdf = await t.call("GET", `${P}/customer/invoice/${invoices.json().list[0].id}/pdf`, { token: u.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.body.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf.body).toContain("39.00 EUR");

    // Another user sees none of it.
    const other = await t.signUp();
    const foreign = await t.call("GET", `${P}/customer/invoice/${invoices.json().list[0].id}/pdf`, { token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain("%PDF");
    expect((await t.call("GET", `${P}/customer/invoices`, { token: other.token })).json().list).toEqual([]);
  });

  it("starts a trial without charging, then bills when the trial ends", async () => {
    const u = await t.signUp();
    await addCard(u.token, CARDS.visa);
    const res = await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: await priceId("Core monthly") } });
    expect(res.json().model).toMatchObject({ status: "trialing" });
    expect(await getEntitlements(t.db, u.user_id)).toMatchObject({ packageName: "Core" });
    expect((await invoicesOf(u.user_id)).map((i) => i.amountPaid)).toEqual([0]);
    await advanceDays(8);
    expect((await subsOf(u.user_id))[0]!.status).toBe("active");
    expect((await invoicesOf(u.user_id)).map((i) => i.amountPaid)).toEqual([0, 1900]);
  });

  it("refuses declined, expired and underfunded cards with a clear 4xx and charges nothing", async () => {
    const u = await t.signUp();
    const declined = await addCard(u.token, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ error: true, message: "Your card was declined.", code: "card_declined" });
    expect((await t.call("GET", `${P}/customer/cards`, { token: u.token })).json().list).toEqual([]);

    const expired = await tokenFor(CARDS.visa, 2020);
    expect(expired.statusCode).toBe(402);
    expect(expired.json().message).toBe("Your card has expired.");
    expect((await tokenFor("4242424242424241")).statusCode).toBe(402);

    await addCard(u.token, CARDS.insufficientFunds);
    const poor = await t.call("POST", `${P}/customer/subscription`, {
      token: u.token,
      body: { price_id: await priceId("Premium monthly") },
    });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe("Your card has insufficient funds.");
    expect(await subsOf(u.user_id)).toEqual([]);
    expect(await invoicesOf(u.user_id)).toEqual([]);
    expect(await t.db.select().from(stripeCharges).where(eq(stripeCharges.userId, u.user_id))).toEqual([]);
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Free");
  });

  it("ignores a client-sent amount, refuses archived prices and a second subscription", async () => {
    const u = await t.signUp();
    await addCard(u.token, CARDS.visa);
    const premium = await priceId("Premium monthly");
    const withAmount = await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: premium, amount: 1 } });
    expect(withAmount.statusCode).toBe(400);
    expect(await subsOf(u.user_id)).toEqual([]);

    const archived = await createPrice({
      product_id: await productOf("Premium monthly"),
      name: "Premium old",
      amount: 2900,
      type: "recurring",
      interval: "month",
    });
    expect((await t.call("PUT", `${P}/price/${archived}`, { token: admin.token, body: { status: 0 } })).statusCode).toBe(200);
    const refused = await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: archived } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("This plan is no longer available");
    expect(await subsOf(u.user_id)).toEqual([]);

    expect((await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: premium } })).statusCode).toBe(200);
    const again = await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: premium } });
    expect(again.statusCode).toBe(409);
    expect(await subsOf(u.user_id)).toHaveLength(1);
    expect(await invoicesOf(u.user_id)).toHaveLength(1);
  });

  it("upgrades with proration: the difference for the rest of the period is charged at once", async () => {
    const u = await t.signUp();
    await addCard(u.token, CARDS.visa);
    const core = await createPrice({
      product_id: await productOf("Core monthly"),
      name: "Core no trial",
      amount: 2000,
      type: "recurring",
      interval: "month",
    });
    await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: core } });
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Core");
    await advanceDays(10);
    const res = await t.call("PUT", `${P}/customer/subscription`, { token: u.token, body: { price_id: await priceId("Premium monthly") } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model).toMatchObject({ plan_name: "Premium monthly", status: "active" });
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Premium");
    const invoices = await invoicesOf(u.user_id);
    expect(invoices).toHaveLength(2);
    // About two thirds of a month of (3900 - 2000).
    expect(invoices[1]!.amountPaid).toBeGreaterThan(1100);
    expect(invoices[1]!.amountPaid).toBeLessThan(1500);
    expect(
      (await t.call("PUT", `${P}/customer/subscription`, { token: u.token, body: { price_id: await priceId("Premium monthly") } }))
        .statusCode,
    ).toBe(409);
  });

  it("cancels at period end, refuses cancelling twice, resumes, and ends access when the period ends", async () => {
    const u = await t.signUp();
    await addCard(u.token, CARDS.visa);
    const created = await t.call("POST", `${P}/customer/subscription`, {
      token: u.token,
      body: { price_id: await priceId("Premium monthly") },
    });
    const id = created.json().model.id;

    const stranger = await t.signUp();
    const foreign = await t.call("DELETE", `${P}/customer/subscription/${id}`, { token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain("Premium");
    expect((await subsOf(u.user_id))[0]!.cancelAtPeriodEnd).toBe(false);

    const cancel = await t.call("DELETE", `${P}/customer/subscription/${id}`, { token: u.token });
    expect(cancel.json().model).toMatchObject({ cancel_at_period_end: true, status: "active" });
    const twice = await t.call("DELETE", `${P}/customer/subscription/${id}`, { token: u.token });
    expect(twice.statusCode).toBe(409);
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Premium");

    const resume = await t.call("PUT", `${P}/customer/subscription`, { token: u.token, body: { cancel_at_period_end: false } });
    expect(resume.json().model.cancel_at_period_end).toBe(false);
    expect((await t.call("PUT", `${P}/customer/subscription`, { token: u.token, body: { cancel_at_period_end: false } })).statusCode).toBe(
      409,
    );

    await t.call("PUT", `${P}/customer/subscription`, { token: u.token, body: { cancel_at_period_end: true } });
    await advanceDays(32);
    expect((await subsOf(u.user_id))[0]!.status).toBe("canceled");
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Free");
    expect(await invoicesOf(u.user_id)).toHaveLength(1);
    await expect(assertAllowed(t.db, u.user_id, { kind: "coaching.book", usedThisMonth: 0 })).rejects.toMatchObject({ statusCode: 403 });
  });

  it("loses access when a renewal fails", async () => {
    const u = await t.signUp();
    await addCard(u.token, CARDS.visa);
    await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: await priceId("Premium monthly") } });
    const poor = (await addCard(u.token, CARDS.insufficientFunds)).json().model;
    expect((await t.call("PUT", `${P}/customer/card/${poor.id}/set-default`, { token: u.token })).statusCode).toBe(200);
    await advanceDays(32);
    expect((await subsOf(u.user_id))[0]!.status).toBe("past_due");
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Free");
    expect((await invoicesOf(u.user_id)).map((i) => i.status)).toEqual(["paid", "open"]);
  });

  it("lets an admin end any subscription now, once", async () => {
    const u = await t.signUp();
    await addCard(u.token, CARDS.visa);
    const id = (
      await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: await priceId("Premium monthly") } })
    ).json().model.id;
    expect((await t.call("DELETE", `${P}/subscription/${id}`, { token: u.token })).statusCode).toBe(403);
    expect((await t.call("DELETE", `${P}/subscription/${id}`, { token: admin.token })).statusCode).toBe(200);
    expect((await subsOf(u.user_id))[0]!.status).toBe("canceled");
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Free");
    expect((await t.call("DELETE", `${P}/subscription/${id}`, { token: admin.token })).statusCode).toBe(409);
    const list = await t.call("GET", `${P}/subscriptions`, { token: admin.token, query: { user_id: String(u.user_id) } });
    expect(list.json().list[0]).toMatchObject({ id, status: "canceled", email: u.email });
  });

  it("bills metered usage at renewal", async () => {
    const u = await t.signUp();
    await addCard(u.token, CARDS.visa);
    const metered = await createPrice({
      product_id: await productOf("Premium monthly"),
      name: "Premium per session",
      amount: 500,
      type: "recurring",
      interval: "month",
      usage_type: "metered",
      usage_limit: 10,
    });
    const sub = (await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: metered } })).json().model;
    expect((await invoicesOf(u.user_id)).map((i) => i.amountDue)).toEqual([0]);
    expect(
      (await t.call("POST", `${P}/subscription/usage-charge`, { token: u.token, body: { subId: sub.id, quantity: 3 } })).statusCode,
    ).toBe(403);
    expect(
      (await t.call("POST", `${P}/subscription/usage-charge`, { token: admin.token, body: { subId: sub.id, quantity: 3 } })).statusCode,
    ).toBe(200);
    expect(
      (await t.call("POST", `${P}/subscription/usage-charge`, { token: admin.token, body: { subId: sub.id, quantity: 11 } })).statusCode,
    ).toBe(400);
    await advanceDays(32);
    expect((await invoicesOf(u.user_id)).map((i) => i.amountPaid)).toEqual([0, 1500]);

    const licensed = await t.signUp();
    await addCard(licensed.token, CARDS.visa);
    const other = (
      await t.call("POST", `${P}/customer/subscription`, { token: licensed.token, body: { price_id: await priceId("Premium monthly") } })
    ).json().model;
    const refused = await t.call("POST", `${P}/subscription/usage-charge`, { token: admin.token, body: { subId: other.id, quantity: 1 } });
    expect(refused.statusCode).toBe(400);
  });
});

describe("cards", () => {
  it("adds, sets default and deletes only the user's own cards", async () => {
    const u = await t.signUp();
    const first = (await addCard(u.token, CARDS.visa)).json().model;
    const second = (await addCard(u.token, "5555555555554444")).json().model;
    expect(second).toMatchObject({ brand: "mastercard", is_default: false });
    await t.call("PUT", `${P}/customer/card/${second.id}/set-default`, { token: u.token });
    expect(
      (await t.call("GET", `${P}/customer/cards`, { token: u.token })).json().list.map((c: { is_default: boolean }) => c.is_default),
    ).toEqual([false, true]);

    const other = await t.signUp();
    await addCard(other.token, CARDS.visa);
    for (const [method, url] of [
      ["PUT", `${P}/customer/card/${first.id}/set-default`],
      ["DELETE", `${P}/customer/card/${first.id}`],
    ] as const) {
      const res = await t.call(method, url, { token: other.token });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("4242");
    }
    expect((await t.call("GET", `${P}/customer/cards`, { token: u.token })).json().list).toHaveLength(2);
    expect((await t.call("DELETE", `${P}/customer/card/${second.id}`, { token: u.token })).statusCode).toBe(200);
    const left = (await t.call("GET", `${P}/customer/cards`, { token: u.token })).json().list;
    expect(left).toEqual([expect.objectContaining({ id: first.id, is_default: true })]);
  });

  it("refuses a card token used twice", async () => {
    const u = await t.signUp();
    const tok = (await tokenFor(CARDS.visa)).json().id;
    expect((await t.call("POST", `${P}/customer/card`, { token: u.token, body: { card_token: tok } })).statusCode).toBe(200);
    const again = await t.call("POST", `${P}/customer/card`, { token: u.token, body: { card_token: tok } });
    // A retry of the same call answers the same card rather than saving it twice.
    expect(again.statusCode).toBe(200);
    expect((await t.call("GET", `${P}/customer/cards`, { token: u.token })).json().list).toHaveLength(1);
    const thief = await t.signUp();
    expect((await t.call("POST", `${P}/customer/card`, { token: thief.token, body: { card_token: tok } })).statusCode).toBe(400);
  });
});

describe("checkout", () => {
  it("pays on our checkout page; access flips on the provider's event, and the session is the buyer's only", async () => {
    const u = await t.signUp();
    const start = await t.call("POST", `${P}/checkout`, { token: u.token, body: { price_id: await priceId("Premium yearly") } });
    expect(start.statusCode, start.body).toBe(200);
    const { id, url } = start.json().model;
    expect(url).toBe(`${t.config.publicUrl}/checkout/${id}`);
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Free");

    const session = await t.call("GET", `${P}/checkout/${id}`, { token: u.token });
    expect(session.json().model).toMatchObject({
      status: "open",
      mode: "subscription",
      amount: 39000,
      interval: "year",
      name: "Premium yearly",
    });
    const stranger = await t.signUp();
    expect((await t.call("GET", `${P}/checkout/${id}`, { token: stranger.token })).statusCode).toBe(404);

    const declined = await t.call("POST", `${P}/checkout/${id}/complete`, {
      token: u.token,
      body: { card_token: (await tokenFor(CARDS.insufficientFunds)).json().id },
    });
    expect(declined.statusCode).toBe(402);
    expect(await subsOf(u.user_id)).toEqual([]);
    expect((await t.call("GET", `${P}/customer/cards`, { token: u.token })).json().list).toEqual([]);

    const paid = await t.call("POST", `${P}/checkout/${id}/complete`, {
      token: u.token,
      body: { card_token: (await tokenFor(CARDS.visa)).json().id },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().model.url).toBe(`${t.config.publicUrl}/user/card-details?checkout=success`);
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Premium");
    const twice = await t.call("POST", `${P}/checkout/${id}/complete`, {
      token: u.token,
      body: { card_token: (await tokenFor(CARDS.visa)).json().id },
    });
    expect(twice.statusCode).toBe(409);
    expect(await subsOf(u.user_id)).toHaveLength(1);
  });
});

describe("idempotency and secrecy", () => {
  it("answers a retried create with the same object, once", async () => {
    const u = await t.signUp();
    await addCard(u.token, CARDS.visa);
    const customer = (await t.call("POST", `${P}/customer`, { token: u.token })).json().model;
    expect((await t.call("POST", `${P}/customer`, { token: u.token })).json().model).toEqual(customer);
    const provider = t.app.payments.provider;
    const [price] = await t.db.select().from(stripePrices).where(eq(stripePrices.name, "Premium monthly"));
    const input = { customer: customer.stripe_id, price: price!.stripeId, trial_days: 0, metadata: {} };
    const [a, b] = await Promise.all([
      provider.createSubscription(input, "retry-key-1"),
      provider.createSubscription(input, "retry-key-1"),
    ]);
    expect(a.id).toBe(b.id);
    const objects = await t.db
      .select({ n: count() })
      .from(testpayObjects)
      .where(and(eq(testpayObjects.type, "subscription"), eq(testpayObjects.customer, customer.stripe_id)));
    expect(objects[0]!.n).toBe(1);
    expect(await invoicesOf(u.user_id)).toHaveLength(1);
  });

  it("never stores the card number", async () => {
    const u = await t.signUp();
    await addCard(u.token, "4000056655665556");
    const rowsOf = (res: unknown) => ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Record<string, unknown>[];
    const tables = rowsOf(await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`));
    let dump = "";
    for (const { table_name } of tables) {
      // Names come from the catalogue, not from input.
      const res = await t.db.execute(sql.raw(`select coalesce(json_agg(x)::text, '') as j from "${String(table_name)}" x`));
      dump += JSON.stringify(rowsOf(res));
    }
    expect(dump).toContain("5556");
    expect(dump).not.toContain("4000056655665556");
  });
});

describe("logs", () => {
  it("never log the card number", async () => {
    const { buildApp } = await import("../../app.ts");
    const { Writable } = await import("node:stream");
    let captured = "";
    const stream = new Writable({
      write(chunk, _enc, done) {
        captured += chunk.toString();
        done();
      },
    });
    const logged = await buildApp({ config: t.config, database: t.database, logger: { level: "trace", stream }, serveWeb: false });
    const res = await logged.inject({
      method: "POST",
      url: "/testpay/v1/tokens",
      payload: { card: { number: "4000002500003155", exp_month: 1, exp_year: 2099, cvc: "999" } },
    });
    await logged.close();
    expect(res.statusCode).toBe(200);
    expect(captured).toContain("/testpay/v1/tokens");
    expect(captured).not.toContain("4000002500003155");
    expect(captured).not.toContain('"999"');
  });
});

describe("sign up and subscribe, one-time purchases", () => {
  it("signs up and starts a checkout in one call, and makes no account for a plan not on sale", async () => {
    const email = `new-${Date.now()}@example.test`;
    const res = await t.call("POST", `${P}/customer/register-subscribe`, {
      body: { email, password: "correct horse battery", first_name: "New", last_name: "Payer", price_id: await priceId("Premium monthly") },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      error: false,
      role: "user",
      token: expect.any(String),
      model: { url: expect.stringContaining("/checkout/") },
    });
    const id = res.json().model.id;
    const paid = await t.call("POST", `${P}/checkout/${id}/complete`, {
      token: res.json().token,
      body: { card_token: (await tokenFor(CARDS.visa)).json().id },
    });
    expect(paid.statusCode).toBe(200);
    expect((await getEntitlements(t.db, res.json().user_id)).packageName).toBe("Premium");

    const archived = await createPrice({
      product_id: await productOf("Premium monthly"),
      name: "Gone",
      amount: 100,
      type: "recurring",
      interval: "month",
    });
    await t.call("PUT", `${P}/price/${archived}`, { token: admin.token, body: { status: 0 } });
    const other = `never-${Date.now()}@example.test`;
    const refused = await t.call("POST", `${P}/customer/register-subscribe`, {
      body: { email: other, password: "correct horse battery", price_id: archived },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (await t.call("POST", "/v2/api/lambda/login", { body: { email: other, password: "correct horse battery", role: "user" } }))
        .statusCode,
    ).not.toBe(200);
  });

  it("records a one-time purchase as an order", async () => {
    const u = await t.signUp();
    const guide = await createPrice({
      product_id: await productOf("Core monthly"),
      name: "Exam day guide",
      amount: 1500,
      type: "one_time",
    });
    const { id } = (await t.call("POST", `${P}/checkout`, { token: u.token, body: { price_id: guide } })).json().model;
    expect((await t.call("GET", `${P}/checkout/${id}`, { token: u.token })).json().model).toMatchObject({ mode: "payment", amount: 1500 });
    await t.call("POST", `${P}/checkout/${id}/complete`, { token: u.token, body: { card_token: (await tokenFor(CARDS.visa)).json().id } });
    const orders = await t.call("GET", `${P}/customer/orders`, { token: u.token });
    expect(orders.json().list).toEqual([expect.objectContaining({ amount: 1500, price_id: guide, status: "paid" })]);
    const all = await t.call("GET", `${P}/orders`, { token: admin.token, query: { user_id: String(u.user_id) } });
    expect(all.json().total).toBe(1);
    expect((await t.call("GET", `${P}/orders`, { token: u.token })).statusCode).toBe(403);
    expect((await getEntitlements(t.db, u.user_id)).packageName).toBe("Free");
  });
});
