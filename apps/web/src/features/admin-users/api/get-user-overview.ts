import type { AdminUserOverviewResponse } from "@academy/contract/users";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

/** GET /v2/api/lambda/admin/users/{id}/overview: the plan in effect and recent activity of one account. */
/** Cache keys of the staff's user screens (the users table is the resource "users"). */
export const userKeys = {
  all: ["users"] as const,
  overview: (id: number) => ["users", "overview", id] as const,
  accommodation: (id: number) => ["users", "accommodation", id] as const,
};

export function useUserOverviewQuery(id: number) {
  return useQuery({
    queryKey: userKeys.overview(id),
    queryFn: async () =>
      (await unwrap(api.get<Answer<typeof AdminUserOverviewResponse>>(`/v2/api/lambda/admin/users/${id}/overview`))).model,
    staleTime: 0,
  });
}
