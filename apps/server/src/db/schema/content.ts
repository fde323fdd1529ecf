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

/** Coaching meetings a user booked. */
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A person's meetings by id, and in time order (the calendar view).
  (t) => [index("schedule_user_id_idx").on(t.userId, t.id), index("schedule_user_start_idx").on(t.userId, t.meetingStart, t.id)],
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
