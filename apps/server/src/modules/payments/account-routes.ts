import { IdParams, MessageResponse } from "@academy/contract/common";
import {
  AddCardRequest,
  CardIdParams,
  CardResponse,
  CardsResponse,
  ChangeSubscriptionRequest,
  ChargeRow,
  CheckoutRequest,
  CheckoutResponse,
  CustomerResponse,
  InvoiceRow,
  ListQuery,
  listOf,
  OrderRow,
  SubscribeRequest,
  SubscriptionResponse,
  SubscriptionRow,
} from "@academy/contract/payments";
import { type App, errors, P, type RouteContext } from "./route-context.ts";
import * as service from "./service.ts";

/** The signed-in person's own payments: customer record, cards, subscription, checkout and billing history. */
export function accountRoutes(app: App, { deps, user, tags, me, sendInvoicePdf }: RouteContext) {
  // ---------- the signed-in user ----------
  app.post(
    `${P}/checkout`,
    {
      ...user,
      schema: {
        tags,
        summary: "Start a checkout for a price; the browser goes to model.url",
        body: CheckoutRequest,
        response: { 200: CheckoutResponse, ...errors },
      },
    },
    async (r) => ({
      error: false as const,
      model: await service.createCheckout(deps, me(r), r.body.price_id),
    }),
  );
  app.post(
    `${P}/customer`,
    {
      ...user,
      schema: { tags, summary: "Make my customer record at the provider (idempotent)", response: { 200: CustomerResponse, ...errors } },
    },
    async (r) => {
      const c = await service.ensureCustomer(deps, me(r));
      return { error: false as const, model: { id: c.id, stripe_id: c.stripeId, user_id: c.userId } };
    },
  );
  app.get(
    `${P}/customer`,
    { ...user, schema: { tags, summary: "My customer record, or null", response: { 200: CustomerResponse, ...errors } } },
    async (r) => {
      const c = await service.findCustomer(deps, me(r));
      return { error: false as const, model: c ? { id: c.id, stripe_id: c.stripeId, user_id: c.userId } : null };
    },
  );
  app.post(
    `${P}/customer/card`,
    {
      ...user,
      schema: {
        tags,
        summary: "Save a card from a token of the tokenisation call",
        body: AddCardRequest,
        response: { 200: CardResponse, ...errors },
      },
    },
    async (r) => ({
      error: false as const,
      model: await service.addCard(deps, me(r), r.body.card_token),
    }),
  );
  app.get(
    `${P}/customer/cards`,
    { ...user, schema: { tags, summary: "My saved cards", response: { 200: CardsResponse, ...errors } } },
    async (r) => ({
      error: false as const,
      list: await service.listCards(deps, me(r)),
    }),
  );
  app.put(
    `${P}/customer/card/:id/set-default`,
    {
      ...user,
      schema: { tags, summary: "Make one of my cards the default", params: CardIdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (r) => {
      await service.setDefaultCard(deps, me(r), r.params.id);
      return { error: false as const, message: "Default card updated" };
    },
  );
  app.delete(
    `${P}/customer/card/:id`,
    { ...user, schema: { tags, summary: "Remove one of my cards", params: CardIdParams, response: { 200: MessageResponse, ...errors } } },
    async (r) => {
      await service.deleteCard(deps, me(r), r.params.id);
      return { error: false as const, message: "Card removed" };
    },
  );
  app.post(
    `${P}/customer/subscription`,
    {
      ...user,
      schema: {
        tags,
        summary: "Subscribe to a plan price, paying with my default card",
        body: SubscribeRequest,
        response: { 200: SubscriptionResponse, ...errors },
      },
    },
    async (r) => ({
      error: false as const,
      model: await service.subscribe(deps, me(r), r.body.price_id),
    }),
  );
  app.get(
    `${P}/customer/subscription`,
    { ...user, schema: { tags, summary: "My current plan, or null", response: { 200: SubscriptionResponse, ...errors } } },
    async (r) => ({
      error: false as const,
      model: await service.getMySubscription(deps, me(r)),
    }),
  );
  app.put(
    `${P}/customer/subscription`,
    {
      ...user,
      schema: {
        tags,
        summary: "Change plan (prorated) with price_id, or cancel at period end / resume with cancel_at_period_end",
        body: ChangeSubscriptionRequest,
        response: { 200: SubscriptionResponse, ...errors },
      },
    },
    async (r) => ({
      error: false as const,
      model:
        r.body.price_id !== undefined
          ? await service.changePlan(deps, me(r), r.body.price_id)
          : await service.setCancelAtPeriodEnd(deps, me(r), null, r.body.cancel_at_period_end!),
    }),
  );
  app.get(
    `${P}/customer/subscriptions`,
    {
      ...user,
      schema: { tags, summary: "My subscriptions, paged", querystring: ListQuery, response: { 200: listOf(SubscriptionRow), ...errors } },
    },
    async (r) => service.listOwnSubscriptions(deps, me(r), r.query),
  );
  app.delete(
    `${P}/customer/subscription/:id`,
    {
      ...user,
      schema: {
        tags,
        summary: "Cancel my subscription at the end of its period",
        params: IdParams,
        response: { 200: SubscriptionResponse, ...errors },
      },
    },
    async (r) => ({
      error: false as const,
      model: await service.setCancelAtPeriodEnd(deps, me(r), r.params.id, true),
    }),
  );
  app.get(
    `${P}/customer/invoices`,
    { ...user, schema: { tags, summary: "My invoices, paged", querystring: ListQuery, response: { 200: listOf(InvoiceRow), ...errors } } },
    async (r) => service.listOwnInvoices(deps, me(r), r.query),
  );
  app.get(
    `${P}/customer/invoice/:id/pdf`,
    { ...user, schema: { tags, summary: "One of my invoices as a PDF", params: IdParams } },
    async (r, reply) => {
      return sendInvoicePdf(reply, r.params.id, me(r));
    },
  );
  app.get(
    `${P}/customer/charges`,
    {
      ...user,
      schema: { tags, summary: "My card charges, paged", querystring: ListQuery, response: { 200: listOf(ChargeRow), ...errors } },
    },
    async (r) => service.listOwnCharges(deps, me(r), r.query),
  );
  app.get(
    `${P}/customer/orders`,
    {
      ...user,
      schema: { tags, summary: "My one-time purchases, paged", querystring: ListQuery, response: { 200: listOf(OrderRow), ...errors } },
    },
    async (r) => service.listOwnOrders(deps, me(r), r.query),
  );
}
