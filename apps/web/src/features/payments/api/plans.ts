import type { PlanOption, PlansResponse } from "@academy/contract/payments";
import { api, PAYMENT_THROW_ON, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

type PlansAnswer = Answer<typeof PlansResponse>;

/** GET /v2/api/lambda/stripe/plans (public): the plans on sale, and whether the provider is in test mode. */
export const getPlans = () => unwrap(api.get<PlansAnswer>("/v2/api/lambda/stripe/plans", { auth: false, throwOn: PAYMENT_THROW_ON }));

export async function listPlans(): Promise<PlanOption[]> {
  return (await getPlans()).list;
}
