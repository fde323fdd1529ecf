import { IdParams, MessageResponse } from "@academy/contract/common";
import {
  AdminSubscriptionUpdateRequest,
  listOf,
  SubscriptionListQuery,
  SubscriptionResponse,
  SubscriptionRow,
  UsageChargeRequest,
} from "@academy/contract/payments";
import { type App, errors, ModelOf, P, type RouteContext } from "./route-context.ts";
import * as service from "./service.ts";

/** Every subscription, for staff: list, view, end at period end, resume, end now. */
export function adminSubscriptionRoutes(app: App, { deps, staffRead, staffWrite, tags }: RouteContext) {
  // ---------- subscriptions (admin) ----------
  app.get(
    `${P}/subscriptions`,
    {
      ...staffRead,
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
    {
      ...staffRead,
      schema: { tags, summary: "One subscription", params: IdParams, response: { 200: ModelOf(SubscriptionRow), ...errors } },
    },
    async (r) => ({ error: false as const, model: await service.getSubscription(deps, r.params.id) }),
  );
  app.delete(
    `${P}/subscription/:id`,
    {
      ...staffWrite,
      schema: { tags, summary: "End any subscription now", params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (r) => {
      await service.cancelNow(deps, r.principal!.id, r.params.id);
      return { error: false as const, message: "Subscription canceled" };
    },
  );
  app.put(
    `${P}/subscription/:id`,
    {
      ...staffWrite,
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
      model: await service.setCancelAtPeriodEnd(deps, { staff: r.principal!.id }, r.params.id, r.body.cancel_at_period_end),
    }),
  );
  app.post(
    `${P}/subscription/usage-charge`,
    {
      ...staffWrite,
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
}
