import { z } from "zod";
import { RowId } from "./common.ts";

/**
 * What staff changed, as the activity log keeps it. Each kind names the change; the record says
 * what it was made to (`record_table` is the record's type: `user`, `stripe_price`, `blog_post`, …).
 */
export const ACTIVITY_KINDS = [
  "account.email",
  "account.password",
  "account.role",
  "account.status",
  "account.two_factor_reset",
  "account.confirmed",
  "account.deleted",
  "account.accommodation",
  "payments.price",
  "payments.product",
  "payments.subscription_end",
  "content.publish",
  "content.unpublish",
  "content.delete",
  "settings.update",
  "chat.assign",
] as const;
export const ActivityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKind>;

/** How each kind reads on a screen. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  "account.email": "Email changed",
  "account.password": "Password changed",
  "account.role": "Role changed",
  "account.status": "Account enabled or disabled",
  "account.two_factor_reset": "Two-factor sign-in reset",
  "account.confirmed": "Email marked as confirmed",
  "account.deleted": "Account deleted",
  "account.accommodation": "Exam accommodation changed",
  "payments.price": "Price changed",
  "payments.product": "Product changed",
  "payments.subscription_end": "Subscription end changed",
  "content.publish": "Content published",
  "content.unpublish": "Content unpublished",
  "content.delete": "Content deleted",
  "settings.update": "Setting changed",
  "chat.assign": "Conversation assigned",
};

/** The types of record the log names, with how they read. */
export const ACTIVITY_RECORD_TABLES = {
  user: "Account",
  stripe_product: "Product",
  stripe_price: "Price",
  stripe_subscription: "Subscription",
  blog_post: "Blog post",
  library_document: "Library document",
  question: "Question",
  pages: "Page",
  cms: "CMS entry",
  email: "Email template",
  packages: "Package",
  photo: "Photo",
  blog_category: "Blog category",
  blog_tag: "Blog tag",
  coach_profile: "Coach settings",
  blueprint: "Track blueprint",
  chat_room: "Conversation",
} as const;
export type ActivityRecordTable = keyof typeof ACTIVITY_RECORD_TABLES;
export const ActivityRecordTable = z.enum(Object.keys(ACTIVITY_RECORD_TABLES) as [ActivityRecordTable, ...ActivityRecordTable[]]);

/** Fields before and after a change (only those that changed; never a secret). */
export const ActivityFields = z.record(z.string(), z.unknown()).nullable();

export const ActivityEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null once the staff account is deleted; `actor_email` still says who it was. */
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  actor_name: z.string(),
  kind: ActivityKind,
  record_table: z.string(),
  record_id: z.number().int(),
  /** The account the change concerns (the person, or a subscription's owner); null when none. */
  subject_user_id: z.number().int().nullable(),
  summary: z.string(),
  before: ActivityFields,
  after: ActivityFields,
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/** A day (`2026-05-01`, the whole day in UTC) or a moment with its offset. */
const DayOrMoment = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: "Must be a date (YYYY-MM-DD) or a date and time with its offset",
});

const ActivityFilter = z.strictObject({
  /** Who made the change. */
  actor_id: RowId.optional(),
  /** The account a change concerns. */
  subject_user_id: RowId.optional(),
  kind: ActivityKind.optional(),
  record_table: ActivityRecordTable.optional(),
  record_id: RowId.optional(),
  /** From this day or moment on (a day counts from its start, UTC). */
  from: DayOrMoment.optional(),
  /** Up to this day or moment (a day counts to its end, UTC). */
  to: DayOrMoment.optional(),
  direction: z.enum(["asc", "desc"]).default("desc"),
});

export const ActivityListQuery = ActivityFilter.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ActivityListQuery = z.infer<typeof ActivityListQuery>;

export const ActivityExportQuery = ActivityFilter;
export type ActivityExportQuery = z.infer<typeof ActivityExportQuery>;

export const ActivityListResponse = z.object({
  error: z.literal(false),
  list: z.array(ActivityEntry),
  total: z.number().int(),
  limit: z.number().int(),
  num_pages: z.number().int(),
  page: z.number().int(),
});

/** What a person sees of staff actions on their own account: what and when, by "Academy staff". */
export const OwnAccountActivity = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: ActivityKind,
  summary: z.string(),
  actor: z.string(),
});
export type OwnAccountActivity = z.infer<typeof OwnAccountActivity>;

export const OwnAccountActivityResponse = z.object({ error: z.literal(false), list: z.array(OwnAccountActivity) });

/** How staff are named to the person whose account they changed. */
export const STAFF_ACTOR_LABEL = "Academy staff";
