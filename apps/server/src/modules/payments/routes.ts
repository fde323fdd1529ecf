import { ErrorResponse, IdParams, MessageResponse } from "@academy/contract/common";
import {
  AddCardRequest,
  AdminSubscriptionUpdateRequest,
  CardIdParams,
  CardResponse,
  CardsResponse,
  ChangeSubscriptionRequest,
  ChargeListQuery,
  ChargeRow,
  CheckoutRequest,
  CheckoutResponse,
  CheckoutSessionResponse,
  CompleteCheckoutRequest,
  CompleteCheckoutResponse,
  CreatePriceRequest,
  CreateProductRequest,
  CreateTokenRequest,
  CustomerResponse,
  InvoiceListQuery,
  InvoiceRow,
  ListQuery,
  listOf,
  OrderListQuery,
  OrderRow,
  PaymentLinkRow,
  PlansResponse,
  PriceListQuery,
  PriceRow,
  ProductListQuery,
  ProductRow,
  ProviderIdParams,
  RegisterSubscribeRequest,
  RegisterSubscribeResponse,
  SubscribeRequest,
  SubscriptionListQuery,
  SubscriptionResponse,
  SubscriptionRow,
  TokenResponse,
  UpdatePriceRequest,
  UpdateProductRequest,
  UsageChargeRequest,
} from "@academy/contract/payments";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/http-error.ts";
import type { TestModeProvider } from "../../providers/payments/test-mode.ts";
import * as authService from "../auth/service.ts";
import * as service from "./service.ts";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  502: ErrorResponse,
};
const P = "/v2/api/lambda/stripe";
const ModelOf = <T extends z.ZodType>(t: T) => z.object({ error: z.literal(false), model: t });
const CreatedResponse = z.object({ error: z.literal(false), message: z.string(), data: z.number().int() });

