import type { Profile, ProfileResponse } from "@academy/contract/auth";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api-client";
import type { Answer } from "../contract";

// The signed-in person's profile: the dashboard greets with it, the profile screen edits it.

export const profileKeys = {
  mine: ["profile"] as const,
  /** One's own exam accommodation (the start screens of timed quizzes and mock exams). */
  accommodation: ["profile", "accommodation"] as const,
};

/** GET /v2/api/lambda/profile → {error:false, model}. */
export async function getProfile(): Promise<Profile> {
  return (await unwrap(api.get<Answer<typeof ProfileResponse>>("/v2/api/lambda/profile"))).model;
}

/** Read afresh on every visit, so a name saved on the profile shows on the dashboard at once. */
export function useProfileQuery() {
  return useQuery({ queryKey: profileKeys.mine, queryFn: getProfile, staleTime: 0 });
}
