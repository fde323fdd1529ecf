import type { OnboardingProfile, TrackInfo } from "@academy/contract/quiz";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";

export const onboardingKey = ["onboarding"] as const;

/** GET onboarding → {error:false, model}: the candidate's saved choices (empty at first). */
export function useOnboardingQuery() {
  return useQuery({
    queryKey: onboardingKey,
    queryFn: async () => (await unwrap(api.get<{ error: false; model: OnboardingProfile }>(customPath("onboarding")))).model,
    staleTime: 0,
  });
}

/** PUT onboarding: merges the given choices into what is saved. */
export function useSaveOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: OnboardingProfile) =>
      (await unwrap(api.put<{ error: false; model: OnboardingProfile }>(customPath("onboarding"), patch))).model,
    onSuccess: (model) => client.setQueryData(onboardingKey, model),
  });
}

/** GET quiz/tracks: every track with its current blueprint. */
export function useTracksQuery() {
  return useQuery({
    queryKey: ["quiz", "tracks"],
    queryFn: async () => (await unwrap(api.get<{ error: false; list: TrackInfo[] }>(customPath("quiz/tracks")))).list,
    staleTime: 5 * 60_000,
  });
}
