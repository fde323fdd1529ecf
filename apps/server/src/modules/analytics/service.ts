import type {
  AnalyticsConsent,
  AnalyticsOverview,
  UserSessionBatch,
  UserSessionDetail,
  UserSessionPage,
  UserSessionSummary,
} from "@academy/contract/analytics";
import type { Role } from "@academy/contract/common";
import { screenSizeOf } from "@academy/contract/constants";
import type { StaffRole } from "@academy/contract/staff";
import type { Db } from "../../db/client.ts";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http-error.ts";
import { startPeriodicPass } from "../../lib/periodic-pass.ts";
import { can } from "../../lib/permissions.ts";
import { rateWindow, tooManyRequests } from "../auth/service.ts";
import type { IngestTokens } from "./ingest-token.ts";
import * as repo from "./repo.ts";
import { scrubRecord, scrubText } from "./scrub.ts";

export type Viewer = { id: number; role: Role; tokenVersion: number; staffRole: StaffRole | null };
export type AnalyticsDeps = {
  db: Db;
  ingestTokens: IngestTokens;
  /** Batches a person may send a minute (shared by every instance). */
  ingestRateLimit: number;
};

/** Staff who read everyone's recorded sessions. */
const isStaff = (v: Viewer) => can(v, "analytics.read");
/** Events may be stamped up to this far ahead of the server's clock (a fast device clock). */
const CLOCK_SKEW_MS = 5 * 60_000;
/** How far back a batch may date its events: older than this is not a live session. */
const OLDEST_EVENT_MS = 7 * 24 * 3600_000;

// ---------------------------------------------------------------- consent and ingest token

export async function getConsent(db: Db, viewer: Viewer): Promise<AnalyticsConsent> {
  const row = await repo.findConsent(db, viewer.id);
  return { error: false, granted: row?.granted ?? null, decided_at: row?.decidedAt.toISOString() ?? null };
}

export async function setConsent(db: Db, viewer: Viewer, granted: boolean): Promise<AnalyticsConsent> {
  const row = await repo.saveConsent(db, viewer.id, granted);
  return { error: false, granted: row.granted, decided_at: row.decidedAt.toISOString() };
}

/** A token for the batches of this session; only for someone who agreed to be recorded. */
export async function issueIngestToken({ db, ingestTokens }: AnalyticsDeps, viewer: Viewer) {
  const consent = await repo.findConsent(db, viewer.id);
  if (!consent?.granted) throw forbidden("Session recording is off: agree to it first");
  return { error: false as const, token: ingestTokens.sign(viewer.id, viewer.tokenVersion), expire_at: ingestTokens.ttlSeconds };
}

// ---------------------------------------------------------------- ingest

/**
 * Who sent the batch, by their token: the bearer of a valid access token, or of a valid ingest
 * token in the body. Whether that account is still current and recording is checked by the
 * statement that stores the batch (`repo.storeBatch`), in the same round trip.
 */
function senderOf(
  { ingestTokens }: AnalyticsDeps,
  batch: UserSessionBatch,
  bearer: Viewer | null,
): { userId: number; tokenVersion: number } {
  if (bearer) return { userId: bearer.id, tokenVersion: bearer.tokenVersion };
  const claims = batch.ingest_token ? ingestTokens.verify(batch.ingest_token) : null;
  if (!claims) throw new HttpError(401, "The batch needs a valid ingest_token (or an Authorization header)", { code: "UNAUTHORIZED" });
  return { userId: claims.userId, tokenVersion: claims.tokenVersion };
}

/** Stores a batch of the session record: validated, bounded, scrubbed, attributed to its sender. */
export async function ingestBatch(deps: AnalyticsDeps, batch: UserSessionBatch, bearer: Viewer | null, now = Date.now()) {
  const { userId, tokenVersion } = senderOf(deps, batch, bearer);
  if (batch.user_id !== undefined && batch.user_id !== userId) throw forbidden("This batch is for another user");

  if (batch.start_time > now + CLOCK_SKEW_MS || batch.start_time < now - OLDEST_EVENT_MS)
    throw badRequest("start_time must be within the last 7 days", { start_time: "Out of range" });
  if (batch.end_time !== undefined && batch.end_time < batch.start_time)
    throw badRequest("end_time must not be before start_time", { end_time: "Before start_time" });
  const late = batch.events.findIndex((e) => e.at > now + CLOCK_SKEW_MS || e.at < batch.start_time - CLOCK_SKEW_MS);
  if (late >= 0) throw badRequest("Every event must happen between start_time and now", { [`events.${late}.at`]: "Out of range" });

  const events: repo.EventValues[] = batch.events.map((e) => ({
    type: e.type,
    at: new Date(e.at),
    path: scrubText(e.path),
    target: e.target === undefined ? null : scrubText(e.target),
    data: e.data ? scrubRecord(e.data) : null,
  }));
  // The batch is counted against the sender's limit by the statement that stores it.
  const window = rateWindow(60, now);
  const stored = await repo.storeBatch(
    deps.db,
    {
      sessionId: batch.session_id,
      userId,
      status: batch.status,
      screenWidth: batch.screen_width,
      screenHeight: batch.screen_height,
      // Derived from the width, so the figures group the same way whatever a client claims.
      screenSize: screenSizeOf(batch.screen_width),
      startTime: new Date(batch.start_time),
      endTime: batch.end_time === undefined ? null : new Date(batch.end_time),
      htmlCopy: batch.html_copy === undefined ? null : scrubText(batch.html_copy),
    },
    events,
    tokenVersion,
    { key: `analytics:${userId}`, windowStart: window.start, max: deps.ingestRateLimit },
  );
  if ("refused" in stored) {
    if (stored.refused === "limited") throw tooManyRequests(window.retryAfter);
    if (stored.refused === "stale") throw new HttpError(401, "The ingest token is no longer valid", { code: "UNAUTHORIZED" });
    throw forbidden(
      stored.refused === "not-recording" ? "Session recording is off for this account" : "This session belongs to another user",
    );
  }
  return { error: false as const, session_id: batch.session_id, accepted: events.length };
}

