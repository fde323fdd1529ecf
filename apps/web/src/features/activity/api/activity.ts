import type { ActivityListQuery, ActivityListResponse, OwnAccountActivityResponse } from "@academy/contract/activity";
import type { AdminUserListResponse } from "@academy/contract/users";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { apiDownload } from "../../../lib/files";

const ADMIN = "/v2/api/lambda/admin/activity";

/** Cache keys of the activity log's screens (the staff table itself is the resource "activity"). */
export const activityKeys = {
  all: ["activity"] as const,
  record: (table: string, id: number) => ["activity", "record", table, id] as const,
  own: ["activity", "own"] as const,
  staff: ["activity", "staff"] as const,
};

/** The filters the screens send; the server checks them (400 with the field named). */
export type ActivityFilters = Partial<Omit<ActivityListQuery, "page" | "limit" | "direction">>;

/** GET /v2/api/lambda/admin/activity: what staff changed, paged and filtered. */
export async function listActivity(
  query: ActivityFilters & { page?: number; limit?: number; direction?: "asc" | "desc" },
  signal?: AbortSignal,
) {
  return unwrap(api.get<Answer<typeof ActivityListResponse>>(ADMIN, { query, signal }));
}

/** GET /v2/api/lambda/admin/activity/export: the filtered log as CSV. */
export const exportActivity = (query: ActivityFilters) => apiDownload(`${ADMIN}/export`, { query });

/** One record's own history, newest first (a view panel shows it). */
export function useRecordHistory(table: string, id: number) {
  return useQuery({
    queryKey: activityKeys.record(table, id),
    queryFn: ({ signal }) => listActivity({ record_table: table as ActivityFilters["record_table"], record_id: id, limit: 50 }, signal),
    staleTime: 0,
  });
}

/** GET /v2/api/lambda/profile/activity: what staff did to one's own account. */
export function useOwnActivity() {
  return useQuery({
    queryKey: activityKeys.own,
    queryFn: async () => (await unwrap(api.get<Answer<typeof OwnAccountActivityResponse>>("/v2/api/lambda/profile/activity"))).list,
  });
}

/** The staff accounts, for the "who" filter. */
export function useStaffOptions() {
  return useQuery({
    queryKey: activityKeys.staff,
    queryFn: async () => {
      const answer = await unwrap(
        api.get<Answer<typeof AdminUserListResponse>>("/v2/api/lambda/admin/users", {
          query: { role: "admin", limit: 100, sort: "email", direction: "asc" },
        }),
      );
      return answer.list.map((u) => ({ value: String(u.id), label: `${`${u.first_name} ${u.last_name}`.trim() || u.email} (${u.email})` }));
    },
    staleTime: 60_000,
  });
}
