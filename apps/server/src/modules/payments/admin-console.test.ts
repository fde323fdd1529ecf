import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { packages } from "../../db/schema/packages.ts";
import { stripePrices, stripeSubscriptions, testpayObjects } from "../../db/schema/payments.ts";
import { createTestApp } from "../../test/app.ts";
import { CARDS, paymentsHelpers } from "./test-helpers.ts";

/** What the admin console's payments screens call: searchable, sortable lists, views, deletes and cancels. */

const t = await createTestApp();
const { P, tokenFor, addCard, priceId } = paymentsHelpers(t);
const admin = await t.signUp("admin");
const asAdmin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, extra: { body?: unknown; query?: Record<string, string> } = {}) =>
  t.call(method, url, { token: admin.token, ...extra });

const packageId = async (slug: string) => (await t.db.select().from(packages).where(eq(packages.slug, slug)))[0]!.id;
const names = (res: { json: () => { list: { name: string }[] } }) => res.json().list.map((r) => r.name);

async function createProduct(name: string, package_id: number | null = null) {
  const res = await asAdmin("POST", `${P}/product`, { body: { name, package_id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as number;
}
async function createPrice(body: Record<string, unknown>) {
  const res = await asAdmin("POST", `${P}/price`, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as number;
}
async function subscribe(price: number) {
  const u = await t.signUp();
  await addCard(u.token, CARDS.visa);
  const res = await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: price } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...u, subscription: res.json().model.id as number };
}

describe("the price table", () => {
  it("searches, filters and sorts on the server, and names each price's product and package", async () => {
    const product = await createProduct("Exam extras");
    await createPrice({ product_id: product, name: "Flashcards 100% offline", amount: 900, type: "one_time" });
    await createPrice({ product_id: product, name: "Mock exam pass", amount: 2500, type: "lifetime" });

    const searched = await asAdmin("GET", `${P}/price`, { query: { q: "mock exam" } });
    expect(searched.statusCode, searched.body).toBe(200);
    expect(names(searched)).toEqual(["Mock exam pass"]);
    expect(searched.json().list[0]).toMatchObject({ product_name: "Exam extras", package_id: null, package_name: null, amount: 2500 });
    // The product's name matches too; % is a literal character, not a wildcard.
    expect(names(await asAdmin("GET", `${P}/price`, { query: { q: "extras", sort: "name", direction: "asc" } }))).toEqual([
      "Flashcards 100% offline",
      "Mock exam pass",
    ]);
    expect(names(await asAdmin("GET", `${P}/price`, { query: { q: "100%" } }))).toEqual(["Flashcards 100% offline"]);
    expect((await asAdmin("GET", `${P}/price`, { query: { q: "1%0" } })).json().total).toBe(0);

    const premium = await asAdmin("GET", `${P}/price`, { query: { package_id: String(await packageId("premium")), sort: "amount" } });
    expect(names(premium)).toEqual(["Premium yearly", "Premium monthly"]);
    expect(premium.json().list[0]).toMatchObject({ product_name: "Premium", package_name: "Premium" });
    const cheapestFirst = await asAdmin("GET", `${P}/price`, { query: { sort: "amount", direction: "asc", limit: "2" } });
    expect(cheapestFirst.json()).toMatchObject({ total: 5, num_pages: 3 });
    expect(names(cheapestFirst)).toEqual(["Flashcards 100% offline", "Core monthly"]);
    expect(names(await asAdmin("GET", `${P}/price`, { query: { type: "lifetime" } }))).toEqual(["Mock exam pass"]);
    expect((await asAdmin("GET", `${P}/price`, { query: { product_id: String(product) } })).json().total).toBe(2);

    const one = await asAdmin("GET", `${P}/price/${await priceId("Core monthly")}`);
    expect(one.json().model).toMatchObject({ name: "Core monthly", product_name: "Core", package_name: "Core" });
  });

  it("refuses sort fields outside the list's own and filters that are not values", async () => {
    const bad: Record<string, string>[] = [
      { sort: "stripe_id" },
      { sort: "name;drop table stripe_price" },
      { direction: "sideways" },
      { type: "monthly" },
    ];
    for (const query of bad) {
      const res = await asAdmin("GET", `${P}/price`, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().list).toBeUndefined();
    }
    expect((await asAdmin("GET", `${P}/price`, { query: { package_id: "1 or 1=1" } })).statusCode).toBe(400);
    expect((await asAdmin("GET", `${P}/price`, { query: { q: "x".repeat(201) } })).statusCode).toBe(400);
  });

  it("deletes a price nobody bought, archiving it at the provider, and keeps one that was bought", async () => {
    const product = await createProduct("Workbooks");
    const unused = await createPrice({ product_id: product, name: "Workbook", amount: 1200, type: "one_time" });
    const [row] = await t.db.select().from(stripePrices).where(eq(stripePrices.id, unused));
    const del = await asAdmin("DELETE", `${P}/price/${unused}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.db.select().from(stripePrices).where(eq(stripePrices.id, unused))).toEqual([]);
    const [atProvider] = await t.db.select().from(testpayObjects).where(eq(testpayObjects.id, row!.stripeId));
    expect(atProvider?.data).toMatchObject({ active: false });
    expect((await asAdmin("DELETE", `${P}/price/${unused}`)).statusCode).toBe(404);

    const bought = await priceId("Core monthly");
    await subscribe(bought);
    const refused = await asAdmin("DELETE", `${P}/price/${bought}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This price has been bought: archive it instead");
    expect((await t.db.select().from(stripePrices).where(eq(stripePrices.id, bought)))[0]).toMatchObject({ status: 1 });

    const user = await t.signUp();
    expect((await t.call("DELETE", `${P}/price/${bought}`, { token: user.token })).statusCode).toBe(403);
  });

  it("renames a price and leaves it on sale, at the provider and here; archiving takes it off both", async () => {
    const product = await createProduct("Mock exams");
    const id = await createPrice({ product_id: product, name: "Mock exam pack", amount: 2500, type: "recurring", interval: "month" });
    const stripeIdOf = async () => (await t.db.select().from(stripePrices).where(eq(stripePrices.id, id)))[0]!;
    const atProvider = async () =>
      (
        await t.db
          .select()
          .from(testpayObjects)
          .where(eq(testpayObjects.id, (await stripeIdOf()).stripeId))
      )[0]!.data;

    const renamed = await asAdmin("PUT", `${P}/price/${id}`, { body: { name: "Mock exams monthly" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await stripeIdOf()).toMatchObject({ name: "Mock exams monthly", status: 1 });
    expect(await atProvider()).toMatchObject({ active: true, nickname: "Mock exams monthly" });
    expect((await asAdmin("GET", `${P}/price/${id}`)).json().model.object).toMatchObject({ active: true });
    const onSale = await asAdmin("GET", `${P}/price`, { query: { status: "1", q: "mock exams", limit: "all" } });
    expect(names(onSale)).toEqual(["Mock exams monthly"]);

    expect((await asAdmin("PUT", `${P}/price/${id}`, { body: { status: 0 } })).statusCode).toBe(200);
    expect(await stripeIdOf()).toMatchObject({ status: 0 });
    expect(await atProvider()).toMatchObject({ active: false });
  });
});

describe("products and the packages they sell", () => {
  it("lists products with their package and prices on sale, searchable and filtered by package", async () => {
    const list = await asAdmin("GET", `${P}/product`, { query: { package_id: String(await packageId("premium")) } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().list).toEqual([expect.objectContaining({ name: "Premium", package_name: "Premium", active_prices: 2 })]);
    await createProduct("Night shift bundle");
    expect(names(await asAdmin("GET", `${P}/product`, { query: { q: "night SHIFT" } }))).toEqual(["Night shift bundle"]);
    const byName = names(await asAdmin("GET", `${P}/product`, { query: { sort: "name", direction: "asc", limit: "all" } }));
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : 1)));
    expect((await asAdmin("GET", `${P}/product`, { query: { sort: "object" } })).statusCode).toBe(400);
  });

  it("sells a new package's prices once its product is linked, and stops when the product is archived", async () => {
    const pkg = await t.db
      .insert(packages)
      .values({ slug: "dispatch-plus", name: "Dispatch plus", libraryTier: "core", displayOrder: 5 })
      .returning();
    const product = await createProduct("Dispatch plus");
    const price = await createPrice({
      product_id: product,
      name: "Dispatch plus monthly",
      amount: 2900,
      type: "recurring",
      interval: "month",
    });
    const onSale = async () => (await t.call("GET", `${P}/plans`)).json().list.map((p: { name: string }) => p.name) as string[];
    expect(await onSale()).not.toContain("Dispatch plus monthly");

    expect((await asAdmin("PUT", `${P}/product/${product}`, { body: { package_id: pkg[0]!.id } })).statusCode).toBe(200);
    expect(await onSale()).toContain("Dispatch plus monthly");
    expect((await asAdmin("GET", `${P}/product/${product}`)).json().model).toMatchObject({
      package_id: pkg[0]!.id,
      package_name: "Dispatch plus",
      active_prices: 1,
    });
    expect((await asAdmin("PUT", `${P}/product/${product}`, { body: { package_id: 2_000_000 } })).statusCode).toBe(400);

    expect((await asAdmin("PUT", `${P}/product/${product}`, { body: { status: 0 } })).statusCode).toBe(200);
    expect(await onSale()).not.toContain("Dispatch plus monthly");
    // The price itself is still active, but nobody can buy a price of an archived product.
    const u = await t.signUp();
    await addCard(u.token, CARDS.visa);
    const refused = await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: price } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("This plan is no longer available");
    expect(await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.userId, u.user_id))).toEqual([]);
    expect((await t.call("POST", `${P}/checkout`, { token: u.token, body: { price_id: price } })).statusCode).toBe(400);
  });

  it("names the currency prices are sold in", async () => {
    expect((await t.call("GET", `${P}/plans`)).json().currency).toBe("eur");
  });
});

