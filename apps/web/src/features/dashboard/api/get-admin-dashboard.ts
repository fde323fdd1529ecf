import type { AdminDashboardResponse } from "@academy/contract/dashboard";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { dashboardKeys } from "./get-dashboard";

/** The periods the admin dashboard offers, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** GET /v3/api/custom/{project}/dashboard?days=: the academy's figures with daily series. */
export const getAdminDashboard = async (days: DashboardPeriod) =>
  (await unwrap(api.get<Answer<typeof AdminDashboardResponse>>(customPath("dashboard"), { query: { days } }))).model;

export function useAdminDashboardQuery(days: DashboardPeriod = 30) {
  // Switching the period keeps the last figures on screen until the new ones arrive.
  return useQuery({
    queryKey: dashboardKeys.academy(days),
    queryFn: () => getAdminDashboard(days),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
