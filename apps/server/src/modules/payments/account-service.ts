import { randomUUID } from "node:crypto";
import { conflict, notFound } from "../../lib/http-error.ts";
import * as accountRepo from "./account-repo.ts";
import { sellablePrice } from "./catalogue-service.ts";
import { call, type PaymentsDeps, rename404 } from "./service-shared.ts";
import * as subscriptionRepo from "./subscription-repo.ts";

// The signed-in person's customer record, cards and checkout, and signing up while subscribing.

export const findCustomer = (deps: PaymentsDeps, userId: number) => accountRepo.findCustomer(deps.db, userId);

/** The user's customer at the provider, made on first need (once, whatever the retries). */
export async function ensureCustomer(deps: PaymentsDeps, userId: number) {
  const existing = await accountRepo.findCustomer(deps.db, userId);
  if (existing) return existing;
  const user = await accountRepo.findUser(deps.db, userId);
  if (!user) throw notFound("User not found");
  const customer = await call(() =>
    deps.provider.createCustomer(
      { email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), metadata: { user_id: String(userId) } },
      `customer:${userId}`,
    ),
  );
  await accountRepo.insertCustomer(deps.db, userId, customer.id);
  return (await accountRepo.findCustomer(deps.db, userId))!;
}

export async function listCards(deps: PaymentsDeps, userId: number) {
  const customer = await accountRepo.findCustomer(deps.db, userId);
  if (!customer) return [];
  const { cards, defaultCard } = await call(() => deps.provider.listCards(customer.stripeId));
  return cards.map((c) => ({ ...c, is_default: c.id === defaultCard }));
}

export async function addCard(deps: PaymentsDeps, userId: number, token: string) {
  const customer = await ensureCustomer(deps, userId);
  const card = await call(() => deps.provider.attachCard(customer.stripeId, token, `card:${customer.stripeId}:${token}`));
  const { defaultCard } = await call(() => deps.provider.listCards(customer.stripeId));
  return { ...card, is_default: card.id === defaultCard };
}

async function customerOrNotFound(deps: PaymentsDeps, userId: number) {
  const customer = await accountRepo.findCustomer(deps.db, userId);
  if (!customer) throw notFound("Card not found");
  return customer;
}

export async function setDefaultCard(deps: PaymentsDeps, userId: number, cardId: string) {
  const customer = await customerOrNotFound(deps, userId);
  await call(() => deps.provider.setDefaultCard(customer.stripeId, cardId)).catch(rename404("Card not found"));
}

export async function deleteCard(deps: PaymentsDeps, userId: number, cardId: string) {
  const customer = await customerOrNotFound(deps, userId);
  await call(() => deps.provider.detachCard(customer.stripeId, cardId)).catch(rename404("Card not found"));
}

export async function createCheckout(deps: PaymentsDeps, userId: number, priceId: number) {
  const price = await sellablePrice(deps.db, priceId, false);
  const isSubscription = price.type === "recurring";
  if (isSubscription && (await subscriptionRepo.findOpenSubscription(deps.db, userId)))
    throw conflict("You already have a plan: change it instead of subscribing again");
  const customer = await ensureCustomer(deps, userId);
  return call(() =>
    deps.provider.createCheckoutSession(
      {
        customer: customer.stripeId,
        price: price.stripeId,
        mode: isSubscription ? "subscription" : "payment",
        trial_days: price.trialDays,
        success_url: `${deps.publicUrl}/user/card-details?checkout=success`,
        cancel_url: `${deps.publicUrl}/user/card-details?checkout=cancelled`,
        metadata: { user_id: String(userId), price_id: String(price.id) },
      },
      `checkout:${userId}:${randomUUID()}`,
    ),
  );
}

/**
 * Signs up and starts a checkout for `priceId`. The price is checked first, so a plan that is
 * not on sale makes no account.
 */
export async function registerAndCheckout<S extends { user_id: number }>(
  deps: PaymentsDeps,
  register: (input: { email: string; password: string; first_name?: string; last_name?: string }) => Promise<S>,
  input: { email: string; password: string; first_name?: string; last_name?: string; price_id: number },
) {
  await sellablePrice(deps.db, input.price_id, false);
  const { price_id, ...account } = input;
  const session = await register(account);
  const checkout = await createCheckout(deps, session.user_id, price_id);
  return { session, checkout };
}
