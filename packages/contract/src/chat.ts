import { z } from "zod";
import { CHAT_MESSAGE_MAX_LENGTH } from "./constants.ts";
import { STAFF_ROLES } from "./staff.ts";

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const Instant = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- chat (spec: /v3/api/lambda/realtime/*)

/** `POST room`: open (or find) the room of `user_id` (you) and `other_user_id`. */
export const OpenRoomRequest = z.strictObject({ user_id: Id, other_user_id: Id });
export const OpenRoomResponse = z.object({ error: z.literal(false), room_id: z.number().int(), chat_id: z.number().int() });

/** A room as its member sees it: the other person, the newest message and how many are unread. */
export const ChatRoom = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  chat_id: z.number().int(),
  other_user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  role: z.enum(["user", "admin"]),
  unread: z.number().int(),
  last_message: z.string().nullable(),
  last_message_is_image: z.boolean(),
  last_message_at: z.string().nullable(),
  /** Whether the other person has the app open now (any instance). */
  online: z.boolean(),
});
export type ChatRoom = z.infer<typeof ChatRoom>;

/** `GET room/my`: your rooms, unread first, then newest; `q` searches the other person's name or email. */
export const MyRoomsQuery = z.strictObject({ q: z.string().trim().max(200).optional() });
/** `messages`: unread messages over all your rooms (the global "rooms" badge). */
export const MyRoomsResponse = z.object({ error: z.literal(false), list: z.array(ChatRoom), messages: z.number().int() });

export const RoomQuery = z.strictObject({ room_id: Id });
export const RoomResponse = z.object({ error: z.literal(false), model: ChatRoom });

