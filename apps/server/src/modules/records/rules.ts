import { ne, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import sanitizeHtml from "sanitize-html";
import { accommodations } from "../../db/schema/accommodations.ts";
import {
  authSessions,
  authTokens,
  emailOutbox,
  emailTemplates,
  oauthRequests,
  photos,
  preferences,
  rateLimits,
  twoFactorState,
} from "../../db/schema/accounts.ts";
import { activityLog } from "../../db/schema/activity.ts";
import { analyticsConsents, analyticsEvents, analyticsSessions } from "../../db/schema/analytics.ts";
import { blogCategories, blogPostCategories, blogPosts, blogPostTags, blogTags } from "../../db/schema/blog.ts";
import { chatMembers, chatMessages, chatRooms, realtimeEvents, realtimePresence } from "../../db/schema/chat.ts";
import { coachProfiles } from "../../db/schema/coaching.ts";
import { cms, pages, schedule, userSessions } from "../../db/schema/content.ts";
import { assistantMessages, libraryDocuments, libraryReadingPositions, librarySections } from "../../db/schema/library.ts";
import { packages } from "../../db/schema/packages.ts";
import {
  stripeCharges,
  stripeCustomers,
  stripeInvoices,
  stripeOrders,
  stripePrices,
  stripeProducts,
  stripeSubscriptions,
  stripeWebhookEvents,
  testpayClock,
  testpayIdempotency,
  testpayObjects,
} from "../../db/schema/payments.ts";
import { pmBoards, pmCards, pmWorkspaces } from "../../db/schema/pm.ts";
import {
  answers,
  blueprints,
  calibrationRuns,
  itemCalibrations,
  itemFlags,
  offlinePacks,
  onboardingProfiles,
  questionReviews,
  questions,
  quizQuestions,
  quizStarts,
  quizzes,
  themes,
  trackAbilityPriors,
  tracks,
} from "../../db/schema/quiz.ts";
import { appSecrets, ownedRowCounts } from "../../db/schema/system.ts";
import { adminInvitations, users } from "../../db/schema/users.ts";

/**
 * Who may do what through the records API (/v4/api/records, /v1/api/..., /rest/.../EXPORT).
 *
 * One entry per exposed table: per operation, per role, which rows ("all", "own" = the caller's
 * rows by the table's `owner` column, "public" = rows matching `publicRows`); no entry = denied.
 * `read`/`write` list the fields (DB column names) a role may see and set. A table that is
 * neither here nor in INTERNAL_TABLES is admin-only; a test fails when a table has no decision.
 */
export type Role = "anonymous" | "user" | "admin";
export type Op = "list" | "view" | "create" | "update" | "delete" | "export";
export type Rows = "all" | "own" | "public";
type Fields = readonly string[] | "*";

export type TableRule = {
  table: PgTable;
  /** Column holding the owning user's id, for rows: "own" (forced to the caller on create). */
  owner?: string;
  /** column = value pairs of the rows anyone allowed "public" may see. */
  publicRows?: Record<string, string | number | boolean>;
  access: Partial<Record<Op, Partial<Record<Role, Rows>>>>;
  /** "*" = every column except the hidden ones. */
  read: Partial<Record<Role, Fields>>;
  /** Fields a role may set on create and update. */
  write: Partial<Record<Role, readonly string[]>>;
  /** Longest text accepted per field (default 10,000 characters). */
  maxLength?: Record<string, number>;
  /** Rewrites written values (rich text is sanitized here, before it is stored). */
  sanitize?: (values: Record<string, unknown>) => void;
  /** Rows that others still point to: deleting one answers 409 with `message` instead. */
  inUse?: { when: (id: PgColumn) => SQL; message: string };
  /** Extra assignments of an update, given the fields being changed. */
  onUpdate?: (changes: Record<string, unknown>) => Record<string, SQL>;
  /** Rows an update may not touch, given the caller and the fields being changed (ANDed in). */
  updateGuard?: (callerId: number | null, changes: Record<string, unknown>) => SQL | undefined;
};

export const ROLES: readonly Role[] = ["anonymous", "user", "admin"];
export const OPS: readonly Op[] = ["list", "view", "create", "update", "delete", "export"];

/** Never readable, writable, filterable or orderable, for anyone, whatever a rule says. */
export function isHiddenField(name: string): boolean {
  return /password|secret|token|_hash$|^role$|provider|stripe_customer|stripe_id/i.test(name);
}

/** Tables the records API does not know at all (answers 404 "Unknown table", admins included). */
export const INTERNAL_TABLES: readonly PgTable[] = [
  appSecrets,
  // Per-owner row totals, kept by database triggers; pages read them (decision 12).
  ownedRowCounts,
  adminInvitations,
  // One-time tokens, counters and two-factor state: only the auth calls touch them.
  authTokens,
  authSessions,
  oauthRequests,
  rateLimits,
  twoFactorState,
  // Coaches' profiles and availability: served by the scheduling calls.
  coachProfiles,
  // Private conversations and realtime state: only the chat and channel calls, which check membership.
  chatRooms,
  chatMembers,
  chatMessages,
  realtimeEvents,
  realtimePresence,
  // Recorded sessions: the analytics calls take consented, scrubbed batches and show a person
  // their own sessions and staff the figures; no generic read may reach events or page copies.
  analyticsConsents,
  analyticsSessions,
  analyticsEvents,
  // Read and written through the `preference` calls.
  preferences,
  // What staff changed: written by the services that make each change, read through the activity calls.
  activityLog,
  // Exam accommodations: granted by staff through their own calls, which log each change.
  accommodations,
  // The quiz engine's own tables: questions carry their keys and answers their scoring, which
  // no client may read before it submits. The quiz and question-bank calls serve them.
  blueprints,
  questions,
  quizzes,
  quizQuestions,
  answers,
  onboardingProfiles,
  questionReviews,
  quizStarts,
  // Practice packs name the questions whose keys went to a candidate's device (decision 32).
  offlinePacks,
  itemCalibrations,
  calibrationRuns,
  // Each track's distribution of ability, estimated by the calibration job (decision 38).
  trackAbilityPriors,
  // The item review queue's flags and their evidence: staff decide through the question-bank calls.
  itemFlags,
  // Payments: the mirror of the card provider's objects is served by the payment calls, which
  // check whose they are; the test-mode provider's own state is nobody else's business.
  stripeProducts,
  stripeCustomers,
  stripeSubscriptions,
  stripeInvoices,
  stripeCharges,
  stripeOrders,
  stripeWebhookEvents,
  testpayObjects,
  testpayIdempotency,
  testpayClock,
  // The document library: its calls decide per section what a reader's plan opens (locked text
  // never leaves the server), so no generic read may reach the sections. Reading positions and
  // assistant conversations are the reader's own, served by the library and assistant calls.
  libraryDocuments,
  librarySections,
  libraryReadingPositions,
  assistantMessages,
  // The blog: drafts and scheduled posts are staff-only until their time, which the blog calls
  // decide (/v2/api/lambda/blog/...); bodies are sanitized there.
  blogPosts,
  blogCategories,
  blogTags,
  blogPostCategories,
  blogPostTags,
  // Study-plan workspaces, boards and cards: the pm calls scope them to their owner (and staff).
  pmWorkspaces,
  pmBoards,
  pmCards,
];

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2"],
  allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "title", "width", "height"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
};
export const sanitizeRichText = (html: string) => sanitizeHtml(html, RICH_TEXT);

