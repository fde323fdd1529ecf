import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Editable text blocks of the site's pages, one per (page, key). */
export const cms = pgTable(
  "cms",
  {
    id: serial("id").primaryKey(),
    page: text("page").notNull(),
    key: text("key").notNull(),
    type: text("type", { enum: ["text", "rich_text", "image", "number", "json"] })
      .notNull()
      .default("text"),
    value: text("value").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cms_page_key_key").on(t.page, t.key)],
);

/** Static pages (about, terms, ...): rich-text body, visible to everyone once published. */
export const pages = pgTable("pages", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  body: text("body").notNull().default(""),
  published: boolean("published").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Coaching meetings a user booked. A booking with a coach (`coach_id`) is made through the
 * scheduling calls; its blocked time (the session with the coach's buffers) never overlaps
 * another booked session of that coach: an exclusion constraint says so (custom migration,
 * decision 16).
 */
export const schedule = pgTable(
  "schedule",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    meetingStart: timestamp("meeting_start", { withTimezone: true }).notNull(),
    meetingEnd: timestamp("meeting_end", { withTimezone: true }).notNull(),
    meetingDetails: text("meeting_details").notNull().default(""),
    coachId: integer("coach_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["booked", "cancelled"] })
      .notNull()
      .default("booked"),
    /** The session widened by the coach's buffers when it was booked: what the constraint keeps apart. */
    blockedStart: timestamp("blocked_start", { withTimezone: true }),
    blockedEnd: timestamp("blocked_end", { withTimezone: true }),
    /** The month ("2026-12", UTC) whose credit the booking spent; a reschedule keeps it. */
    creditMonth: text("credit_month"),
    /** The candidate's time zone when booking (mails show times in it). */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** Bumped on every change, so calendars replace the invite (iCalendar SEQUENCE). */
    sequence: integer("sequence").notNull().default(0),
    /** The queued reminder mail, dropped when the session is cancelled or moved. */
    reminderMailId: integer("reminder_mail_id"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: integer("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A person's meetings by id, and in time order (the calendar view); a coach's by start. The
  // person's index in time order also carries `meeting_details` (INCLUDE, migration 0037, which
  // drizzle cannot say): a person's text filters are matched and counted from it alone (decision 36).
  (t) => [
    index("schedule_user_id_idx").on(t.userId, t.id),
    index("schedule_user_start_idx").on(t.userId, t.meetingStart, t.id),
    index("schedule_coach_start_idx").on(t.coachId, t.meetingStart),
    index("schedule_start_idx").on(t.meetingStart),
  ],
);

/** Session analytics: what a signed-in user did during one visit. */
export const userSessions = pgTable(
  "user_session",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    status: text("status").notNull().default("active"),
    events: jsonb("events").$type<unknown[]>().notNull().default([]),
    screenWidth: integer("screen_width"),
    screenHeight: integer("screen_height"),
    screenSize: text("screen_size"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp("end_time", { withTimezone: true }),
    /** A snapshot of the page; capped by the records API's rule for this table. */
    htmlCopy: text("html_copy"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_session_user_id_idx").on(t.userId, t.id)],
);
