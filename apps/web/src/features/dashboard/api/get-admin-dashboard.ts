import type { AdminDashboard } from "@academy/contract/dashboard";
import { useQuery } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";

/** GET /v3/api/custom/{project}/dashboard: the academy's figures with daily series. */
export function useAdminDashboardQuery(days = 30) {
  return useQuery({
    queryKey: ["admin-dashboard", days],
    queryFn: async () => (await unwrap(api.get<{ model: AdminDashboard }>(customPath("dashboard"), { query: { days } }))).model,
    staleTime: 0,
  });
}
