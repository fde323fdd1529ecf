import type { CoachSettings } from "@academy/contract/coaching";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { COACHING } from "./keys";

const PATH = "/v2/api/lambda/scheduling/coach/settings";

export const fetchCoachSettings = async () => (await unwrap(api.get<{ model: CoachSettings }>(PATH))).model;
export const saveCoachSettings = async (settings: CoachSettings) => (await unwrap(api.put<{ model: CoachSettings }>(PATH, settings))).model;

export const useCoachSettings = () => useQuery({ queryKey: [COACHING, "settings"], queryFn: fetchCoachSettings });

export function useSaveCoachSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCoachSettings, onSuccess: () => queryClient.invalidateQueries({ queryKey: [COACHING] }) });
}
