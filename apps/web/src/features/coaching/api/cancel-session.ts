import type { BookSessionResponse } from "@academy/contract/coaching";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { coachingKeys } from "./keys";

export const cancelSession = (id: number) => unwrap(api.post<Answer<typeof BookSessionResponse>>(`/v2/api/lambda/scheduling/${id}/cancel`));

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: coachingKeys.all });
      await queryClient.invalidateQueries({ queryKey: coachingKeys.bookings });
    },
  });
}