export const ChatMessage = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  chat_id: z.number().int(),
  message: z.string(),
  user_id: z.number().int(),
  /**
   * Who sent it, as a name: in a shared-inbox conversation support or an administrator may answer
   * a candidate's room with a coach, and their messages say so.
   */
  sender_name: z.string(),
  is_image: z.boolean(),
  timestamp: z.string(),
  /** The conversation the message belongs to (one per room: the room id). */
  thread: z.number().int(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/**
 * `POST chat`: one page of a room's messages, older than `date` (all the newest when absent),
 * oldest first. `before_id` breaks ties between messages of the same instant.
 */
export const ChatPageRequest = z.strictObject({
  room_id: Id,
  chat_id: Id.optional(),
  date: Instant.optional(),
  before_id: Id.optional(),
});
export const ChatPageResponse = z.object({ error: z.literal(false), model: z.array(ChatMessage), has_more: z.boolean() });

const MessageText = z
  .string()
  .max(CHAT_MESSAGE_MAX_LENGTH, `A message has at most ${CHAT_MESSAGE_MAX_LENGTH} characters`)
  .refine((s) => s.trim().length > 0, "Write a message first");

/** `POST send`: a text message, or (`is_image`) the address of an image you uploaded. */
export const SendMessageRequest = z.strictObject({
  room_id: Id,
  chat_id: Id.optional(),
  message: MessageText,
  is_image: z.boolean().default(false),
});
export const SendMessageResponse = z.object({ error: z.literal(false), message: z.literal("updated"), model: ChatMessage });

/** `GET room/poll?user_id`: waits for a message to you newer than `after` (a message id; default: from now). */
export const RoomPollQuery = z.strictObject({ user_id: Id, after: z.coerce.number().int().min(0).max(2_147_483_647).optional() });
export const RoomPollResponse = z.object({ error: z.literal(false), model: ChatMessage, list: z.array(ChatMessage) });

// ---------------------------------------------------------------- shared inbox (staff with `chat.all`)

/** Whose conversations the inbox lists: yours, nobody's yet, or all of them. */
export const INBOX_ASSIGNEE_FILTERS = ["anyone", "me", "unassigned"] as const;
export type InboxAssigneeFilter = (typeof INBOX_ASSIGNEE_FILTERS)[number];

/** `GET inbox`: conversations of candidates with staff, unassigned first, then by latest message. */
export const InboxQuery = z.strictObject({
  assignee: z.enum(INBOX_ASSIGNEE_FILTERS).default("anyone"),
  /** The candidate's or the staff member's name or email contains this. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type InboxQuery = z.infer<typeof InboxQuery>;

/** A conversation of a candidate with a staff member, as the shared inbox lists it. */
export const InboxConversation = z.object({
  room_id: z.number().int(),
  candidate_id: z.number().int(),
  candidate_name: z.string(),
  candidate_email: z.string(),
  /** The staff member in the room (a coach, support, an administrator). */
  staff_id: z.number().int(),
  staff_name: z.string(),
  staff_role: z.enum(STAFF_ROLES).nullable(),
  /** Who answers it; null while unassigned. */
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  assigned_at: z.string().nullable(),
  last_message: z.string().nullable(),
  last_message_is_image: z.boolean(),
  last_message_at: z.string().nullable(),
  /** The candidate wrote last: the conversation waits for an answer. */
  is_waiting: z.boolean(),
});
export type InboxConversation = z.infer<typeof InboxConversation>;

/** A staff member a conversation can be assigned to (active staff with `chat.all`). */
export const InboxAssignee = z.object({ id: z.number().int(), name: z.string(), staff_role: z.enum(STAFF_ROLES) });
export type InboxAssignee = z.infer<typeof InboxAssignee>;

export const InboxResponse = z.object({
  error: z.literal(false),
  list: z.array(InboxConversation),
  total: z.number().int(),
  limit: z.number().int(),
  num_pages: z.number().int(),
  page: z.number().int(),
  /** Who a conversation can be assigned to (besides a coach, to their own conversation). */
  assignees: z.array(InboxAssignee),
  /** Conversations assigned to you that wait for an answer (the inbox badge). */
  mine_waiting: z.number().int(),
});

/** `POST inbox/assign`: give a conversation to a staff member, or (`assignee_id: null`) unassign it. */
export const InboxAssignRequest = z.strictObject({ room_id: Id, assignee_id: Id.nullable() });
export const InboxAssignResponse = z.object({ error: z.literal(false), message: z.string(), model: InboxConversation });

// ---------------------------------------------------------------- channels (spec: /v2/api/lambda/subscription/channel/*)

/** `user:<your id>`, `room:<a room of yours>` or `announcements`. */
export const ChannelName = z
  .string()
  .trim()
  .min(1, "Name a channel")
  .max(64)
  .regex(/^(user:\d{1,10}|room:\d{1,10}|announcements)$/, "Channels are user:<id>, room:<id> or announcements");

export const ChannelRequest = z.strictObject({ room: ChannelName });
export const ChannelQuery = z.strictObject({ room: ChannelName, after: z.coerce.number().int().min(0).optional() });
export const ChannelSendRequest = z.strictObject({
  room: ChannelName,
  payload: z.union([z.string(), z.record(z.string(), z.unknown())]),
});

export const ChannelEvent = z.object({
  id: z.number().int(),
  room: z.string(),
  user_id: z.number().int().nullable(),
  payload: z.unknown(),
  timestamp: z.string(),
});
export type ChannelEvent = z.infer<typeof ChannelEvent>;
export const ChannelPollResponse = z.object({ error: z.literal(false), list: z.array(ChannelEvent) });
export const ChannelOnlineResponse = z.object({
  error: z.literal(false),
  list: z.array(z.object({ user_id: z.number().int(), first_name: z.string(), last_name: z.string() })),
});

/** A channel's `send`: the event as it was stored and sent to everyone polling the channel. */
export const ChannelSendResponse = z.object({ error: z.literal(false), message: z.string(), model: ChannelEvent });
export type ChannelSendResponse = z.infer<typeof ChannelSendResponse>;
