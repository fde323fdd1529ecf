import { boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** A weekly opening: `day` 0 = Sunday … 6 = Saturday; minutes after local midnight, end excluded. */
export type WeeklyHours = { day: number; start: number; end: number };
/** One date's hours instead of the weekly ones; no ranges = a day off. */
export type DateOverride = { date: string; ranges: { start: number; end: number }[] };

/**
 * A staff account that coaches: what candidates see, and the rules its slots follow. Times of
 * day are in the coach's own `time_zone`; bookings are kept in UTC (decision 16).
 */
export const coachProfiles = pgTable("coach_profile", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bio: text("bio").notNull().default(""),
  photo: text("photo"),
  tracks: jsonb("tracks").$type<string[]>().notNull().default([]),
  themes: jsonb("themes").$type<string[]>().notNull().default([]),
  languages: jsonb("languages").$type<string[]>().notNull().default([]),
  meetingLink: text("meeting_link"),
  meetingPlace: text("meeting_place"),
  timeZone: text("time_zone").notNull().default("UTC"),
  sessionMinutes: integer("session_minutes").notNull().default(45),
  bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
  bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(15),
  minNoticeMinutes: integer("min_notice_minutes").notNull().default(720),
  horizonDays: integer("horizon_days").notNull().default(60),
  dailyCap: integer("daily_cap").notNull().default(4),
  cancelNoticeHours: integer("cancel_notice_hours").notNull().default(24),
  rescheduleNoticeHours: integer("reschedule_notice_hours").notNull().default(12),
  weekly: jsonb("weekly").$type<WeeklyHours[]>().notNull().default([]),
  overrides: jsonb("overrides").$type<DateOverride[]>().notNull().default([]),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
