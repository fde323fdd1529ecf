import type { SessionItem, SessionsResponse, SignOutOthersResponse } from "@academy/contract/auth";
import type { MessageResponse } from "@academy/contract/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

export type { SessionItem };

const sessionsKey = ["profile", "sessions"] as const;

/** GET sessions: the account's sessions that still stand, latest renewed first. */
export function useSessionsQuery() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await unwrap(api.get<Answer<typeof SessionsResponse>>("/v2/api/lambda/sessions"))).list,
  });
}

/** DELETE sessions/{id} and POST sessions/sign-out-others; the list is read again after either. */
export function useSignOutSessions() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: sessionsKey });
  const one = useMutation({
    mutationFn: (id: number) => unwrap(api.delete<Answer<typeof MessageResponse>>(`/v2/api/lambda/sessions/${id}`)),
    onSuccess,
  });
  const others = useMutation({
    mutationFn: () => unwrap(api.post<Answer<typeof SignOutOthersResponse>>("/v2/api/lambda/sessions/sign-out-others")),
    onSuccess,
  });
  return { one, others };
}
