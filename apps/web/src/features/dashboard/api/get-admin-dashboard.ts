import type { AdminDashboard } from "@academy/contract/dashboard";
import { api, customPath, unwrap } from "../../../lib/api-client";
import { useLoad } from "../../../lib/use-load";

/** The periods the admin dashboard offers, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** GET /v3/api/custom/{project}/dashboard: the academy's figures with daily series. */
export function useAdminDashboardQuery(days: DashboardPeriod = 30) {
  // Switching the period keeps the last figures on screen until the new ones arrive.
  return useLoad(
    `admin-dashboard:${days}`,
    async () => (await unwrap(api.get<{ model: AdminDashboard }>(customPath("dashboard"), { query: { days } }))).model,
  );
}
