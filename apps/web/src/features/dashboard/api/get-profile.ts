import type { Profile } from "@academy/contract/auth";
import { api, unwrap } from "../../../lib/api-client";
import { useLoad } from "../../../lib/use-load";

/** GET /v2/api/lambda/profile → {error:false, model}. */
export async function getProfile(): Promise<Profile> {
  const answer = await unwrap(api.get<{ error: false; model: Profile }>("/v2/api/lambda/profile"));
  return answer.model;
}

/** Refetched on every visit to the dashboard, so it always greets with the current name. */
export function useProfileQuery() {
  return useLoad("profile", getProfile);
}