export const paymentsRoutes: FastifyPluginAsyncZod<{
  deps: service.PaymentsDeps;
  testMode: TestModeProvider | null;
  /** What sign-up needs (mail for the welcome message, tokens for the session). */
  authDeps: authService.AuthDeps;
}> = async (app, { deps, testMode, authDeps }) => {
  const admin = { preHandler: app.requireAuth("admin") };
  const user = { preHandler: app.requireAuth("user") };
  const tags = ["payments"];
  const me = (request: { principal: { id: number } | null }) => request.principal!.id;
  /** An invoice as a PDF download, addressed to its customer. */
  const sendInvoicePdf = async (reply: FastifyReply, id: number, ownerId?: number) => {
    const { pdf, fileName } = await service.invoiceDocument(deps, id, ownerId);
    return reply.header("content-type", "application/pdf").header("content-disposition", `attachment; filename="${fileName}"`).send(pdf);
  };

  // ---------- products (admin) ----------
  app.post(
    `${P}/product`,
    {
      ...admin,
      schema: {
        tags,
        summary: "Create a product (optionally selling a package)",
        body: CreateProductRequest,
        response: { 200: CreatedResponse, ...errors },
      },
    },
    async (r) => {
      const row = await service.createProduct(deps, r.body);
      return { error: false as const, message: "Product created", data: row.id };
    },
  );
  app.get(
    `${P}/product`,
    {
      ...admin,
      schema: {
        tags,
        summary: "Products, paged: search `q` (name), filters status (0 archived, 1 active) and package_id, sort",
        querystring: ProductListQuery,
        response: { 200: listOf(ProductRow), ...errors },
      },
    },
    async (r) => service.listProducts(deps, r.query),
  );
  app.get(
    `${P}/product/:id`,
    { ...admin, schema: { tags, summary: "One product", params: IdParams, response: { 200: ModelOf(ProductRow), ...errors } } },
    async (r) => ({ error: false as const, model: await service.getProduct(deps, r.params.id) }),
  );
  app.put(
    `${P}/product/:id`,
    {
      ...admin,
      schema: {
        tags,
        summary: "Rename, relink or archive a product",
        params: IdParams,
        body: UpdateProductRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (r) => {
      await service.updateProduct(deps, r.params.id, r.body);
      return { error: false as const, message: "Updated" };
    },
  );

  // ---------- prices (admin) ----------
  app.post(
    `${P}/price`,
    {
      ...admin,
      schema: {
        tags,
        summary: "Create a price of a product (amount in minor units)",
        body: CreatePriceRequest,
        response: { 200: CreatedResponse, ...errors },
      },
    },
    async (r) => {
      const row = await service.createPrice(deps, r.body);
      return { error: false as const, message: "Price created", data: row.id };
    },
  );
  app.get(
    `${P}/price`,
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Prices, paged: search `q` (name, product, provider id), filters status (0 archived, 1 active), product_id, package_id and type, sort",
        querystring: PriceListQuery,
        response: { 200: listOf(PriceRow), ...errors },
      },
    },
    async (r) => service.listPrices(deps, r.query),
  );
  app.get(
    `${P}/price/:id`,
    {
      ...admin,
      schema: { tags, summary: "One price with its provider object", params: IdParams, response: { 200: ModelOf(PriceRow), ...errors } },
    },
    async (r) => ({ error: false as const, model: await service.getPrice(deps, r.params.id) }),
  );
  app.put(
    `${P}/price/:id`,
    {
      ...admin,
      schema: {
        tags,
        summary: "Rename or archive (status 0) a price; amounts never change",
        params: IdParams,
        body: UpdatePriceRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (r) => {
      await service.updatePrice(deps, r.params.id, r.body);
      return { error: false as const, message: "Updated" };
    },
  );
  app.delete(
    `${P}/price/:id`,
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Delete a price nobody bought: archived at the provider first, then removed here (502, nothing changed, when the provider fails); 409 for one with subscriptions or orders: archive it",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (r) => {
      await service.deletePrice(deps, r.params.id);
      return { error: false as const, message: "Price deleted" };
    },
  );
  app.get(
    `${P}/paymentlinks`,
    {
      ...admin,
      schema: {
        tags,
        summary: "A shareable link per active plan price",
        response: { 200: z.object({ error: z.literal(false), list: z.array(PaymentLinkRow) }), ...errors },
      },
    },
    async () => {
      const plans = await service.listPlanPrices(deps);
      return {
        error: false as const,
        list: plans.map(({ price }) => ({
          id: price.id,
          price_id: price.id,
          name: price.name,
          url: `${deps.publicUrl}/user/card-details?plan=${price.id}`,
          active: price.status === 1,
        })),
      };
    },
  );

  // ---------- plans (public) ----------
  app.get(
    `${P}/plans`,
    {
      schema: {
        tags,
        summary: "Plans on sale (public): active recurring prices with their package",
        response: { 200: PlansResponse, ...errors },
      },
    },
    async () => {
      const plans = await service.listPlanPrices(deps);
      return {
        error: false as const,
        mode: deps.provider.mode,
        currency: deps.currency,
        list: plans.map(({ price, pkg }) => ({
          price_id: price.id,
          name: price.name,
          amount: price.amount,
          currency: price.currency,
          interval: price.interval,
          interval_count: price.intervalCount,
          trial_days: price.trialDays,
          package: { id: pkg.id, slug: pkg.slug, name: pkg.name, description: pkg.description, features: pkg.features },
        })),
      };
    },
  );

  // ---------- subscriptions (admin) ----------
  app.get(
    `${P}/subscriptions`,
    {
      ...admin,
      schema: {
        tags,
        summary: "All subscriptions, paged: search `q` (email, plan, provider id), filters status, user_id and price_id, sort",
        querystring: SubscriptionListQuery,
        response: { 200: listOf(SubscriptionRow), ...errors },
      },
    },
    async (r) => service.listSubscriptions(deps, r.query),
  );
  app.get(
    `${P}/subscription/:id`,
    { ...admin, schema: { tags, summary: "One subscription", params: IdParams, response: { 200: ModelOf(SubscriptionRow), ...errors } } },
    async (r) => ({ error: false as const, model: await service.getSubscription(deps, r.params.id) }),
  );
  app.delete(
    `${P}/subscription/:id`,
    { ...admin, schema: { tags, summary: "End any subscription now", params: IdParams, response: { 200: MessageResponse, ...errors } } },
    async (r) => {
      await service.cancelNow(deps, r.params.id);
      return { error: false as const, message: "Subscription canceled" };
    },
  );
  app.put(
    `${P}/subscription/:id`,
    {
      ...admin,
      schema: {
        tags,
        summary: "Set any subscription to end at the close of its period (cancel_at_period_end true), or take that back",
        params: IdParams,
        body: AdminSubscriptionUpdateRequest,
        response: { 200: SubscriptionResponse, ...errors },
      },
    },
    async (r) => ({
      error: false as const,
      model: await service.setCancelAtPeriodEnd(deps, "admin", r.params.id, r.body.cancel_at_period_end),
    }),
  );
  app.post(
    `${P}/subscription/usage-charge`,
    {
      ...admin,
      schema: {
        tags,
        summary: "Record metered usage on a subscription (billed at renewal)",
        body: UsageChargeRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (r) => {
      await service.usageCharge(deps, r.body.subId, r.body.quantity);
      return { error: false as const, message: "Usage recorded" };
    },
  );

  // ---------- billing (admin) ----------
  app.get(
    `${P}/invoices`,
    {
      ...admin,
      schema: {
        tags,
        summary: "All invoices, paged: search `q` (number, email, description), filters status and user_id, sort",
        querystring: InvoiceListQuery,
        response: { 200: listOf(InvoiceRow), ...errors },
      },
    },
    async (r) => service.listInvoices(deps, r.query, false),
  );
  app.get(
    `${P}/invoices-v2`,
    {
      ...admin,
      schema: {
        tags,
        summary: "All invoices with the customer's email, paged: search, filters and sort as `invoices`",
        querystring: InvoiceListQuery,
        response: { 200: listOf(InvoiceRow), ...errors },
      },
    },
    async (r) => service.listInvoices(deps, r.query, true),
  );
  app.get(
    `${P}/invoice/:id`,
    { ...admin, schema: { tags, summary: "One invoice", params: IdParams, response: { 200: ModelOf(InvoiceRow), ...errors } } },
    async (r) => ({ error: false as const, model: await service.getInvoice(deps, r.params.id) }),
  );
  app.get(`${P}/invoice/:id/pdf`, { ...admin, schema: { tags, summary: "Any invoice as a PDF", params: IdParams } }, async (r, reply) => {
    return sendInvoicePdf(reply, r.params.id);
  });
  app.get(
    `${P}/orders`,
    {
      ...admin,
      schema: {
        tags,
        summary: "One-time purchases, paged: search `q` (email, provider id), filters status and user_id, sort",
        querystring: OrderListQuery,
        response: { 200: listOf(OrderRow), ...errors },
      },
    },
    async (r) => service.listOrders(deps, r.query),
  );
  app.get(
    `${P}/order/:id`,
    { ...admin, schema: { tags, summary: "One one-time purchase", params: IdParams, response: { 200: ModelOf(OrderRow), ...errors } } },
    async (r) => ({ error: false as const, model: await service.getOrder(deps, r.params.id) }),
  );
  app.get(
    `${P}/charges`,
    {
      ...admin,
      schema: {
        tags,
        summary: "All card charges, paged: search `q` (email, provider id), filters status and user_id, sort",
        querystring: ChargeListQuery,
        response: { 200: listOf(ChargeRow), ...errors },
      },
    },
    async (r) => service.listCharges(deps, r.query),
  );
  app.get(
    `${P}/charge/:id`,
    { ...admin, schema: { tags, summary: "One card charge", params: IdParams, response: { 200: ModelOf(ChargeRow), ...errors } } },
    async (r) => ({ error: false as const, model: await service.getCharge(deps, r.params.id) }),
  );

  app.post(
    `${P}/customer/register-subscribe`,
    {
      schema: {
        tags,
        summary: "Create a candidate account and start a checkout for a plan (signs in)",
        body: RegisterSubscribeRequest,
        response: { 200: RegisterSubscribeResponse, ...errors },
      },
      preHandler: app.lenientAuth,
    },
    async (r) => {
      const { session, checkout } = await service.registerAndCheckout(
        deps,
        async (account) => {
          const result = await authService.register(authDeps, { ...account, role: "user" }, null);
          if (result.kind !== "session") throw new Error("a self sign-up always signs in");
          return result.answer;
        },
        r.body,
      );
      return { ...session, model: checkout };
    },
  );

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

  // ---------- the test-mode provider's own pages ----------
  if (testMode) {
    /** Shaped like the card provider's tokenisation call; the number is dropped once the token is made. */
    app.post(
      "/testpay/v1/tokens",
      {
        schema: {
          tags,
          summary: "Test mode: turn a card into a single-use token",
          body: CreateTokenRequest,
          response: { 200: TokenResponse, ...errors },
        },
      },
      async (r) => {
        const token = await service.call(() => testMode.createToken(r.body.card));
        return { id: token.id, object: "token" as const, card: token.card };
      },
    );
    // The session lives at the provider, not in a table: it is the buyer's when its customer is theirs.
    const ownSession = async (userId: number, id: string) => {
      const session = await service.call(() => testMode.getCheckoutSession(id));
      const customer = await service.findCustomer(deps, userId);
      if (!customer || customer.stripeId !== session.customer) throw notFound("This checkout session does not exist.");
      return session;
    };
    app.get(
      `${P}/checkout/:id`,
      {
        ...user,
        schema: {
          tags,
          summary: "Test mode: what a checkout session sells",
          params: ProviderIdParams,
          response: { 200: CheckoutSessionResponse, ...errors },
        },
      },
      async (r) => {
        const s = await ownSession(me(r), r.params.id);
        return {
          error: false as const,
          model: {
            id: s.id,
            status: s.status,
            mode: s.mode,
            name: s.price.nickname ?? "Plan",
            amount: s.price.unit_amount,
            currency: s.price.currency,
            interval: s.price.recurring?.interval ?? null,
            trial_days: s.trial_days,
            cancel_url: s.cancel_url,
          },
        };
      },
    );
    app.post(
      `${P}/checkout/:id/complete`,
      {
        ...user,
        schema: {
          tags,
          summary: "Test mode: pay a checkout session with a card token",
          params: ProviderIdParams,
          body: CompleteCheckoutRequest,
          response: { 200: CompleteCheckoutResponse, ...errors },
        },
      },
      async (r) => {
        await ownSession(me(r), r.params.id);
        const done = await service.call(() => testMode.completeCheckoutSession(r.params.id, r.body.card_token));
        return { error: false as const, model: { url: done.success_url } };
      },
    );
  }
};
