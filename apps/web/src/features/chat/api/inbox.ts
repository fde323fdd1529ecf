import type { InboxAssigneeFilter, InboxAssignResponse, InboxResponse } from "@academy/contract/chat";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { chatKeys } from "./chat";

const R = "/v3/api/lambda/realtime";

export type Inbox = Answer<typeof InboxResponse>;
export type InboxFilter = InboxAssigneeFilter;

/** How often an open inbox reads itself again: new conversations and assignments by colleagues come in without reload. */
export const INBOX_REFRESH_MS = 15_000;

export const fetchInbox = (assignee: InboxFilter, q: string) =>
  unwrap(api.get<Inbox>(`${R}/inbox`, { query: { assignee, q: q || undefined } }));

/** The shared inbox: unassigned first, then newest; kept current while it is open. */
export const useInbox = (assignee: InboxFilter, q: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: chatKeys.inboxView(assignee, q),
    queryFn: () => fetchInbox(assignee, q),
    refetchInterval: INBOX_REFRESH_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });

export const assignConversation = (body: { room_id: number; assignee_id: number | null }) =>
  unwrap(api.post<Answer<typeof InboxAssignResponse>>(`${R}/inbox/assign`, body));

/** Gives a conversation to a staff member (or to nobody); every view of the inbox reads it again. */
export function useAssignConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.inbox }),
  });
}
