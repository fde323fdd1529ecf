import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export type LibraryTier = "free" | "core" | "premium";

/**
 * A study document: loaded from `content/library` at start (origin `content`) or uploaded by
 * staff (origin `admin`). A content document staff edited becomes theirs (origin `admin`), so
 * the import never overwrites it.
 */
export const libraryDocuments = pgTable(
  "library_document",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    tracks: jsonb("tracks").$type<string[]>().notNull().default([]),
    themes: jsonb("themes").$type<string[]>().notNull().default([]),
    /** The lowest package library tier that opens it. */
    tier: text("tier", { enum: ["free", "core", "premium"] })
      .notNull()
      .default("free"),
    format: text("format", { enum: ["markdown", "pdf"] }).notNull(),
    status: text("status", { enum: ["published", "unpublished"] })
      .notNull()
      .default("published"),
    origin: text("origin", { enum: ["content", "admin"] })
      .notNull()
      .default("admin"),
    /** Markdown documents: the source text (downloaded as is). */
    source: text("source"),
    /** PDF documents: the stored upload (uploads module) and its name. */
    fileUploadId: integer("file_upload_id"),
    fileKey: text("file_key"),
    fileName: text("file_name"),
    fileSize: integer("file_size"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("library_document_slug_key").on(t.slug), index("library_document_status_idx").on(t.status, t.title)],
);

/**
 * One section of a document (a `##` heading of Markdown, a page of a PDF). `anchor` is stable:
 * quiz explanations cite `document#anchor`. The full-text `search` column (tsvector, GIN) is
 * added by a custom migration from `heading` and `body_text`.
 */
export const librarySections = pgTable(
  "library_section",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => libraryDocuments.id, { onDelete: "cascade" }),
    anchor: text("anchor").notNull(),
    heading: text("heading").notNull(),
    position: integer("position").notNull(),
    /** A section marked for a higher package than its document; null = the document's tier. */
    tier: text("tier", { enum: ["free", "core", "premium"] }),
    /** Plain text: what search and the assistant read. */
    bodyText: text("body_text").notNull(),
    /** Sanitized HTML (sanitize-html on write). */
    html: text("html").notNull(),
  },
  (t) => [
    uniqueIndex("library_section_anchor_key").on(t.documentId, t.anchor),
    index("library_section_document_idx").on(t.documentId, t.position),
  ],
);

/** Where each reader last was in each document. */
export const libraryReadingPositions = pgTable(
  "library_reading_position",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentId: integer("document_id")
      .notNull()
      .references(() => libraryDocuments.id, { onDelete: "cascade" }),
    anchor: text("anchor").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] })],
);

export type AssistantCitation = { n: number; document: string; documentTitle: string; anchor: string; heading: string; quote: string };

/** A candidate's conversation with the study assistant: theirs only, never logged elsewhere. */
export const assistantMessages = pgTable(
  "assistant_message",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    prompt: text("prompt").notNull(),
    answer: text("answer").notNull(),
    citations: jsonb("citations").$type<AssistantCitation[]>().notNull().default([]),
    /** Whether the library held an answer; "pending" while the answer is being made (the question's place in the day's quota is taken). */
    answered: text("answered", { enum: ["yes", "no", "pending"] }).notNull(),
    answerer: text("answerer").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("assistant_message_user_idx").on(t.userId, t.createdAt)],
);
