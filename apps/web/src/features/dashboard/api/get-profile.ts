import type { Profile, ProfileResponse } from "@academy/contract/auth";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

/** GET /v2/api/lambda/profile → {error:false, model}. */
export async function getProfile(): Promise<Profile> {
  const answer = await unwrap(api.get<Answer<typeof ProfileResponse>>("/v2/api/lambda/profile"));
  return answer.model;
}

/**
 * Read afresh on every visit to the dashboard, so it always greets with the current name. The
 * key is the profile screen's, so a name saved there shows here at once.
 */
export function useProfileQuery() {
  return useQuery({ queryKey: ["profile"], queryFn: getProfile, staleTime: 0 });
}
