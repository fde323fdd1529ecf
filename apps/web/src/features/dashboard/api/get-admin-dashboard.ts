import type { AdminDashboard } from "@academy/contract/dashboard";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";

/** The periods the admin dashboard offers, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** GET /v3/api/custom/{project}/dashboard: the academy's figures with daily series. */
export function useAdminDashboardQuery(days: DashboardPeriod = 30) {
  return useQuery({
    queryKey: ["admin-dashboard", days],
    queryFn: async () => (await unwrap(api.get<{ model: AdminDashboard }>(customPath("dashboard"), { query: { days } }))).model,
    staleTime: 0,
    // Switching the period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
