import type { PlanOption } from "@academy/contract/payments";
import { api, PAYMENT_THROW_ON, unwrap } from "../../../lib/api-client";

/** GET /v2/api/lambda/stripe/plans (public): the plans on sale. */
export async function listPlans(): Promise<PlanOption[]> {
  const answer = await unwrap(
    api.get<{ error: false; list: PlanOption[] }>("/v2/api/lambda/stripe/plans", { auth: false, throwOn: PAYMENT_THROW_ON }),
  );
  return answer.list;
}
