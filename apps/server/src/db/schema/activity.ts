import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * What staff changed, written in the same transaction as the change (a change that fails leaves no
 * entry, an entry that cannot be written undoes the change). `before` and `after` hold the fields
 * that changed, never a secret: a new password is "password changed", without its hash.
 * `subject_user_id` is the account the change concerns (the person themselves, or the owner of a
 * subscription), so that person's own account page can list what staff did to it. Entries outlive
 * the staff member (`actor_id` is set null, `actor_email` keeps who it was) and the record.
 * Kept `ACTIVITY_RETENTION_DAYS`.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    kind: text("kind").notNull(),
    recordTable: text("record_table").notNull(),
    recordId: integer("record_id").notNull(),
    subjectUserId: integer("subject_user_id"),
    summary: text("summary").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("activity_log_at_idx").on(t.at),
    index("activity_log_actor_idx").on(t.actorId, t.at),
    index("activity_log_kind_idx").on(t.kind, t.at),
    index("activity_log_record_idx").on(t.recordTable, t.recordId, t.at),
    index("activity_log_subject_idx").on(t.subjectUserId, t.at),
  ],
);
