import {
  CheckoutSessionResponse,
  CompleteCheckoutRequest,
  CompleteCheckoutResponse,
  CreateTokenRequest,
  ProviderIdParams,
  TokenResponse,
} from "@academy/contract/payments";
import { notFound } from "../../lib/http-error.ts";
import type { TestModeProvider } from "../../providers/payments/test-mode.ts";
import { type App, errors, P, type RouteContext } from "./route-context.ts";
import * as service from "./service.ts";

/** The test-mode provider's own pages: card tokens and the checkout page (only when the test-mode provider runs). */
export function testModeRoutes(app: App, { user, deps, tags, me, testMode }: RouteContext & { testMode: TestModeProvider }) {
  // ---------- the test-mode provider's own pages ----------
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
