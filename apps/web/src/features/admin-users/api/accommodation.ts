import type { AccommodationRequest, AccommodationResponse } from "@academy/contract/accommodations";
import type { MessageResponse } from "@academy/contract/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { userKeys } from "./get-user-overview";

const path = (id: number) => `/v2/api/lambda/admin/users/${id}/accommodation`;

/** GET …/admin/users/{id}/accommodation: a candidate's exam accommodation, or null. */
export function useAccommodationQuery(userId: number) {
  return useQuery({
    queryKey: userKeys.accommodation(userId),
    queryFn: async () => (await unwrap(api.get<Answer<typeof AccommodationResponse>>(path(userId)))).model,
    staleTime: 0,
  });
}

/** PUT (grant or change) and DELETE (withdraw) …/admin/users/{id}/accommodation. */
export function useSaveAccommodation(userId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });
  return {
    save: useMutation({
      mutationFn: (body: AccommodationRequest) => unwrap(api.put<Answer<typeof AccommodationResponse>>(path(userId), body)),
      onSuccess: refresh,
    }),
    withdraw: useMutation({
      mutationFn: () => unwrap(api.delete<Answer<typeof MessageResponse>>(path(userId))),
      onSuccess: refresh,
    }),
  };
}
