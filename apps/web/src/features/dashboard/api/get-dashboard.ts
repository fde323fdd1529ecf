import type { CreateQuizResponse, DashboardResponse, ProgressModel, ProgressResponse } from "@academy/contract/quiz";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

export const dashboardKeys = {
  candidate: ["dashboard", "candidate"] as const,
  progress: ["quiz", "progress"] as const,
  academy: (days: number) => ["dashboard", "academy", days] as const,
};

/** GET /v3/api/custom/{name}/dashboard: readiness, mastery, reviews due, recent quizzes, plan allowance. */
export const getDashboard = async () => (await unwrap(api.get<Answer<typeof DashboardResponse>>(customPath("dashboard")))).model;

/** Read afresh on every visit (a quiz finished elsewhere moves the readiness). */
export function useDashboardQuery() {
  return useQuery({ queryKey: dashboardKeys.candidate, queryFn: getDashboard, staleTime: 0 });
}

export type ProgressPoint = ProgressModel["trend"][number];

/** GET quiz/progress: past attempts and readiness after each finished quiz. */
export const getProgress = () => unwrap(api.get<Answer<typeof ProgressResponse>>(customPath("quiz/progress")));

export function useProgressQuery() {
  return useQuery({ queryKey: dashboardKeys.progress, queryFn: getProgress, staleTime: 0, placeholderData: keepPreviousData });
}

/** POST quiz/create {reviewDue:true}: today's review session, the questions due for spaced review (free). */
export async function startReview(): Promise<number> {
  return (await unwrap(api.post<Answer<typeof CreateQuizResponse>>(customPath("quiz/create"), { reviewDue: true }))).model.id;
}

/** POST quiz/create {missedToday:true}: the questions missed or flagged in the last 24 hours, again (free). */
export async function startMissedToday(): Promise<number> {
  return (await unwrap(api.post<Answer<typeof CreateQuizResponse>>(customPath("quiz/create"), { missedToday: true }))).model.id;
}
