import type { CoachSettings, CoachSettingsResponse } from "@academy/contract/coaching";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { coachingKeys } from "./keys";

const PATH = "/v2/api/lambda/scheduling/coach/settings";

export const fetchCoachSettings = async () => (await unwrap(api.get<Answer<typeof CoachSettingsResponse>>(PATH))).model;
export const saveCoachSettings = async (settings: CoachSettings) =>
  (await unwrap(api.put<Answer<typeof CoachSettingsResponse>>(PATH, settings))).model;

export const useCoachSettings = () => useQuery({ queryKey: coachingKeys.settings, queryFn: fetchCoachSettings });

export function useSaveCoachSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCoachSettings, onSuccess: () => queryClient.invalidateQueries({ queryKey: coachingKeys.all }) });
}
