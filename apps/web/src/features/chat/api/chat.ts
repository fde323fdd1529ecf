import type { UploadResponse } from "@academy/contract/auth";
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
import type { AdminUserListResponse } from "@academy/contract/users";
import { type InfiniteData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, isErrorBody, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { uploadWithProgress } from "../../../lib/files";

/** Cache keys: a new message refreshes the rooms and the messages (never the held long poll). */
export const CHAT = "chat";

/** Cache keys of the chat: a new message invalidates `rooms` and `messages`. */
export const chatKeys = {
  rooms: [CHAT, "rooms"] as const,
  roomSearch: (q: string) => [CHAT, "rooms", q] as const,
  messages: [CHAT, "messages"] as const,
  roomMessages: (roomId: number) => [CHAT, "messages", roomId] as const,
  open: (me: number | null, otherUserId: number | null) => [CHAT, "open", me, otherUserId] as const,
  people: (q: string) => [CHAT, "people", q] as const,
  coaches: [CHAT, "coaches"] as const,
  /** The shared inbox (staff with `chat.all`): every filter and search of it. */
  inbox: [CHAT, "inbox"] as const,
  inboxView: (assignee: string, q: string) => [CHAT, "inbox", assignee, q] as const,
};

function refreshAfterSend(queryClient: ReturnType<typeof useQueryClient>) {
  // Not awaited: the mutation's own callbacks (clearing the composer) need not wait for refetches.
  void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
  void queryClient.invalidateQueries({ queryKey: chatKeys.messages });
  void queryClient.invalidateQueries({ queryKey: chatKeys.inbox });
}
const R = "/v3/api/lambda/realtime";

type Rooms = Answer<typeof MyRoomsResponse>;
type Page = Answer<typeof ChatPageResponse>;

export const fetchMyRooms = (q?: string) => unwrap(api.get<Rooms>(`${R}/room/my`, { query: { q: q || undefined } }));
/**
 * Your rooms and unread total: the app's one "rooms" state. The unsearched list (`q` empty) is
 * the one the navigation badge reads too, so the badge and the room list never disagree.
 */
export const useMyRooms = (q = "") => useQuery({ queryKey: chatKeys.roomSearch(q), queryFn: () => fetchMyRooms(q) });

/** The room of you and `otherUserId`, opened on first use (the call is idempotent). */
export const openRoom = (me: number, otherUserId: number) =>
  unwrap(api.post<Answer<typeof OpenRoomResponse>>(`${R}/room`, { user_id: me, other_user_id: otherUserId }));
export const useOpenRoom = (me: number | null, otherUserId: number | null) =>
  useQuery({
    queryKey: chatKeys.open(me, otherUserId),
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

export function useRoomMessages(roomId: number) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: chatKeys.roomMessages(roomId),
    queryFn: async ({ pageParam }) => {
      const page = await fetchPage(roomId, pageParam ?? undefined);
      // Reading the newest page marked the room read: the unread counts (list and badge) follow.
      if (!pageParam) void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
      return page;
    },
    initialPageParam: null as ChatMessage | null,
    getNextPageParam: (last: Page) => (last.has_more ? (last.model[0] ?? null) : null),
  });
}

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
  const uploaded = await unwrap(uploadWithProgress<Answer<typeof UploadResponse>>("/v2/api/lambda/upload", form, () => {}));
  return sendMessage({ room_id: roomId, message: uploaded.url, is_image: true });
}

export function useSendImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, file }: { roomId: number; file: File }) => sendImage(roomId, file),
    onSettled: () => refreshAfterSend(queryClient),
  });
}

export type Person = Answer<typeof AdminUserListResponse>["list"][number];
export const PEOPLE_SEARCH_MIN = 2;
const PEOPLE_SEARCH_LIMIT = 8;

/** Staff: active accounts (candidates and staff) whose name or email contains `q` (the admin users list). */
export const usePeopleSearch = (q: string) =>
  useQuery({
    queryKey: chatKeys.people(q),
    queryFn: ({ signal }) =>
      unwrap(
        api.get<Answer<typeof AdminUserListResponse>>("/v2/api/lambda/admin/users", {
          query: { q, status: "active", limit: PEOPLE_SEARCH_LIMIT, sort: "first_name", direction: "asc" },
          signal,
        }),
      ),
    enabled: q.length >= PEOPLE_SEARCH_MIN,
  });

/** The coaches a candidate booked (from their sessions), whom they may message. */
export const useBookedCoaches = () =>
  useQuery({
    queryKey: chatKeys.coaches,
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

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * One long poll after another for messages to `userId`: each answer refreshes the rooms and
 * messages, then the next poll starts after the newest id seen. A failure waits a few seconds.
 */
async function pollLoop(queryClient: QueryClient, userId: number, signal: AbortSignal) {
  let after: number | undefined;
  while (!signal.aborted) {
    let answer: PollAnswer;
    try {
      answer = await pollOnce(userId, after, signal);
    } catch {
      answer = { failed: true };
    }
    if (signal.aborted) return;
    if ("list" in answer && answer.list.length) {
      after = Math.max(...answer.list.map((m) => m.id));
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages });
      void queryClient.invalidateQueries({ queryKey: chatKeys.inbox });
    } else if ("failed" in answer) {
      await sleep(5_000, signal);
    } else if (after === undefined) {
      // Nothing came. Before the first message the poll starts "from now", so the list is read
      // again too (a message between two polls would otherwise wait for the next one).
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
    }
  }
}

/** The running poll of each person, shared by every part of the screen that wants it. */
const loops = new Map<number, { holders: number; stop: () => void }>();

/**
 * Keeps messages to you arriving without reload. However many parts of the screen ask for it
 * (a chat panel, a learner's conversation), one long poll runs per person in this tab, so they
 * never hold more polls than they need and all refresh the same rooms.
 */
export function useChatLive(userId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    let entry = loops.get(userId);
    if (!entry) {
      const controller = new AbortController();
      void pollLoop(queryClient, userId, controller.signal);
      entry = { holders: 0, stop: () => controller.abort() };
      loops.set(userId, entry);
    }
    const held = entry;
    held.holders += 1;
    return () => {
      held.holders -= 1;
      if (held.holders === 0) {
        held.stop();
        loops.delete(userId);
      }
    };
  }, [userId, queryClient]);
}

/** How often the navigation reads the unread total again (while the tab is in view). */
export const UNREAD_REFRESH_MS = 15_000;

/**
 * Your unread message total, kept current: what the navigation badge shows. It reads the same
 * rooms state as the chat screens (whose long poll refreshes it at once when a message comes),
 * and on its own every few seconds elsewhere: a poll held open on every page of every tab would
 * soon pass the server's limit of polls per person, and a page would never fall quiet.
 */
export function useUnreadTotal(): number {
  const rooms = useQuery({
    queryKey: chatKeys.roomSearch(""),
    queryFn: () => fetchMyRooms(),
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  return rooms.data?.messages ?? 0;
}