// ---------------------------------------------------------------- reading and deleting

function toSummary(row: repo.SummaryRow): UserSessionSummary {
  return {
    id: row.id,
    session_id: row.sessionId,
    user_id: row.userId,
    user_name: `${row.firstName} ${row.lastName}`.trim() || row.email,
    status: row.status,
    screen_width: row.screenWidth,
    screen_height: row.screenHeight,
    screen_size: row.screenSize,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime?.toISOString() ?? null,
    event_count: row.eventCount,
    page_count: row.pageCount,
    first_path: row.firstPath,
  };
}

/** GET user-sessions/data: your own sessions; staff see everyone's (or one person's with user_id). */
export async function listSessions(
  db: Db,
  viewer: Viewer,
  query: { page: number; limit: number; user_id?: number | undefined },
): Promise<UserSessionPage> {
  const userId = isStaff(viewer) ? query.user_id : viewer.id;
  const { rows, total } = await repo.pageSessions(db, userId, query.limit, (query.page - 1) * query.limit);
  return {
    error: false,
    list: rows.map(toSummary),
    total,
    limit: query.limit,
    num_pages: Math.max(1, Math.ceil(total / query.limit)),
    page: query.page,
  };
}

/** One session with its event timeline: the person's own, or any for staff (another's answers 404). */
export async function getSession(db: Db, viewer: Viewer, id: number): Promise<UserSessionDetail> {
  const row = await repo.findSession(db, id);
  if (!row || (row.userId !== viewer.id && !isStaff(viewer))) throw notFound("Session not found");
  const events = await repo.sessionEvents(db, row.id);
  return {
    error: false,
    model: {
      ...toSummary(row),
      html_copy: row.htmlCopy,
      events: events.map((e) => ({ id: e.id, type: e.type, at: e.at.toISOString(), path: e.path, target: e.target, data: e.data })),
    },
  };
}

/** A person deletes one of their own recorded sessions. */
export async function deleteSession(db: Db, viewer: Viewer, id: number) {
  const deleted = await repo.deleteSession(db, id, viewer.id);
  if (!deleted) throw notFound("Session not found");
  return { error: false as const, message: "Session deleted", deleted };
}

/** A person deletes every session recorded of them. */
export async function deleteAllSessions(db: Db, viewer: Viewer) {
  const deleted = await repo.deleteSessionsOf(db, viewer.id);
  return { error: false as const, message: deleted ? `${deleted} sessions deleted` : "No sessions to delete", deleted };
}

// ---------------------------------------------------------------- staff overview

const FUNNEL_LABELS = {
  signed_up: "Signed up",
  onboarded: "Finished onboarding",
  first_quiz: "Submitted a first quiz",
  subscribed: "Took a subscription",
} as const;

export async function overview(db: Db, days: number, now = Date.now()): Promise<AnalyticsOverview> {
  const since = new Date(now - days * 24 * 3600_000);
  const [perDay, pages, sizes, steps] = await Promise.all([
    repo.sessionsPerDay(db, since),
    repo.pageViews(db, since),
    repo.screenSizes(db, since),
    repo.funnel(db, since),
  ]);
  return {
    error: false,
    days,
    sessions_per_day: perDay,
    pages,
    screen_sizes: (["small", "medium", "large"] as const).map((size) => ({
      screen_size: size,
      sessions: sizes.find((s) => s.screenSize === size)?.sessions ?? 0,
    })),
    funnel: [
      { step: "signed_up", label: FUNNEL_LABELS.signed_up, people: steps.signedUp },
      { step: "onboarded", label: FUNNEL_LABELS.onboarded, people: steps.onboarded },
      { step: "first_quiz", label: FUNNEL_LABELS.first_quiz, people: steps.firstQuiz },
      { step: "subscribed", label: FUNNEL_LABELS.subscribed, people: steps.subscribed },
    ],
  };
}

// ---------------------------------------------------------------- retention

/** Deletes what is older than the retention period; safe to run on every instance at once. */
export const pruneSessions = (db: Db, retentionDays: number, now = Date.now()) =>
  repo.pruneBefore(db, new Date(now - retentionDays * 24 * 3600_000), 5000);

/** Runs the retention pass every `intervalMs` (and once soon after start); stop() ends it. */
export function startRetentionJob(db: Db, opts: { retentionDays: number; intervalMs: number; onError: (e: unknown) => void }) {
  return startPeriodicPass(() => pruneSessions(db, opts.retentionDays), opts);
}
