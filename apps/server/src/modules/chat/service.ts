import { type ChatMessage, type ChatRoom, RoomPollResponse } from "@academy/contract/chat";
import { CHAT_PAGE_SIZE } from "@academy/contract/constants";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { badRequest, forbidden, notFound } from "../../lib/http-error.ts";
import { type JsonText, jsonText } from "../../lib/json-text.ts";
import { can } from "../../lib/permissions.ts";
import type { Principal } from "../../plugins/auth.ts";
import { enqueueMail, withdrawMail } from "../mail/service.ts";
import * as realtime from "../realtime/service.ts";
import { isOwnImage } from "../uploads/service.ts";
import { answerableRoom } from "./inbox-service.ts";
import * as repo from "./repo.ts";

export type Deps = { db: Db; hub: realtime.Hub; publicUrl: string; emailDelayMs: number };

const notInRoom = () => forbidden("You are not in this room");

const messageOut = (m: repo.MessageRow): ChatMessage => ({
  id: m.id,
  room_id: m.roomId,
  chat_id: m.roomId,
  message: m.message,
  user_id: m.userId,
  sender_name: m.senderName,
  is_image: m.isImage,
  timestamp: m.createdAt.toISOString(),
  thread: m.roomId,
});

const roomOut = (r: repo.RoomRow, online: Set<number>): ChatRoom => ({
  id: r.roomId,
  room_id: r.roomId,
  chat_id: r.roomId,
  other_user_id: r.otherId,
  first_name: r.firstName,
  last_name: r.lastName,
  email: r.email,
  photo: r.photo,
  role: r.role,
  unread: r.unread,
  last_message: r.lastMessage,
  last_message_is_image: r.lastIsImage ?? false,
  last_message_at: r.lastMessageAt?.toISOString() ?? null,
  online: online.has(r.otherId),
});

/**
 * `POST room`: the room of you and another person, made on first use. Staff with `chat.all`
 * (administrators, support) open a room with anyone; other staff with colleagues and, a coach, with
 * the candidates who booked them; a candidate only with a coach they booked (or in a room staff
 * already opened).
 */
export async function openRoom({ db }: Deps, who: Principal, body: { user_id: number; other_user_id: number }) {
  if (body.user_id !== who.id) throw forbidden("You can only open rooms of your own");
  if (body.other_user_id === who.id) throw badRequest("Choose someone else to talk to", { other_user_id: "That is you" });
  const low = Math.min(who.id, body.other_user_id);
  const high = Math.max(who.id, body.other_user_id);
  const existing = await repo.findRoomByPair(db, low, high);
  if (existing) return { room_id: existing.id, chat_id: existing.id };
  const other = await repo.findUser(db, body.other_user_id);
  if (other?.status !== "active") throw notFound("No such person");
  if (who.role !== "admin") {
    if (other.role !== "admin") throw forbidden("You can only message your coach or staff support");
    if (!(await repo.hasBooked(db, who.id, other.id))) throw forbidden("You can message a coach once you have booked a session with them");
  } else if (!can(who, "chat.all") && other.role !== "admin") {
    if (!can(who, "coaching.own") || !(await repo.hasBooked(db, other.id, who.id)))
      throw forbidden("You can message colleagues and the candidates who booked you");
  }
  const roomId = await db.transaction((tx) => repo.insertRoom(tx, low, high, who.id));
  return { room_id: roomId, chat_id: roomId };
}

/** `GET room/my`: your rooms (unread first) and your unread total. */
export async function myRooms({ db, hub }: Deps, who: Principal, q?: string) {
  const rows = await repo.listRooms(db, who.id, q || undefined);
  const online = await realtime.onlineUsers(
    hub,
    rows.map((r) => r.otherId),
  );
  return { list: rows.map((r) => roomOut(r, online)), messages: await repo.countUnread(db, who.id) };
}

export async function getRoom({ db, hub }: Deps, who: Principal, roomId: number): Promise<ChatRoom> {
  const row = await repo.findRoom(db, who.id, roomId);
  if (!row) throw notInRoom();
  return roomOut(row, await realtime.onlineUsers(hub, [row.otherId]));
}

/** Marks the room read for the member and withdraws their unread-message mail if it is still waiting. */
async function markRead(db: Db, roomId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.markRead(tx, roomId, userId);
    if (before?.notifyMailId) await withdrawMail(tx, before.notifyMailId);
  });
}

/**
 * `POST chat`: a page of a room's messages older than `date` (the newest page when absent), oldest
 * first. Members read their room; staff with `chat.all` read any shared-inbox conversation.
 */
