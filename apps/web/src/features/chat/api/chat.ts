import type {
  ChatMessage,
  ChatPageResponse,
  MyRoomsResponse,
  OpenRoomResponse,
  RoomPollResponse,
  SendMessageResponse,
} from "@academy/contract/chat";
import type { MyCoachingResponse } from "@academy/contract/coaching";
import { POLL_TIMEOUT } from "@academy/contract/constants";
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, isErrorBody, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { uploadWithProgress } from "../../../lib/files";

/** Cache keys: a new message refreshes the rooms and the messages (never the held long poll). */
export const CHAT = "chat";

function refreshAfterSend(queryClient: ReturnType<typeof useQueryClient>) {
  // Not awaited: the mutation's own callbacks (clearing the composer) need not wait for refetches.
  void queryClient.invalidateQueries({ queryKey: [CHAT, "rooms"] });
  void queryClient.invalidateQueries({ queryKey: [CHAT, "messages"] });
}
const R = "/v3/api/lambda/realtime";

type Rooms = Answer<typeof MyRoomsResponse>;
type Page = Answer<typeof ChatPageResponse>;

export const fetchMyRooms = (q?: string) => unwrap(api.get<Rooms>(`${R}/room/my`, { query: { q: q || undefined } }));
export const useMyRooms = (q = "") => useQuery({ queryKey: [CHAT, "rooms", q], queryFn: () => fetchMyRooms(q) });

/** The room of you and `otherUserId`, opened on first use (the call is idempotent). */
export const openRoom = (me: number, otherUserId: number) =>
  unwrap(api.post<Answer<typeof OpenRoomResponse>>(`${R}/room`, { user_id: me, other_user_id: otherUserId }));
export const useOpenRoom = (me: number | null, otherUserId: number | null) =>
  useQuery({
    queryKey: [CHAT, "open", me, otherUserId],
    queryFn: () => openRoom(me!, otherUserId!),
    enabled: me !== null && otherUserId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A page of a room, older than the oldest message shown (the newest page first). */
export const fetchPage = (roomId: number, before?: ChatMessage) =>
  unwrap(
    api.post<Page>(`${R}/chat`, {
      room_id: roomId,
      ...(before ? { date: before.timestamp, before_id: before.id } : {}),
    }),
  );

export const useRoomMessages = (roomId: number) =>
  useInfiniteQuery({
    queryKey: [CHAT, "messages", roomId],
    queryFn: ({ pageParam }) => fetchPage(roomId, pageParam ?? undefined),
    initialPageParam: null as ChatMessage | null,
    getNextPageParam: (last: Page) => (last.has_more ? (last.model[0] ?? null) : null),
  });

/** Messages of all loaded pages, oldest first. */
export const messagesOf = (data: InfiniteData<Page> | undefined): ChatMessage[] =>
  data ? [...data.pages].reverse().flatMap((p) => p.model) : [];

export const sendMessage = (body: { room_id: number; message: string; is_image?: boolean }) =>
  unwrap(api.post<Answer<typeof SendMessageResponse>>(`${R}/send`, body));

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendMessage, onSettled: () => refreshAfterSend(queryClient) });
}

/** Uploads an image (the uploads service), then sends its address to the room. */
export async function sendImage(roomId: number, file: File) {
  const form = new FormData();
  form.append("file", file);
  const uploaded = await unwrap(uploadWithProgress<{ id: number; url: string }>("/v2/api/lambda/upload", form, () => {}));
  return sendMessage({ room_id: roomId, message: uploaded.url, is_image: true });
}

export function useSendImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, file }: { roomId: number; file: File }) => sendImage(roomId, file),
    onSettled: () => refreshAfterSend(queryClient),
  });
}

/** The coaches a candidate booked (from their sessions), whom they may message. */
export const useBookedCoaches = () =>
  useQuery({
    queryKey: [CHAT, "coaches"],
    queryFn: async () => {
      const my = await unwrap(api.get<Answer<typeof MyCoachingResponse>>("/v2/api/lambda/scheduling/my"));
      const byId = new Map<number, string>();
      for (const b of [...my.upcoming, ...my.past]) if (b.coach_id !== null) byId.set(b.coach_id, b.coach_name);
      return [...byId].map(([id, name]) => ({ id, name }));
    },
  });

type PollAnswer = { list: ChatMessage[] } | { timeout: true } | { failed: true };

async function pollOnce(userId: number, after: number | undefined, signal: AbortSignal): Promise<PollAnswer> {
  const answer = await api.get<Answer<typeof RoomPollResponse>>(`${R}/room/poll`, {
    query: { user_id: userId, after },
    signal,
  });
  if (isErrorBody(answer)) return answer.status === 408 && answer.message === POLL_TIMEOUT ? { timeout: true } : { failed: true };
  return { list: answer.list };
}

/**
 * Keeps a long poll open for messages to you: each answer refreshes the rooms and messages,
 * then the next poll starts after the newest id seen. A failure waits a few seconds first.
 */
export function useChatLive(userId: number | null) {
  const queryClient = useQueryClient();
  const [after, setAfter] = useState<number | undefined>(undefined);
  const [round, setRound] = useState(0);
  const poll = useQuery({
    queryKey: [CHAT, "live", userId, after, round],
    queryFn: ({ signal }) => pollOnce(userId!, after, signal),
    enabled: userId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const answer = poll.data;
  const failed = poll.isError;
  useEffect(() => {
    if (failed) {
      const timer = setTimeout(() => setRound((r) => r + 1), 5_000);
      return () => clearTimeout(timer);
    }
    if (!answer) return;
    if ("list" in answer && answer.list.length) {
      setAfter(Math.max(...answer.list.map((m) => m.id)));
      void queryClient.invalidateQueries({ queryKey: [CHAT, "rooms"] });
      void queryClient.invalidateQueries({ queryKey: [CHAT, "messages"] });
      return;
    }
    if ("failed" in answer) {
      const timer = setTimeout(() => setRound((r) => r + 1), 5_000);
      return () => clearTimeout(timer);
    }
    // Nothing came: poll again. Before the first message the poll starts "from now", so the list
    // is read again too (a message between two polls would otherwise wait for the next one).
    if (after === undefined) void queryClient.invalidateQueries({ queryKey: [CHAT, "rooms"] });
    setRound((r) => r + 1);
    return;
  }, [answer, failed, queryClient, after]);
}
