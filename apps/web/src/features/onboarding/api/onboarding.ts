import type { OnboardingProfile, SaveOnboardingResponse } from "@academy/contract/quiz";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { quizKeys } from "../../../lib/shared-api/quiz";

/** PUT onboarding: merges the given choices into what is saved. */
export function useSaveOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: OnboardingProfile) =>
      (await unwrap(api.put<Answer<typeof SaveOnboardingResponse>>(customPath("onboarding"), patch))).model,
    onSuccess: (model) => client.setQueryData(quizKeys.onboarding, model),
  });
}
