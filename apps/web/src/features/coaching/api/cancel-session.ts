import type { Booking, Credits } from "@academy/contract/coaching";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { BOOKINGS, COACHING } from "./keys";

export const cancelSession = (id: number) =>
  unwrap(api.post<{ model: Booking; credits: Credits }>(`/v2/api/lambda/scheduling/${id}/cancel`));

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: [COACHING] });
      await queryClient.invalidateQueries({ queryKey: [BOOKINGS] });
    },
  });
}