describe("subscriptions for staff", () => {
  it("lists with search, status filter and sort", async () => {
    const a = await subscribe(await priceId("Premium monthly"));
    const list = await asAdmin("GET", `${P}/subscriptions`, { query: { q: a.email.toUpperCase() } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().list).toEqual([expect.objectContaining({ id: a.subscription, email: a.email, plan_name: "Premium monthly" })]);
    expect((await asAdmin("GET", `${P}/subscriptions`, { query: { q: a.email, status: "canceled" } })).json().total).toBe(0);
    const byEmail = await asAdmin("GET", `${P}/subscriptions`, { query: { sort: "email", direction: "asc", limit: "all" } });
    const emails = byEmail.json().list.map((s: { email: string }) => s.email);
    expect(emails).toEqual([...emails].sort());
    expect((await asAdmin("GET", `${P}/subscriptions`, { query: { sort: "stripe_id" } })).statusCode).toBe(400);
  });

  it("sets any subscription to end at period end, resumes it, ends it now, and refuses doing either twice", async () => {
    const s = await subscribe(await priceId("Core monthly"));
    const url = `${P}/subscription/${s.subscription}`;
    const atEnd = await asAdmin("PUT", url, { body: { cancel_at_period_end: true } });
    expect(atEnd.statusCode, atEnd.body).toBe(200);
    expect(atEnd.json().model).toMatchObject({ cancel_at_period_end: true, status: "trialing", email: s.email });
    const twice = await asAdmin("PUT", url, { body: { cancel_at_period_end: true } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("This subscription is already set to end at the close of its period");
    expect((await asAdmin("PUT", url, { body: { cancel_at_period_end: false } })).json().model.cancel_at_period_end).toBe(false);

    // A candidate cannot use the staff call, even on their own subscription.
    expect((await t.call("PUT", url, { token: s.token, body: { cancel_at_period_end: true } })).statusCode).toBe(403);
    expect((await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, s.subscription)))[0]!.cancelAtPeriodEnd).toBe(
      false,
    );

    expect((await asAdmin("DELETE", url)).statusCode).toBe(200);
    const again = await asAdmin("DELETE", url);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This subscription has already ended");
    expect((await asAdmin("PUT", url, { body: { cancel_at_period_end: true } })).statusCode).toBe(409);
    expect((await asAdmin("PUT", `${P}/subscription/999999`, { body: { cancel_at_period_end: true } })).statusCode).toBe(404);
    expect((await asAdmin("PUT", url, { body: { cancel_at_period_end: "yes" } })).statusCode).toBe(400);
  });
});

describe("billing for staff", () => {
  it("lists invoices, charges and orders with their customer, and opens each", async () => {
    const s = await subscribe(await priceId("Premium monthly"));
    const guide = await createPrice({ product_id: await createProduct("Guides"), name: "Exam day guide", amount: 1500, type: "one_time" });
    const { id: session } = (await t.call("POST", `${P}/checkout`, { token: s.token, body: { price_id: guide } })).json().model;
    const paid = await t.call("POST", `${P}/checkout/${session}/complete`, {
      token: s.token,
      body: { card_token: (await tokenFor(CARDS.visa)).json().id },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const invoices = await asAdmin("GET", `${P}/invoices-v2`, { query: { q: s.email, sort: "amount_due", direction: "desc" } });
    expect(invoices.statusCode, invoices.body).toBe(200);
    expect(invoices.json().list).toEqual([
      expect.objectContaining({ email: s.email, amount_due: 3900, status: "paid", subscription_id: s.subscription }),
      expect.objectContaining({ email: s.email, amount_due: 1500, description: "Exam day guide", subscription_id: null }),
    ]);
    expect((await asAdmin("GET", `${P}/invoices-v2`, { query: { q: "exam day" } })).json().list).toHaveLength(1);
    const invoice = await asAdmin("GET", `${P}/invoice/${invoices.json().list[0].id}`);
    expect(invoice.json().model).toMatchObject({ email: s.email, subscription_id: s.subscription });
    const pdf = await asAdmin("GET", `${P}/invoice/${invoices.json().list[0].id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const charges = await asAdmin("GET", `${P}/charges`, { query: { q: s.email, sort: "amount", direction: "desc" } });
    expect(charges.json().list.map((c: { amount: number }) => c.amount)).toEqual([3900, 1500]);
    expect(charges.json().list[0]).toMatchObject({ email: s.email, status: "succeeded", invoice_number: invoices.json().list[0].number });
    const charge = await asAdmin("GET", `${P}/charge/${charges.json().list[1].id}`);
    expect(charge.json().model).toMatchObject({ amount: 1500, email: s.email, invoice_id: invoices.json().list[1].id });

    const orders = await asAdmin("GET", `${P}/orders`, { query: { q: s.email, status: "paid" } });
    expect(orders.json().list).toEqual([expect.objectContaining({ email: s.email, price_name: "Exam day guide", amount: 1500 })]);
    expect((await asAdmin("GET", `${P}/order/${orders.json().list[0].id}`)).json().model).toMatchObject({ price_id: guide });

    for (const kind of ["invoice", "charge", "order"]) {
      const missing = await asAdmin("GET", `${P}/${kind}/999999`);
      expect(missing.statusCode).toBe(404);
      expect((await t.call("GET", `${P}/${kind}/1`, { token: s.token })).statusCode).toBe(403);
    }
    // A candidate's own lists never carry emails.
    const own = await t.call("GET", `${P}/customer/charges`, { token: s.token });
    expect(own.json().list).toHaveLength(2);
    expect(own.json().list[0].email).toBeUndefined();
  });
});
