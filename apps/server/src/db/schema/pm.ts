import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** A person's workspace (project management): a candidate's holds their study plan board. */
export const pmWorkspaces = pgTable(
  "pm_workspace",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pm_workspace_owner_idx").on(t.ownerId)],
);

/** A board of a workspace: its cards sit in the columns to study, studying and ready. */
export const pmBoards = pgTable(
  "pm_board",
  {
    id: serial("id").primaryKey(),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => pmWorkspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pm_board_workspace_idx").on(t.workspaceId)],
);

/**
 * A card: what to study, as a kind and a reference (a theme slug, a library section, a coaching
 * booking) with its title; `position` orders the cards of a column from 0.
 */
export const pmCards = pgTable(
  "pm_card",
  {
    id: serial("id").primaryKey(),
    boardId: integer("board_id")
      .notNull()
      .references(() => pmBoards.id, { onDelete: "cascade" }),
    column: text("column", { enum: ["to_study", "studying", "ready"] })
      .notNull()
      .default("to_study"),
    position: integer("position").notNull().default(0),
    kind: text("kind", { enum: ["theme", "library", "coaching", "note"] }).notNull(),
    ref: text("ref").notNull(),
    title: text("title").notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pm_card_ref_key").on(t.boardId, t.kind, t.ref), index("pm_card_column_idx").on(t.boardId, t.column, t.position)],
);
