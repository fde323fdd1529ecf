import { and, asc, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { countInWindowSql } from "../../db/attempt-count.ts";
import type { Db } from "../../db/client.ts";
import { preparedRows } from "../../db/prepared-sql.ts";
import { analyticsConsents, analyticsEvents, analyticsSessions, type StoredEventData } from "../../db/schema/analytics.ts";
import { stripeSubscriptions } from "../../db/schema/payments.ts";
import { onboardingProfiles, quizzes } from "../../db/schema/quiz.ts";
import { users } from "../../db/schema/users.ts";

export type SessionRow = typeof analyticsSessions.$inferSelect;
export type EventRow = typeof analyticsEvents.$inferSelect;
type EventType = EventRow["type"];

const RETENTION_LOCK = 727_274_021;

export async function findConsent(db: Db, userId: number) {
  const [row] = await db.select().from(analyticsConsents).where(eq(analyticsConsents.userId, userId));
  return row;
}

export async function saveConsent(db: Db, userId: number, granted: boolean) {
  const [row] = await db
    .insert(analyticsConsents)
    .values({ userId, granted })
    .onConflictDoUpdate({ target: analyticsConsents.userId, set: { granted, decidedAt: sql`now()` } })
    .returning();
  return row!;
}

export type SessionValues = {
  sessionId: string;
  userId: number;
  status: "active" | "ended";
  screenWidth: number;
  screenHeight: number;
  screenSize: "small" | "medium" | "large";
  startTime: Date;
  endTime: Date | null;
  htmlCopy: string | null;
};
export type EventValues = { type: EventType; at: Date; path: string; target: string | null; data: StoredEventData | null };

/** Why a batch was not stored: the sender's token is stale (or the account disabled or gone), recording is off, or the session is someone else's. */
export type StoreRefusal = "stale" | "not-recording" | "not-owner" | "limited";

/** The sender's rate limit: its key, the current window's start, and the batches a window allows. */
export type BatchLimit = { key: string; windowStart: Date; max: number };

/**
 * Adds a batch to its session in one statement (atomic without a transaction, one round trip
 * instead of six): the batch is counted in the sender's rate-limit window (every batch counts,
 * refused or not, as a separate count would), the sender's account is checked (active, the
 * token's version, recording agreed to), the session row is created or brought up to date (only
 * when it is the sender's own and the window is not over its limit), then the events are added to
 * it. Nothing but the count is written when any of these fails; the answer says which (the
 * session row's id otherwise).
 */
export async function storeBatch(
  db: Db,
  session: SessionValues,
  events: EventValues[],
  tokenVersion: number,
  limit: BatchLimit,
): Promise<{ id: number } | { refused: StoreRefusal }> {
  const s = analyticsSessions;
  const p = (key: keyof SessionValues | "count" | "events" | "tokenVersion" | "limitKey" | "windowStart" | "max") => sql.placeholder(key);
  const [row] = await preparedRows<{ current: boolean | null; recording: boolean | null; allowed: boolean; id: number | null }>(
    db,
    "analytics_store_batch",
    () => sql`WITH counted AS (${countInWindowSql(sql`${p("limitKey")}`, sql`${p("windowStart")}::timestamptz`)}),
    limited AS (SELECT count <= ${p("max")}::int AS allowed FROM counted),
    account AS (
      SELECT ${users.status} = 'active' AND ${users.tokenVersion} = ${p("tokenVersion")}::int AS current,
        coalesce(${analyticsConsents.granted}, false) AS recording
      FROM ${users} LEFT JOIN ${analyticsConsents} ON ${analyticsConsents.userId} = ${users.id}
      WHERE ${users.id} = ${p("userId")}::int
    ),
    upserted AS (
      INSERT INTO ${s} (session_id, user_id, status, screen_width, screen_height, screen_size, start_time, end_time, html_copy, event_count)
      SELECT ${p("sessionId")}, ${p("userId")}::int, ${p("status")}, ${p("screenWidth")}::int, ${p("screenHeight")}::int,
        ${p("screenSize")}, ${p("startTime")}::timestamptz, ${p("endTime")}::timestamptz, ${p("htmlCopy")}, ${p("count")}::int
      WHERE EXISTS (SELECT 1 FROM account WHERE current AND recording) AND (SELECT allowed FROM limited)
      ON CONFLICT (session_id) DO UPDATE SET
        -- The latest batch says whether the tab is still open (a reload sends "ended", then goes on).
        status = excluded.status,
        screen_width = excluded.screen_width,
        screen_height = excluded.screen_height,
        screen_size = excluded.screen_size,
        end_time = greatest(${s.endTime}, excluded.end_time),
        html_copy = coalesce(excluded.html_copy, ${s.htmlCopy}),
        event_count = ${s.eventCount} + excluded.event_count,
        last_seen_at = now()
      WHERE ${s.userId} = excluded.user_id
      RETURNING id
    ),
    added AS (
      INSERT INTO ${analyticsEvents} (session_pk, type, at, path, target, data)
      SELECT u.id, e.type, e.at, e.path, e.target, e.data
      FROM upserted u, json_to_recordset(${p("events")}::json) AS e(type text, at timestamptz, path text, target text, data jsonb)
    )
    SELECT a.current, a.recording, (SELECT allowed FROM limited) AS allowed, (SELECT id FROM upserted) AS id
    FROM (SELECT 1) AS one LEFT JOIN account a ON true`,
    {
      ...session,
      startTime: session.startTime.toISOString(),
      endTime: session.endTime?.toISOString() ?? null,
      count: events.length,
      events: JSON.stringify(events.map((e) => ({ ...e, at: e.at.toISOString() }))),
      tokenVersion,
      limitKey: limit.key,
      windowStart: limit.windowStart.toISOString(),
      max: limit.max,
    },
  );
  if (!row?.allowed) return { refused: "limited" };
  if (!row.current) return { refused: "stale" };
  if (!row.recording) return { refused: "not-recording" };
  return row.id === null ? { refused: "not-owner" } : { id: Number(row.id) };
}

const summaryColumns = {
  id: analyticsSessions.id,
  sessionId: analyticsSessions.sessionId,
  userId: analyticsSessions.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: analyticsSessions.status,
  screenWidth: analyticsSessions.screenWidth,
  screenHeight: analyticsSessions.screenHeight,
  screenSize: analyticsSessions.screenSize,
  startTime: analyticsSessions.startTime,
  endTime: analyticsSessions.endTime,
  eventCount: analyticsSessions.eventCount,
  pageCount: sql<number>`(select count(distinct ${analyticsEvents.path}) from ${analyticsEvents}
    where ${analyticsEvents.sessionPk} = ${analyticsSessions.id} and ${analyticsEvents.type} = 'pageview')::int`,
  firstPath: sql<string | null>`(select ${analyticsEvents.path} from ${analyticsEvents}
    where ${analyticsEvents.sessionPk} = ${analyticsSessions.id} order by ${analyticsEvents.at}, ${analyticsEvents.id} limit 1)`,
};
export type SummaryRow = Awaited<ReturnType<typeof pageSessions>>["rows"][number];

/** Sessions, newest first: one person's, or everyone's. */
export async function pageSessions(db: Db, userId: number | undefined, limit: number, offset: number) {
  const where = userId ? eq(analyticsSessions.userId, userId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(analyticsSessions)
      .innerJoin(users, eq(users.id, analyticsSessions.userId))
      .where(where)
      .orderBy(desc(analyticsSessions.startTime), desc(analyticsSessions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(analyticsSessions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The most events a timeline shows. */
export const TIMELINE_MAX_EVENTS = 2000;

export async function findSession(db: Db, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, htmlCopy: analyticsSessions.htmlCopy })
    .from(analyticsSessions)
    .innerJoin(users, eq(users.id, analyticsSessions.userId))
    .where(eq(analyticsSessions.id, id));
  return row;
}

export const sessionEvents = (db: Db, sessionPk: number) =>
  db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionPk, sessionPk))
    .orderBy(asc(analyticsEvents.at), asc(analyticsEvents.id))
    .limit(TIMELINE_MAX_EVENTS);

/** Deletes one of the person's sessions (its events go with it); answers how many went. */
export async function deleteSession(db: Db, id: number, userId: number): Promise<number> {
  const rows = await db
    .delete(analyticsSessions)
    .where(and(eq(analyticsSessions.id, id), eq(analyticsSessions.userId, userId)))
    .returning({ id: analyticsSessions.id });
  return rows.length;
}

export async function deleteSessionsOf(db: Db, userId: number): Promise<number> {
  const rows = await db.delete(analyticsSessions).where(eq(analyticsSessions.userId, userId)).returning({ id: analyticsSessions.id });
  return rows.length;
}

// ---------------------------------------------------------------- staff overview

export async function sessionsPerDay(db: Db, since: Date) {
  const day = sql<string>`to_char(date_trunc('day', ${analyticsSessions.startTime} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({ day, sessions: sql<number>`count(*)::int`, people: sql<number>`count(distinct ${analyticsSessions.userId})::int` })
    .from(analyticsSessions)
    .where(gte(analyticsSessions.startTime, since))
    .groupBy(day)
    .orderBy(day);
}

/** Page views per path (numeric path segments read as `:id`), most viewed first. */
export async function pageViews(db: Db, since: Date, limit = 25) {
  const path = sql<string>`regexp_replace(${analyticsEvents.path}, '/[0-9]+(/|$)', '/:id\\1', 'g')`;
  return db
    .select({ path, views: sql<number>`count(*)::int`, sessions: sql<number>`count(distinct ${analyticsEvents.sessionPk})::int` })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.type, "pageview"), gte(analyticsEvents.at, since)))
    .groupBy(path)
    .orderBy(desc(sql`count(*)`), path)
    .limit(limit);
}

export async function screenSizes(db: Db, since: Date) {
  return db
    .select({ screenSize: analyticsSessions.screenSize, sessions: sql<number>`count(*)::int` })
    .from(analyticsSessions)
    .where(gte(analyticsSessions.startTime, since))
    .groupBy(analyticsSessions.screenSize);
}

/** Candidates who signed up since `since`, and how many of them reached each later step. */
export async function funnel(db: Db, since: Date) {
  const onboarded = sql`exists (select 1 from ${onboardingProfiles} where ${onboardingProfiles.userId} = ${users.id})`;
  const quizzed = sql`exists (select 1 from ${quizzes} where ${quizzes.userId} = ${users.id} and ${quizzes.status} = 'submitted')`;
  const subscribed = sql`exists (select 1 from ${stripeSubscriptions} where ${stripeSubscriptions.userId} = ${users.id})`;
  const [row] = await db
    .select({
      signedUp: sql<number>`count(*)::int`,
      onboarded: sql<number>`count(*) filter (where ${onboarded})::int`,
      firstQuiz: sql<number>`count(*) filter (where ${onboarded} and ${quizzed})::int`,
      subscribed: sql<number>`count(*) filter (where ${onboarded} and ${quizzed} and ${subscribed})::int`,
    })
    .from(users)
    .where(and(eq(users.role, "user"), gte(users.createdAt, since)));
  return row ?? { signedUp: 0, onboarded: 0, firstQuiz: 0, subscribed: 0 };
}

// ---------------------------------------------------------------- retention

/**
 * Deletes sessions last heard of before `cutoff` (their events with them) and any older events of
 * sessions still going, `batch` rows at a time. One instance at a time: the others skip the pass
 * (a transaction-scoped advisory lock). Answers what it deleted, or null when another instance held the lock.
 */
export async function pruneBefore(db: Db, cutoff: Date, batch: number): Promise<{ sessions: number; events: number } | null> {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}) AS ok`)) as unknown as {
      rows: { ok: boolean }[];
    };
    if (!lock.rows[0]?.ok) return null;
    let sessions = 0;
    let events = 0;
    for (;;) {
      const old = tx
        .select({ id: analyticsSessions.id })
        .from(analyticsSessions)
        .where(lt(analyticsSessions.lastSeenAt, cutoff))
        .limit(batch);
      const gone = await tx.delete(analyticsSessions).where(inArray(analyticsSessions.id, old)).returning({ id: analyticsSessions.id });
      sessions += gone.length;
      if (gone.length < batch) break;
    }
    for (;;) {
      // The session of each dropped event counts one event fewer: a session's count stays what it holds.
      const result = (await tx.execute(sql`
        WITH gone AS (
          DELETE FROM ${analyticsEvents} WHERE ${analyticsEvents.id} IN (
            SELECT ${analyticsEvents.id} FROM ${analyticsEvents} WHERE ${analyticsEvents.at} < ${cutoff.toISOString()} LIMIT ${batch})
          RETURNING ${analyticsEvents.sessionPk} AS session_pk),
        per_session AS (SELECT session_pk, count(*)::int AS n FROM gone GROUP BY session_pk),
        recount AS (
          UPDATE ${analyticsSessions} SET event_count = greatest(0, ${analyticsSessions.eventCount} - per_session.n)
          FROM per_session WHERE ${analyticsSessions.id} = per_session.session_pk)
        SELECT coalesce(sum(n), 0)::int AS n FROM per_session`)) as unknown as { rows: { n: number }[] };
      const gone = Number(result.rows[0]?.n ?? 0);
      events += gone;
      if (gone < batch) break;
    }
    return { sessions, events };
  });
}
