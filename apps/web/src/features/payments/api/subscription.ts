import type { SubscriptionResponse } from "@academy/contract/payments";
import { useQuery } from "@tanstack/react-query";
import { api, PAYMENT_THROW_ON, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

// Apart from the rest of billing: the dashboard's plan section reads the plan and nothing else.

/** The query key of the current plan; under ["payments"], so a refresh of payments refreshes it. */
export const subscriptionKey = ["payments", "subscription"] as const;

/** GET customer/subscription → my current plan, or null. */
export const getSubscription = async () =>
  (await unwrap(api.get<Answer<typeof SubscriptionResponse>>("/v2/api/lambda/stripe/customer/subscription", { throwOn: PAYMENT_THROW_ON })))
    .model;
export const useSubscriptionQuery = () => useQuery({ queryKey: subscriptionKey, queryFn: getSubscription });
