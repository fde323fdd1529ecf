import type {
  AnalyticsConsent,
  AnalyticsOverview,
  DeletedSessionsAnswer,
  IngestTokenAnswer,
  UserSessionDetail,
  UserSessionPage,
} from "@academy/contract/analytics";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

const L = "/v2/api/lambda";
/** Where batches go (the spec's POST analytics/user-sessions). */
export const INGEST_URL = `${L}/analytics/user-sessions`;

export const analyticsKeys = {
  consent: ["analytics", "consent"] as const,
  ingestToken: ["analytics", "ingest-token"] as const,
  sessions: (scope: "mine" | "all", page: number, userId?: number) => ["analytics", "sessions", scope, page, userId ?? null] as const,
  allSessions: ["analytics", "sessions"] as const,
  session: (id: number) => ["analytics", "session", id] as const,
  overview: (days: number) => ["analytics", "overview", days] as const,
};

/** GET analytics/consent: whether you agreed to session recording (null: not asked yet). */
export const useConsentQuery = (enabled = true) =>
  useQuery({
    queryKey: analyticsKeys.consent,
    queryFn: async () => unwrap(api.get<AnalyticsConsent>(`${L}/analytics/consent`)),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** PUT analytics/consent: agree or withdraw; the recorder starts or stops with the answer. */
export function useSetConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (granted: boolean) => unwrap(api.put<AnalyticsConsent>(`${L}/analytics/consent`, { granted })),
    onSuccess: (answer) => {
      client.setQueryData(analyticsKeys.consent, answer);
      client.removeQueries({ queryKey: analyticsKeys.ingestToken });
    },
  });
}

/** POST analytics/ingest-token: names you in beacon batches, which cannot send the Authorization header. */
export const useIngestTokenQuery = (enabled: boolean) =>
  useQuery({
    queryKey: analyticsKeys.ingestToken,
    queryFn: async () => unwrap(api.post<Answer<typeof IngestTokenAnswer>>(`${L}/analytics/ingest-token`, {})),
    enabled,
    // The token lasts two hours: a fresh one every 30 minutes, so the last batch of a tab never carries a stale one.
    staleTime: 30 * 60_000,
    refetchInterval: 30 * 60_000,
    refetchIntervalInBackground: true,
  });

/** GET user-sessions/data: your recorded sessions (staff: everyone's, or one person's). */
export const useSessionsQuery = (scope: "mine" | "all", page: number, userId?: number) =>
  useQuery({
    queryKey: analyticsKeys.sessions(scope, page, userId),
    queryFn: async () => unwrap(api.get<UserSessionPage>(`${L}/user-sessions/data`, { query: { page, limit: 20, user_id: userId } })),
    placeholderData: keepPreviousData,
  });

/** GET user-sessions/{id}: one session with its event timeline. */
export const useSessionQuery = (id: number | null) =>
  useQuery({
    queryKey: analyticsKeys.session(id ?? 0),
    queryFn: async () => (await unwrap(api.get<UserSessionDetail>(`${L}/user-sessions/${id}`))).model,
    enabled: id !== null,
  });

/** DELETE user-sessions/{id} (one) or user-sessions (all of yours). */
export function useDeleteSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | "all") =>
      unwrap(api.delete<Answer<typeof DeletedSessionsAnswer>>(id === "all" ? `${L}/user-sessions` : `${L}/user-sessions/${id}`)),
    onSuccess: () => client.invalidateQueries({ queryKey: analyticsKeys.allSessions }),
  });
}

/** GET analytics/overview (staff): sessions per day, pages, screen sizes and the funnel. */
export const useOverviewQuery = (days: number) =>
  useQuery({
    queryKey: analyticsKeys.overview(days),
    queryFn: async () => unwrap(api.get<AnalyticsOverview>(`${L}/analytics/overview`, { query: { days } })),
    placeholderData: keepPreviousData,
  });
