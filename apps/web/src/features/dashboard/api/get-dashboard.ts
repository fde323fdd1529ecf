import type { DashboardModel, ProgressModel } from "@academy/contract/quiz";
import { api, customPath, unwrap } from "../../../lib/api-client";
import { useLoad } from "../../../lib/use-load";

/** GET /v3/api/custom/{name}/dashboard: readiness, mastery, reviews due, recent quizzes, plan allowance. */
export function useDashboardQuery() {
  return useLoad("dashboard", async () => (await unwrap(api.get<{ error: false; model: DashboardModel }>(customPath("dashboard")))).model);
}

export type ProgressPoint = ProgressModel["trend"][number];

/** GET quiz/progress: past attempts and readiness after each finished quiz. */
export function useProgressQuery() {
  return useLoad("quiz-progress", async () => unwrap(api.get<{ error: false } & ProgressModel>(customPath("quiz/progress"))));
}

/** POST quiz/create {reviewDue:true}: a quiz of the questions due for spaced review. */
export async function startReview(): Promise<number> {
  return (await unwrap(api.post<{ error: false; model: { id: number } }>(customPath("quiz/create"), { reviewDue: true }))).model.id;
}