export async function page(deps: Deps, who: Principal, body: { room_id: number; date?: string; before_id?: number }) {
  const { db } = deps;
  const isMember = Boolean(await repo.findMember(db, body.room_id, who.id));
  if (!isMember && !(await answerableRoom(db, who, body.room_id))) throw notInRoom();
  const before = body.date ? { date: new Date(body.date), id: body.before_id } : undefined;
  const rows = await repo.messagesBefore(db, body.room_id, CHAT_PAGE_SIZE, before);
  const hasMore = rows.length > CHAT_PAGE_SIZE;
  // The newest page is what a reader sees: the room counts as read (for its members; the inbox keeps no read marks).
  if (!before && isMember) await markRead(db, body.room_id, who.id);
  return { model: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(messageOut), has_more: hasMore };
}

/**
 * `POST send`: a message to the room. The recipient gets one mail when it stays unread for the
 * delay, and no other until they read the room (once per away period). Staff with `chat.all`
 * answer any shared-inbox conversation: their message goes to the candidate, and the staff member
 * of the room sees it too.
 */
export async function send(deps: Deps, who: Principal, body: { room_id: number; message: string; is_image: boolean }) {
  const { db, hub } = deps;
  const isMember = Boolean(await repo.findMember(db, body.room_id, who.id));
  const inbox = isMember ? undefined : await answerableRoom(db, who, body.room_id);
  if (!isMember && !inbox) throw notInRoom();
  if (body.is_image) {
    if (!(await isOwnImage(db, who.id, body.message)))
      throw badRequest("Upload the image first, then send its address", { message: "Not an image you uploaded" });
  }
  await realtime.countSend(hub, who.id);
  const { message, recipient } = await db.transaction(async (tx) => {
    const message = await repo.insertMessage(tx, { roomId: body.room_id, userId: who.id, message: body.message, isImage: body.is_image });
    if (isMember) await repo.markRead(tx, body.room_id, who.id);
    const member = inbox
      ? await repo.findMember(tx, body.room_id, inbox.candidateId, true)
      : await repo.otherMember(tx, body.room_id, who.id, true);
    if (member && member.notifyMailId === null) {
      const [to, from] = await readTogether(tx, [() => repo.findUser(tx, member.userId), () => repo.findUser(tx, who.id)]);
      if (to && from && to.status === "active") {
        const mailId = await enqueueMail(
          tx,
          "chat-unread",
          to.email,
          {
            first_name: to.firstName,
            other_name: from.firstName || "Someone",
            preview: body.is_image ? "(an image)" : body.message.length > 200 ? `${body.message.slice(0, 200)}…` : body.message,
            chat_url: `${deps.publicUrl}${to.role === "admin" ? "/admin/chat" : "/user/get-coaching"}`,
          },
          { sendAt: new Date(Date.now() + deps.emailDelayMs) },
        );
        await repo.updateMember(tx, body.room_id, member.userId, { notifyMailId: mailId });
      }
    }
    return { message, recipient: member?.userId };
  });
  // After the commit: every instance's pollers of both people and of the room read it now.
  const alsoTold = inbox ? [`user:${inbox.staffId}`] : [];
  await realtime.publish(hub, ...(recipient ? [`user:${recipient}`] : []), ...alsoTold, `user:${who.id}`, `room:${body.room_id}`);
  return messageOut(message);
}

/**
 * `GET room/poll`: waits for a message to you after `after` (a message id; default: from now); 408
 * when none came. Answers the response's JSON text: every poll of this person woken by the same
 * message shares one read and one serialisation (a person may hold many, one per tab or device).
 */
export async function poll(
  deps: Deps,
  who: Principal,
  query: { user_id: number; after?: number },
  signal?: AbortSignal,
): Promise<JsonText> {
  const { db, hub } = deps;
  if (query.user_id !== who.id) throw forbidden("You can only poll your own messages");
  await realtime.heartbeat(hub, who.id);
  const from = query.after ?? (await realtime.shared(hub, `chat-last:${who.id}`, () => repo.lastMessageIdOf(db, who.id)));
  const found = await realtime.hold(
    hub,
    who.id,
    [`user:${who.id}`],
    () =>
      realtime.shared(hub, `chat:${who.id}:${from}`, async () => {
        const rows = await repo.messagesToUserAfter(db, who.id, from);
        if (rows.length === 0) return null;
        const list = rows.map(messageOut);
        return jsonText(RoomPollResponse, { error: false, model: list[0]!, list });
      }),
    signal,
  );
  if (found === null) throw realtime.pollTimeout();
  return found;
}