const everyone = { anonymous: "all", user: "all", admin: "all" } as const;
/** What a plan card shows; staff see every column. */
const PACKAGE_FIELDS = [
  "id",
  "slug",
  "name",
  "description",
  "features",
  "quizzes_per_week",
  "library_tier",
  "coaching_sessions_per_month",
  "display_order",
  "is_default",
] as const;
const PRICE_FIELDS = [
  "id",
  "name",
  "product_id",
  "is_usage_metered",
  "usage_limit",
  "amount",
  "currency",
  "trial_days",
  "type",
  "interval",
  "interval_count",
  "status",
  "create_at",
  "update_at",
] as const;

/** Reference data anyone may read and only the feature's own calls change. */
const readOnlyForAll = (table: PgTable): TableRule => ({
  table,
  access: { list: everyone, view: everyone, export: admin },
  read: { anonymous: "*", user: "*", admin: "*" },
  write: {},
});
const publicToAll = { anonymous: "public", user: "public", admin: "all" } as const;
const ownOrAll = { user: "own", admin: "all" } as const;

const admin = { admin: "all" } as const;

export const RULES: Record<string, TableRule> = {
  cms: {
    table: cms,
    access: { list: everyone, view: everyone, create: admin, update: admin, delete: admin, export: admin },
    read: { anonymous: "*", user: "*", admin: "*" },
    write: { admin: ["page", "key", "type", "value"] },
    maxLength: { value: 100_000 },
    sanitize: (v) => {
      if (v.type === "rich_text" && typeof v.value === "string") v.value = sanitizeRichText(v.value);
    },
  },

  pages: {
    table: pages,
    publicRows: { published: true },
    access: { list: publicToAll, view: publicToAll, create: admin, update: admin, delete: admin, export: admin },
    read: { anonymous: ["id", "slug", "title", "body", "updated_at"], user: ["id", "slug", "title", "body", "updated_at"], admin: "*" },
    write: { admin: ["slug", "title", "body", "published"] },
    maxLength: { body: 200_000 },
    sanitize: (v) => {
      if (typeof v.body === "string") v.body = sanitizeRichText(v.body);
    },
  },

  packages: {
    table: packages,
    // Subscribers keep the plan they pay for: archive a package instead of deleting it.
    inUse: {
      when: (id) =>
        sql`EXISTS (SELECT 1 FROM ${stripeSubscriptions} s JOIN ${stripePrices} p ON p.id = s.price_id JOIN ${stripeProducts} pr ON pr.id = p.product_id WHERE pr.package_id = ${id} AND s.status IN ('active', 'trialing', 'past_due', 'incomplete', 'unpaid'))`,
      message: "This package has subscribers: archive it instead",
    },
    publicRows: { status: "active" },
    access: { list: publicToAll, view: publicToAll, create: admin, update: admin, delete: admin, export: admin },
    read: { anonymous: PACKAGE_FIELDS, user: PACKAGE_FIELDS, admin: "*" },
    // is_default is not writable: exactly one default package is an invariant of the seed.
    write: {
      admin: [
        "slug",
        "name",
        "description",
        "features",
        "quizzes_per_week",
        "library_tier",
        "coaching_sessions_per_month",
        "status",
        "display_order",
      ],
    },
  },

  // Meetings: people keep their own, staff all. A coaching booking (a row with a coach) is made,
  // moved and cancelled through the scheduling calls, which keep availability, credits and mails
  // right: here its note may change, its times and its existence may not (decision 16). Rows
  // written here have no coach, so they spend no credit and block no coach's time.
  schedule: {
    table: schedule,
    owner: "user_id",
    access: { list: ownOrAll, view: ownOrAll, create: ownOrAll, update: ownOrAll, delete: ownOrAll, export: admin },
    read: { user: "*", admin: "*" },
    write: {
      user: ["meeting_start", "meeting_end", "meeting_details"],
      admin: ["user_id", "meeting_start", "meeting_end", "meeting_details"],
    },
    updateGuard: (_caller, changes) =>
      "meeting_start" in changes || "meeting_end" in changes || "user_id" in changes ? sql`${schedule.coachId} IS NULL` : undefined,
    inUse: {
      when: (id) => sql`EXISTS (SELECT 1 FROM ${schedule} s WHERE s.id = ${id} AND s.coach_id IS NOT NULL AND s.status = 'booked')`,
      message: "This is a booked coaching session: cancel it from the coaching screen instead",
    },
  },

  // Read-only here: a recording is made only through the session-analytics calls, which ask for
  // consent first and scrub what was typed (README "Session analytics"). Staff may delete one.
  user_session: {
    table: userSessions,
    owner: "user_id",
    access: { list: ownOrAll, view: ownOrAll, delete: admin, export: admin },
    read: { user: "*", admin: "*" },
    write: {},
  },

  // The spec's price table: prices on sale are public; staff see archived ones too. Prices are
  // created and changed through the payment calls, which keep the card provider in step.
  stripe_price: {
    table: stripePrices,
    publicRows: { status: 1 },
    access: { list: publicToAll, view: publicToAll, export: admin },
    read: { anonymous: PRICE_FIELDS, user: PRICE_FIELDS, admin: PRICE_FIELDS },
    write: {},
  },

  // Career tracks and exam themes: public reference data; staff change them through the question bank.
  track: readOnlyForAll(tracks),
  theme: readOnlyForAll(themes),

  // Transactional email templates: staff edit them; HTML is the mail's own (previewed sandboxed).
  email: {
    table: emailTemplates,
    access: { list: admin, view: admin, create: admin, update: admin, delete: admin, export: admin },
    read: { admin: "*" },
    write: { admin: ["slug", "name", "subject", "html", "text", "placeholders"] },
    maxLength: { html: 200_000, text: 100_000, subject: 300 },
  },

  // What was sent, to whom, and whether it arrived: staff read it; only the mail worker writes.
  email_outbox: {
    table: emailOutbox,
    access: { list: admin, view: admin, export: admin },
    read: { admin: "*" },
    write: {},
  },

  // Uploaded files: staff see all (the photo library) and change captions; a person sees their own.
  // Files are added and removed through the upload calls, which also handle the stored file.
  photo: {
    table: photos,
    owner: "user_id",
    access: { list: ownOrAll, view: ownOrAll, update: admin, export: admin },
    read: { user: ["id", "user_id", "url", "original_name", "mime", "size", "caption", "width", "height", "created_at"], admin: "*" },
    write: { admin: ["caption"] },
    maxLength: { caption: 300 },
  },

  // Accounts: created and given roles, emails and passwords only through the auth calls.
  user: {
    table: users,
    owner: "id",
    access: { list: admin, view: ownOrAll, update: admin, export: admin },
    read: {
      user: ["id", "email", "first_name", "last_name", "photo", "time_zone", "created_at"],
      admin: [
        "id",
        "email",
        "first_name",
        "last_name",
        "photo",
        "time_zone",
        "status",
        "email_verified",
        "two_factor_enabled",
        "last_sign_in_at",
        "created_at",
        "updated_at",
      ],
    },
    // last_sign_in_at is written by sign-ins alone: readable by staff, writable by no one.
    write: { admin: ["first_name", "last_name", "time_zone", "status"] },
    maxLength: { first_name: 100, last_name: 100, time_zone: 64 },
    // A status change (disabling an account) revokes every token the account holds.
    onUpdate: (changes): Record<string, SQL> => ("status" in changes ? { token_version: sql`${users.tokenVersion} + 1` } : {}),
    // No one disables their own account (so the last admin cannot lock everyone out).
    updateGuard: (callerId, changes) => ("status" in changes ? ne(users.id, callerId ?? 0) : undefined),
  },
};

/**
 * Tables whose per-owner row totals the database keeps in `owned_row_count` (triggers of migration
 * 0010, decision 12): those a person pages through their own rows of. A person's unfiltered page
 * reads its `total` there instead of counting. A test fails when one of them lacks its triggers.
 */
export const OWNED_ROW_COUNTED: ReadonlySet<string> = new Set(
  Object.entries(RULES)
    .filter(([, rule]) => rule.owner === "user_id" && rule.access.list?.user === "own")
    .map(([name]) => name),
);
