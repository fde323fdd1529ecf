import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A conversation between two people (a candidate and their coach, or a candidate and staff).
 * `low_user_id` < `high_user_id`, so one pair has one room (decision 17). A room of a candidate
 * and a staff member is in the shared inbox, where `assignee_id` is the staff member who answers
 * it (null: unassigned; decision 27).
 */
export const chatRooms = pgTable(
  "chat_room",
  {
    id: serial("id").primaryKey(),
    lowUserId: integer("low_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    highUserId: integer("high_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    assigneeId: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_room_pair_key").on(t.lowUserId, t.highUserId),
    index("chat_room_high_idx").on(t.highUserId),
    index("chat_room_assignee_idx").on(t.assigneeId, t.lastMessageAt),
    check("chat_room_ordered_pair", sql`${t.lowUserId} < ${t.highUserId}`),
  ],
);

/** One member's side of a room: what they read last, and the unread-message mail waiting or sent. */
export const chatMembers = pgTable(
  "chat_member",
  {
    roomId: integer("room_id")
      .notNull()
      .references(() => chatRooms.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The newest message id the member has seen (0 = none). */
    lastReadId: integer("last_read_id").notNull().default(0),
    /** The mail queued (or sent) for messages that arrived while away; cleared when the member reads. */
    notifyMailId: integer("notify_mail_id"),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index("chat_member_user_idx").on(t.userId)],
);

/** A message of a room: text, or the address of an uploaded image. */
export const chatMessages = pgTable(
  "chat_message",
  {
    id: serial("id").primaryKey(),
    roomId: integer("room_id")
      .notNull()
      .references(() => chatRooms.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    isImage: boolean("is_image").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_message_room_time_idx").on(t.roomId, t.createdAt, t.id)],
);

/**
 * Who is on a realtime channel: a row per (channel, user) refreshed by every poll or stream
 * heartbeat, gone after `expires_at`. Kept in the database so every instance sees it.
 */
export const realtimePresence = pgTable(
  "realtime_presence",
  {
    channel: text("channel").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.userId] }), index("realtime_presence_user_idx").on(t.userId)],
);

/** What was sent on a generic channel, kept a short while so a poller that was between two polls misses nothing. */
export const realtimeEvents = pgTable(
  "realtime_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channel: text("channel").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    payload: text("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("realtime_event_channel_idx").on(t.channel, t.id), index("realtime_event_time_idx").on(t.createdAt)],
);
