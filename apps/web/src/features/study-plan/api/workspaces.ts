import type { PmWorkspaceAnswer, PmWorkspacePage } from "@academy/contract/pm";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

export const PM = "/v2/api/lambda/pm";

/** Cache keys of the study plan: a move or refresh updates the board under its key. */
export const planKeys = {
  workspaces: (userId?: number) => ["study-plan", "workspaces", userId ?? "mine"] as const,
  boards: (workspaceId: number) => ["study-plan", "boards", workspaceId] as const,
};

/** GET pm/workspaces?limit=99999: your workspaces (staff: a learner's, with user_id). */
export const listWorkspaces = async (userId?: number) =>
  (await unwrap(api.get<PmWorkspacePage>(`${PM}/workspaces`, { query: { limit: 99999, user_id: userId } }))).list;

/** POST pm/workspaces: your study plan, its board filled from your onboarding answers and weak themes. */
export const createStudyPlan = async () =>
  (await unwrap(api.post<Answer<typeof PmWorkspaceAnswer>>(`${PM}/workspaces`, { name: "Study plan", template: "study_plan" }))).model;
