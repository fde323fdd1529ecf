import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/accounts.ts";
import { stripePrices } from "../../db/schema/payments.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { money } from "./lifecycle-mails.ts";
import { CARDS, paymentsHelpers } from "./test-helpers.ts";
import { WEBHOOK_PATH } from "./webhook.ts";

// The mails about money, from the card provider's events: through the test-mode provider (which
// sends its events as the real one does) and through signed webhook events.

const SECRET = "whsec_test_lifecycle_0123456789";
const t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
const { P, addCard, priceId, advanceDays } = paymentsHelpers(t);

const mailsTo = (to: string, slug: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.templateSlug, slug)));

async function subscriber(card: string = CARDS.visa) {
  const u = await t.signUp("user", { first_name: "Robin" });
  await t.db.update(users).set({ timeZone: "Europe/Berlin" }).where(eq(users.id, u.user_id));
  await addCard(u.token, card);
  const res = await t.call("POST", `${P}/customer/subscription`, { token: u.token, body: { price_id: await priceId("Premium monthly") } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...u, subscriptionId: res.json().model.id as number };
}

describe("mail about money", () => {
  it("formats amounts as people read them", () => {
    expect(money(1250, "eur")).toBe("€12.50");
    expect(money(99900, "usd")).toBe("US$999.00");
  });

  it("sends a receipt for each payment, with the plan, the amount and where the invoice is", async () => {
    const u = await subscriber();
    const [receipt] = await mailsTo(u.email, "payment-receipt");
    expect(receipt, "a receipt").toBeDefined();
    expect(receipt!.subject).toMatch(/^Receipt for your .+ payment$/);
    expect(receipt!.text).toMatch(/Hello Robin/);
    expect(receipt!.text).toMatch(/we received €\d+\.\d\d for .+ on \d{1,2} \w+ \d{4}/);
    expect(receipt!.text).toContain("/user/profile");
    // A renewal is another payment: another receipt.
    await advanceDays(32);
    expect(await mailsTo(u.email, "payment-receipt")).toHaveLength(2);
  });

  it("confirms a cancellation with the day access ends, and says when the plan has ended", async () => {
    const u = await subscriber();
    expect((await t.call("DELETE", `${P}/customer/subscription/${u.subscriptionId}`, { token: u.token })).statusCode).toBe(200);
    const cancelled = await mailsTo(u.email, "subscription-cancelled");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toMatch(/You keep everything it gives until \d{1,2} \w+ \d{4}, and you are not charged again/);
    // Resuming is no cancellation: no second mail.
    await t.call("PUT", `${P}/customer/subscription`, { token: u.token, body: { cancel_at_period_end: false } });
    expect(await mailsTo(u.email, "subscription-cancelled")).toHaveLength(1);
    await t.call("PUT", `${P}/customer/subscription`, { token: u.token, body: { cancel_at_period_end: true } });
    expect(await mailsTo(u.email, "subscription-cancelled")).toHaveLength(2);

    expect(await mailsTo(u.email, "subscription-ended")).toHaveLength(0);
    await advanceDays(32);
    const ended = await mailsTo(u.email, "subscription-ended");
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text).toMatch(/you are on the Free plan now/);
  });

  it("tells a candidate whose renewal failed how to fix the card", async () => {
    const u = await subscriber();
    const poor = (await addCard(u.token, CARDS.insufficientFunds)).json().model;
    await t.call("PUT", `${P}/customer/card/${poor.id}/set-default`, { token: u.token });
    await advanceDays(32);
    const failed = await mailsTo(u.email, "payment-failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.subject).toMatch(/payment did not go through/);
    expect(failed[0]!.text).toContain("/user/card-details");
    expect(await mailsTo(u.email, "payment-receipt")).toHaveLength(1);
  });

  it("warns before a trial ends, once however often the provider sends the event", async () => {
    const u = await t.signUp("user", { first_name: "Tam" });
    const customer = (await t.call("POST", `${P}/customer`, { token: u.token })).json().model.stripe_id as string;
    const [price] = await t.db
      .select()
      .from(stripePrices)
      .where(eq(stripePrices.id, await priceId("Premium monthly")));
    const trialEnd = Date.UTC(2030, 2, 14, 12) / 1000;
    const body = JSON.stringify({
      id: "evt_trial_will_end_1",
      object: "event",
      type: "customer.subscription.trial_will_end",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: "sub_trial_1",
          object: "subscription",
          customer,
          status: "trialing",
          cancel_at_period_end: false,
          created: trialEnd - 14 * 86_400,
          trial_end: trialEnd,
          canceled_at: null,
          items: {
            data: [
              {
                id: "si_trial_1",
                price: { id: price!.stripeId },
                current_period_start: trialEnd - 14 * 86_400,
                current_period_end: trialEnd,
              },
            ],
          },
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: WEBHOOK_PATH,
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const warned = await mailsTo(u.email, "trial-ending");
    expect(warned).toHaveLength(1);
    expect(warned[0]!.subject).toBe("Your Premium trial ends on 14 March 2030");
  });
});
