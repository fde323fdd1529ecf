import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stripePrices, testpayObjects } from "../../db/schema/payments.ts";
import { createTestApp } from "../../test/app.ts";
import { getEntitlements } from "../entitlements/service.ts";
import { CARDS, paymentsHelpers } from "./test-helpers.ts";

const t = await createTestApp();
const { P, tokenFor, addCard, priceId, productOf, subsOf, invoicesOf, ...helpers } = paymentsHelpers(t);
const admin = await t.signUp("admin");
const createPrice = (body: Record<string, unknown>) => helpers.createPrice(admin.token, body);

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
