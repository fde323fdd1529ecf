import type { AdminUserOverview } from "@academy/contract/users";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** GET /v2/api/lambda/admin/users/{id}/overview: the plan in effect and recent activity of one account. */
export function useUserOverviewQuery(id: number) {
  return useQuery({
    queryKey: ["users", "overview", id],
    queryFn: async () => (await unwrap(api.get<{ model: AdminUserOverview }>(`/v2/api/lambda/admin/users/${id}/overview`))).model,
    staleTime: 0,
  });
}
