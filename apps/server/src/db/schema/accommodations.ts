import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A candidate's exam accommodation (decision 30): timed quizzes and mock exams started while it is
 * in force (up to and including `ends_on`, in the candidate's time zone) get their time multiplied
 * by `extra_time_factor`, plus `break_minutes` of breaks. One per candidate; withdrawing deletes
 * it. Each quiz keeps what it was started with in its settings.
 */
export const accommodations = pgTable(
  "accommodation",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    extraTimeFactor: real("extra_time_factor").notNull(),
    breakMinutes: integer("break_minutes"),
    note: text("note").notNull().default(""),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("accommodation_factor_check", sql`${t.extraTimeFactor} IN (1.25, 1.5, 2)`),
    check("accommodation_break_check", sql`${t.breakMinutes} IS NULL OR ${t.breakMinutes} BETWEEN 1 AND 120`),
  ],
);
