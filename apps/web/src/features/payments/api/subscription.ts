import type { SubscriptionRow } from "@academy/contract/payments";
import { api, PAYMENT_THROW_ON, unwrap } from "../../../lib/api-client";

// Apart from billing.ts (which uses the query library) so the dashboard's plan section reads
// the plan without loading that library.

/** GET customer/subscription → my current plan, or null. */
export const getSubscription = async () =>
  (
    await unwrap(
      api.get<{ error: false; model: SubscriptionRow | null }>("/v2/api/lambda/stripe/customer/subscription", {
        throwOn: PAYMENT_THROW_ON,
      }),
    )
  ).model;
