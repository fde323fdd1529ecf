import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stripeCharges, stripePrices } from "../../db/schema/payments.ts";
import { createTestApp } from "../../test/app.ts";
import { assertAllowed, getEntitlements } from "../entitlements/service.ts";
import { CARDS, paymentsHelpers } from "./test-helpers.ts";

const t = await createTestApp();
const { P, tokenFor, addCard, priceId, productOf, subsOf, invoicesOf, advanceDays, ...helpers } = paymentsHelpers(t);
const admin = await t.signUp("admin");
const createPrice = (body: Record<string, unknown>) => helpers.createPrice(admin.token, body);

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
