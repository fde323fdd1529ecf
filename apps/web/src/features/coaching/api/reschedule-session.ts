import type { Booking, Credits } from "@academy/contract/coaching";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { COACHING } from "./keys";

export const rescheduleSession = ({ id, start, end }: { id: number; start: string; end: string }) =>
  unwrap(
    api.post<{ model: Booking; credits: Credits }>(`/v2/api/lambda/scheduling/${id}/reschedule`, {
      meeting_start: start,
      meeting_end: end,
    }),
  );

export function useRescheduleSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rescheduleSession, onSettled: () => queryClient.invalidateQueries({ queryKey: [COACHING] }) });
}
