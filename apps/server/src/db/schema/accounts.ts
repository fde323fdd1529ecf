import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** A file sent with a mail; `content` is its text (calendar invites are text). */
export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * One-time tokens sent by email or handed out between login steps: stored as their SHA-256,
 * typed (a reset token never opens a magic login), used once, short-lived.
 */
export const authTokens = pgTable(
  "auth_token",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["reset", "magic", "verify", "two_factor"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** Hashed too: the short code mailed beside a reset link, or the address a verify link was mailed to. */
    codeHash: text("code_hash"),
    /** The role a magic link or pending 2FA login signs in as. */
    role: text("role", { enum: ["user", "admin"] }),
    /** Wrong codes given against this token (2FA): five void it. */
    failures: integer("failures").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_token_user_idx").on(t.userId, t.kind)],
);

/** Fixed-window counters shared by every instance on the database. */
export const rateLimits = pgTable(
  "rate_limit",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Two-factor state that is not on the user row: the last TOTP step accepted (each code once). */
export const twoFactorState = pgTable("two_factor_state", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastTimeStep: integer("last_time_step"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A person's preferences (free-form settings the web app keeps on the server). */
export const preferences = pgTable("preference", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  payload: jsonb("payload").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Transactional email templates; `{{name}}` placeholders are filled when sending. */
export const emailTemplates = pgTable("email", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  placeholders: jsonb("placeholders").$type<string[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every mail the app sends goes through here: written with its cause, delivered by a worker. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    templateSlug: text("template_slug"),
    /** Files sent with the mail (calendar invites), their content as text. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

/** Uploaded files (the admin photo library lists these). */
export const photos = pgTable(
  "photo",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    originalName: text("original_name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    caption: text("caption"),
    width: integer("width"),
    height: integer("height"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("photo_user_idx").on(t.userId)],
);

/** A sign-in started at an OpenID Connect provider: the state (hashed), PKCE verifier and nonce to check on return. */
export const oauthRequests = pgTable("oauth_request", {
  id: serial("id").primaryKey(),
  stateHash: text("state_hash").notNull().unique(),
  provider: text("provider").notNull(),
  role: text("role", { enum: ["user", "admin"] }).notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A signed-in session (decision 28): what renews its access tokens. The refresh token is stored as
 * its SHA-256 and rotates at every renewal; the one it replaced is kept so that its reuse (a copy
 * in someone else's hands) is recognised and ends the session. The session stands while the
 * account keeps `token_version`, it is renewed before `idle_expires_at`, and it is not revoked.
 */
export const authSessions = pgTable(
  "auth_session",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The account's token version when the session opened: a later bump (logout, password, role) ends it. */
    tokenVersion: integer("token_version").notNull(),
    refreshHash: text("refresh_hash").notNull().unique(),
    previousRefreshHash: text("previous_refresh_hash"),
    /** When the current refresh token replaced the previous one (a renewal retried at once is no theft). */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp("idle_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("auth_session_user_idx").on(t.userId), index("auth_session_previous_idx").on(t.previousRefreshHash)],
);
