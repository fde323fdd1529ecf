import { z } from "zod";
import { ANALYTICS_MAX_EVENTS_PER_BATCH, ANALYTICS_MAX_HTML_COPY, ANALYTICS_SCREEN_SIZES } from "./constants.ts";

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
/** Milliseconds since 1970 (what `Date.now()` gives in the browser). */
const EpochMs = z.number().int().min(0).max(8_640_000_000_000);
const Text = (max: number) => z.string().max(max, `Use at most ${max} characters`);

export const ANALYTICS_EVENT_TYPES = ["pageview", "click", "input", "scroll", "resize", "visibility"] as const;
export const AnalyticsEventType = z.enum(ANALYTICS_EVENT_TYPES);
export const ScreenSize = z.enum(ANALYTICS_SCREEN_SIZES);

/**
 * One recorded event. Input events carry no value: the browser masks every input, textarea and
 * select before anything is sent (`masked: true`); the server scrubs every string again.
 */
export const AnalyticsEvent = z.strictObject({
  type: AnalyticsEventType,
  /** When it happened, ms since 1970. */
  at: EpochMs,
  /** The page's path (no query string). */
  path: Text(300),
  /** What it happened to: a short description of the element (`button "Save"`, `input#email`). */
  target: Text(200).optional(),
  /** Small extra facts: scroll depth, viewport size, visibility state. Keys and values are short. */
  data: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()]))
    .refine((d) => Object.keys(d).length <= 12, "At most 12 data fields per event")
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

/**
 * The session-analytics record of spec section 3 (user_id, session_id, status, events,
 * screen_width, screen_height, screen_size, start_time, end_time, html_copy), sent in batches:
 * each batch adds its events to the session named by `session_id`. A batch sent with
 * `navigator.sendBeacon` carries no Authorization header: it names its sender with
 * `ingest_token` (from `POST analytics/ingest-token`) instead.
 */
export const UserSessionBatch = z.strictObject({
  ingest_token: z.string().max(300).optional(),
  user_id: Id.optional(),
  session_id: z.uuid("session_id must be a UUID"),
  status: z.enum(["active", "ended"]).default("active"),
  events: z.array(AnalyticsEvent).max(ANALYTICS_MAX_EVENTS_PER_BATCH, `At most ${ANALYTICS_MAX_EVENTS_PER_BATCH} events per batch`),
  screen_width: z.number().int().min(1).max(20_000),
  screen_height: z.number().int().min(1).max(20_000),
  screen_size: ScreenSize.optional(),
  start_time: EpochMs,
  end_time: EpochMs.optional(),
  html_copy: Text(ANALYTICS_MAX_HTML_COPY).optional(),
});
export type UserSessionBatch = z.infer<typeof UserSessionBatch>;

export const UserSessionBatchAnswer = z.object({ error: z.literal(false), session_id: z.string(), accepted: z.number().int() });

export const IngestTokenAnswer = z.object({
  error: z.literal(false),
  token: z.string(),
  /** Seconds the token is good for. */
  expire_at: z.number().int(),
});

export const AnalyticsConsent = z.object({
  error: z.literal(false),
  /** null: the person has not been asked yet (the banner shows). */
  granted: z.boolean().nullable(),
  decided_at: z.string().nullable(),
});
export type AnalyticsConsent = z.infer<typeof AnalyticsConsent>;
export const SetAnalyticsConsentRequest = z.strictObject({ granted: z.boolean() });

export const UserSessionSummary = z.object({
  id: z.number().int(),
  session_id: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  status: z.enum(["active", "ended"]),
  screen_width: z.number().int(),
  screen_height: z.number().int(),
  screen_size: ScreenSize,
  start_time: z.string(),
  end_time: z.string().nullable(),
  event_count: z.number().int(),
  page_count: z.number().int(),
  first_path: z.string().nullable(),
});
export type UserSessionSummary = z.infer<typeof UserSessionSummary>;

export const UserSessionListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, "limit can be at most 100").default(20),
  /** Staff: one person's sessions. */
  user_id: Id.optional(),
});
export const UserSessionPage = z.object({
  error: z.literal(false),
  list: z.array(UserSessionSummary),
  total: z.number().int(),
  limit: z.number().int(),
  num_pages: z.number().int(),
  page: z.number().int(),
});
export type UserSessionPage = z.infer<typeof UserSessionPage>;

export const StoredAnalyticsEvent = z.object({
  id: z.number().int(),
  type: AnalyticsEventType,
  at: z.string(),
  path: z.string(),
  target: z.string().nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable(),
});
export type StoredAnalyticsEvent = z.infer<typeof StoredAnalyticsEvent>;

export const UserSessionDetail = z.object({
  error: z.literal(false),
  model: UserSessionSummary.extend({ html_copy: z.string().nullable(), events: z.array(StoredAnalyticsEvent) }),
});
export type UserSessionDetail = z.infer<typeof UserSessionDetail>;

export const UserSessionParams = z.strictObject({ id: Id });

export const DeletedSessionsAnswer = z.object({ error: z.literal(false), message: z.string(), deleted: z.number().int() });

export const AnalyticsOverviewQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(365, "days can be at most 365").default(30),
});
export const AnalyticsOverview = z.object({
  error: z.literal(false),
  days: z.number().int(),
  sessions_per_day: z.array(z.object({ day: z.string(), sessions: z.number().int(), people: z.number().int() })),
  pages: z.array(z.object({ path: z.string(), views: z.number().int(), sessions: z.number().int() })),
  screen_sizes: z.array(z.object({ screen_size: ScreenSize, sessions: z.number().int() })),
  /**
   * Candidates who signed up in the period, and how many of them went on to each step: finished
   * onboarding, submitted a first quiz, took a subscription. Each step counts only people who
   * reached the one before.
   */
  funnel: z.array(
    z.object({ step: z.enum(["signed_up", "onboarded", "first_quiz", "subscribed"]), label: z.string(), people: z.number().int() }),
  ),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverview>;
