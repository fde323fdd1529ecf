import type { BookSessionRequest, BookSessionResponse } from "@academy/contract/coaching";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { coachingKeys } from "./keys";

export const bookSession = (body: BookSessionRequest) =>
  unwrap(api.post<Answer<typeof BookSessionResponse>>("/v2/api/lambda/scheduling/POST", body));

export function useBookSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookSession, onSettled: () => queryClient.invalidateQueries({ queryKey: coachingKeys.all }) });
}
