import type { OkResponse, PageAnswer } from "@academy/contract/common";
import type {
  CardResponse,
  CardsResponse,
  CheckoutResponse,
  CheckoutSessionResponse,
  CompleteCheckoutResponse,
  InvoiceRow,
  SubscriptionResponse,
  TokenResponse,
} from "@academy/contract/payments";
import { useQuery } from "@tanstack/react-query";
import { api, PAYMENT_THROW_ON, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

import { subscriptionKey } from "./subscription";

export { getSubscription, useSubscriptionQuery } from "./subscription";

const P = "/v2/api/lambda/stripe";
const opts = { throwOn: PAYMENT_THROW_ON };

export const billingKeys = {
  subscription: subscriptionKey,
  cards: ["payments", "cards"] as const,
  invoices: ["payments", "invoices"] as const,
  checkout: (id: string) => ["payments", "checkout", id] as const,
};

/** GET customer/cards. */
export const getCards = async () => (await unwrap(api.get<Answer<typeof CardsResponse>>(`${P}/customer/cards`, opts))).list;
export const useCardsQuery = () => useQuery({ queryKey: billingKeys.cards, queryFn: getCards });

/** GET customer/invoices (all of them: a person has a few a year). */
export const getInvoices = async () =>
  (await unwrap(api.get<PageAnswer<InvoiceRow>>(`${P}/customer/invoices`, { ...opts, query: { limit: 100 } }))).list;
export const useInvoicesQuery = () => useQuery({ queryKey: billingKeys.invoices, queryFn: getInvoices });

/** POST customer/subscription {price_id}: subscribe on the default card. */
export const subscribe = (priceId: number) =>
  unwrap(api.post<Answer<typeof SubscriptionResponse>>(`${P}/customer/subscription`, { price_id: priceId }, opts));

/** PUT customer/subscription: change plan (prorated) or cancel at period end / resume. */
export const changeSubscription = (body: { price_id: number } | { cancel_at_period_end: boolean }) =>
  unwrap(api.put<Answer<typeof SubscriptionResponse>>(`${P}/customer/subscription`, body, opts));

/** DELETE customer/subscription/{id}: cancel at the end of the period. */
export const cancelSubscription = (id: number) => unwrap(api.delete<Answer<typeof OkResponse>>(`${P}/customer/subscription/${id}`, opts));

/** POST customer/card {card_token}. */
export const addCard = (cardToken: string) =>
  unwrap(api.post<Answer<typeof CardResponse>>(`${P}/customer/card`, { card_token: cardToken }, opts));
export const setDefaultCard = (id: string) =>
  unwrap(api.put<Answer<typeof OkResponse>>(`${P}/customer/card/${encodeURIComponent(id)}/set-default`, undefined, opts));
export const deleteCard = (id: string) =>
  unwrap(api.delete<Answer<typeof OkResponse>>(`${P}/customer/card/${encodeURIComponent(id)}`, opts));

/** POST checkout {price_id} → the page to pay on. */
export const startCheckout = async (priceId: number) =>
  (await unwrap(api.post<Answer<typeof CheckoutResponse>>(`${P}/checkout`, { price_id: priceId }, opts))).model;

/** Test mode: what a checkout session sells, and paying it. */
export const getCheckoutSession = async (id: string) =>
  (await unwrap(api.get<Answer<typeof CheckoutSessionResponse>>(`${P}/checkout/${encodeURIComponent(id)}`, opts))).model;
export const useCheckoutSessionQuery = (id: string) =>
  useQuery({ queryKey: billingKeys.checkout(id), queryFn: () => getCheckoutSession(id), retry: false });
export const completeCheckout = async (id: string, cardToken: string) =>
  (
    await unwrap(
      api.post<Answer<typeof CompleteCheckoutResponse>>(
        `${P}/checkout/${encodeURIComponent(id)}/complete`,
        { card_token: cardToken },
        opts,
      ),
    )
  ).model;

/**
 * The tokenisation call: the card goes to the provider (in test mode, our stand-in for it),
 * which answers a single-use token. The number never reaches our API otherwise.
 */
export const tokeniseCard = (card: { number: string; exp_month: number; exp_year: number; cvc: string }) =>
  unwrap(api.post<Answer<typeof TokenResponse>>("/testpay/v1/tokens", { card }, { auth: false, throwOn: [] }));

/** GET customer/invoice/{id}/pdf, saved as a file. */
export async function downloadInvoicePdf(invoice: InvoiceRow): Promise<void> {
  // The download helper loads on first use: the dashboard's plan section reads this module too.
  const { downloadFile } = await import("../../../lib/files");
  await downloadFile(`${P}/customer/invoice/${invoice.id}/pdf`, `invoice-${invoice.number ?? invoice.id}.pdf`);
}
