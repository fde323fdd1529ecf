import type { AdminUserOverviewResponse } from "@academy/contract/users";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

/** GET /v2/api/lambda/admin/users/{id}/overview: the plan in effect and recent activity of one account. */
export function useUserOverviewQuery(id: number) {
  return useQuery({
    queryKey: ["users", "overview", id],
    queryFn: async () =>
      (await unwrap(api.get<Answer<typeof AdminUserOverviewResponse>>(`/v2/api/lambda/admin/users/${id}/overview`))).model,
    staleTime: 0,
  });
}
