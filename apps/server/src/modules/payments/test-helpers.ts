import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { stripeInvoices, stripePrices, stripeSubscriptions } from "../../db/schema/payments.ts";
import type { TestApp } from "../../test/app.ts";

type T = TestApp;

export const CARDS = {
  visa: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  declinedOnCharge: "4000000000000341",
} as const;

const P = "/v2/api/lambda/stripe";

/** Payment helpers over HTTP, as the web app calls them. */
export function paymentsHelpers(t: T) {
  const nextYear = new Date().getUTCFullYear() + 2;
  async function tokenFor(number: string, exp_year = nextYear) {
    const res = await t.app.inject({
      method: "POST",
      url: "/testpay/v1/tokens",
      payload: { card: { number, exp_month: 12, exp_year, cvc: "123" } },
    });
    return res;
  }
  async function addCard(token: string, number: string) {
    const tok = await tokenFor(number);
    if (tok.statusCode !== 200) throw new Error(`tokenising failed: ${tok.body}`);
    return t.call("POST", `${P}/customer/card`, { token, body: { card_token: tok.json().id } });
  }
  async function priceId(name: string) {
    const [row] = await t.db.select().from(stripePrices).where(eq(stripePrices.name, name));
    if (!row) throw new Error(`no price ${name}`);
    return row.id;
  }
  /** The product a seeded price belongs to. */
  async function productOf(name: string) {
    const [row] = await t.db.select().from(stripePrices).where(eq(stripePrices.name, name));
    if (!row) throw new Error(`no price ${name}`);
    return row.productId;
  }
  /** Creates a price as staff and answers its id. */
  async function createPrice(staffToken: string, body: Record<string, unknown>) {
    const res = await t.call("POST", `${P}/price`, { token: staffToken, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  }
  const subsOf = async (userId: number) => t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.userId, userId));
  const invoicesOf = async (userId: number) =>
    t.db.select().from(stripeInvoices).where(eq(stripeInvoices.userId, userId)).orderBy(stripeInvoices.id);
  const advanceDays = (days: number) => t.app.payments.testMode!.advanceClock(days * 86_400);
  return { P, tokenFor, addCard, priceId, productOf, createPrice, subsOf, invoicesOf, advanceDays };
}
