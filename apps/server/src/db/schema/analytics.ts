import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Whether a person agreed to have their sessions recorded (no row: not asked yet). */
export const analyticsConsents = pgTable("analytics_consent", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  granted: boolean("granted").notNull(),
  decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A recorded browser session (the spec's session-analytics record): one row per `session_id`,
 * its events in `analytics_event`. `html_copy` is the page as last sent, inputs emptied in the
 * browser and scrubbed again here.
 */
export const analyticsSessions = pgTable(
  "analytics_session",
  {
    id: serial("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["active", "ended"] })
      .notNull()
      .default("active"),
    screenWidth: integer("screen_width").notNull(),
    screenHeight: integer("screen_height").notNull(),
    screenSize: text("screen_size", { enum: ["small", "medium", "large"] }).notNull(),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }),
    htmlCopy: text("html_copy"),
    eventCount: integer("event_count").notNull().default(0),
    /** Last time a batch arrived: retention counts from here. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("analytics_session_session_id_key").on(t.sessionId),
    index("analytics_session_user_idx").on(t.userId, t.startTime),
    index("analytics_session_start_idx").on(t.startTime),
    index("analytics_session_last_seen_idx").on(t.lastSeenAt),
  ],
);

export type StoredEventData = Record<string, string | number | boolean>;

export const analyticsEvents = pgTable(
  "analytics_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sessionPk: integer("session_pk")
      .notNull()
      .references(() => analyticsSessions.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["pageview", "click", "input", "scroll", "resize", "visibility"] }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    path: text("path").notNull(),
    target: text("target"),
    data: jsonb("data").$type<StoredEventData>(),
  },
  (t) => [index("analytics_event_session_idx").on(t.sessionPk, t.at), index("analytics_event_at_idx").on(t.at)],
);
