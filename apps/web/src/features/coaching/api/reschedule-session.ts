import type { BookSessionResponse } from "@academy/contract/coaching";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { coachingKeys } from "./keys";

export const rescheduleSession = ({ id, start, end }: { id: number; start: string; end: string }) =>
  unwrap(
    api.post<Answer<typeof BookSessionResponse>>(`/v2/api/lambda/scheduling/${id}/reschedule`, {
      meeting_start: start,
      meeting_end: end,
    }),
  );

export function useRescheduleSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rescheduleSession, onSettled: () => queryClient.invalidateQueries({ queryKey: coachingKeys.all }) });
}
