import type { Booking, BookSessionRequest, Credits } from "@academy/contract/coaching";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { COACHING } from "./keys";

export const bookSession = (body: BookSessionRequest) =>
  unwrap(api.post<{ model: Booking; credits: Credits }>("/v2/api/lambda/scheduling/POST", body));

export function useBookSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookSession, onSettled: () => queryClient.invalidateQueries({ queryKey: [COACHING] }) });
}
