import type {
  AdminBookingListQuery,
  Booking,
  BookSessionRequest,
  CalendarEventRequest,
  Coach,
  CoachSettings,
  Credits,
  LearnerBrief,
} from "@academy/contract/coaching";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import { CalendarError, type CalendarProvider } from "../../providers/calendar/calendar.ts";
import { assertAllowed, getEntitlements } from "../entitlements/service.ts";
import { enqueueMail, type TemplateSlug, withdrawMail } from "../mail/service.ts";
import { coachingBrief } from "../quiz/service.ts";
import { sessionInvite } from "./invite.ts";
import * as repo from "./repo.ts";
import {
  addDays,
  type Booked,
  dateIn,
  isTimeZone,
  noticeText,
  openSlots,
  refusalOf,
  type Slot as SlotMs,
  type SlotRules,
  startOfDay,
  workingHours,
} from "./slots.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The widest window one slots call may ask for. */
const MAX_RANGE_DAYS = 93;

export type Deps = { db: Db; publicUrl: string; calendar: CalendarProvider | null };

// ---------------------------------------------------------------- coaches and rules

const rulesOf = (c: repo.CoachRow): SlotRules => ({
  timeZone: c.timeZone,
  sessionMinutes: c.sessionMinutes,
  bufferBeforeMinutes: c.bufferBeforeMinutes,
  bufferAfterMinutes: c.bufferAfterMinutes,
  minNoticeMinutes: c.minNoticeMinutes,
  horizonDays: c.horizonDays,
  dailyCap: c.dailyCap,
  weekly: c.weekly,
  overrides: c.overrides,
});

export async function listCoaches(db: Db): Promise<Coach[]> {
  return (await repo.listActiveCoaches(db)).map(({ profile: p, firstName, lastName }) => ({
    id: p.userId,
    first_name: firstName,
    last_name: lastName,
    bio: p.bio,
    photo: p.photo,
    tracks: p.tracks,
    themes: p.themes,
    languages: p.languages,
    meeting_link: p.meetingLink,
    meeting_place: p.meetingPlace,
    time_zone: p.timeZone,
    session_minutes: p.sessionMinutes,
    cancel_notice_hours: p.cancelNoticeHours,
    reschedule_notice_hours: p.rescheduleNoticeHours,
  }));
}

async function activeCoach(db: Db, coachId: number, lock = false): Promise<repo.CoachRow> {
  const coach = await repo.findCoach(db, coachId, lock);
  if (!coach?.isActive) throw notFound("No such coach");
  return coach;
}

function zoneOf(tz: string | undefined): string {
  const zone = tz ?? "UTC";
  if (!isTimeZone(zone)) throw badRequest("Unknown time zone", { tz: `Unknown time zone: ${zone.slice(0, 64)}` });
  return zone;
}

/** Open slots of a coach starting in [from, to). */
async function slotsBetween(db: Db, coach: repo.CoachRow, from: number, to: number, now: number): Promise<SlotMs[]> {
  const booked = await bookedAround(db, coach, from, to);
  return openSlots(rulesOf(coach), from, to, booked, now);
}

/** Booked sessions that can matter to slots in [from, to): a day either side, for buffers and daily caps. */
async function bookedAround(db: Db, coach: repo.CoachRow, from: number, to: number, exceptId?: number): Promise<Booked[]> {
  return (await bookedAroundEach(db, [coach.userId], from, to, exceptId)).get(coach.userId) ?? [];
}

/** `bookedAround` for several coaches in one query, by coach. */
async function bookedAroundEach(db: Db, coachIds: readonly number[], from: number, to: number, exceptId?: number) {
  const rows = await repo.bookedBetween(db, coachIds, new Date(from - 2 * DAY), new Date(to + 2 * DAY), exceptId);
  const byCoach = new Map<number, Booked[]>(coachIds.map((id) => [id, []]));
  for (const r of rows)
    byCoach.get(r.coachId ?? -1)?.push({
      start: r.start.getTime(),
      blockedStart: (r.blockedStart ?? r.start).getTime(),
      blockedEnd: (r.blockedEnd ?? r.start).getTime(),
    });
  return byCoach;
}

const iso = (t: number) => new Date(t).toISOString();

/** `dates`: the viewer's days of a month that have an open slot. */
export async function openDates(db: Db, q: { userId: number; date: string; tz?: string }, now = Date.now()) {
  const tz = zoneOf(q.tz);
  const coach = await activeCoach(db, q.userId);
  const month = q.date.slice(0, 7);
  const first = `${month}-01`;
  const nextMonth = addDays(`${month}-28`, 4).slice(0, 7);
  const slots = await slotsBetween(db, coach, startOfDay(tz, first), startOfDay(tz, `${nextMonth}-01`), now);
  return { tz, list: [...new Set(slots.map((s) => dateIn(tz, s.start)))] };
}

/** `schedules`: the open slots of one of the viewer's days. */
export async function daySlots(db: Db, q: { userId: number; date: string; tz?: string }, now = Date.now()) {
  const tz = zoneOf(q.tz);
  const coach = await activeCoach(db, q.userId);
  const slots = await slotsBetween(db, coach, startOfDay(tz, q.date), startOfDay(tz, addDays(q.date, 1)), now);
  return { tz, date: q.date, list: slots.map((s) => ({ start: iso(s.start), end: iso(s.end) })) };
}

/** `tz-month-schedules`: every open slot from `rangeStart` to `rangeEnd` (the viewer's days, inclusive). */
export async function rangeSlots(db: Db, q: { userId: number; rangeStart: string; rangeEnd: string; tz: string }, now = Date.now()) {
  const tz = zoneOf(q.tz);
  if (q.rangeEnd < q.rangeStart) throw badRequest("rangeEnd is before rangeStart", { rangeEnd: "Must not be before rangeStart" });
  const days = (Date.parse(q.rangeEnd) - Date.parse(q.rangeStart)) / DAY + 1;
  if (days > MAX_RANGE_DAYS)
    throw badRequest(`Ask for at most ${MAX_RANGE_DAYS} days at a time`, { rangeEnd: `At most ${MAX_RANGE_DAYS} days after rangeStart` });
  const coach = await activeCoach(db, q.userId);
  const slots = await slotsBetween(db, coach, startOfDay(tz, q.rangeStart), startOfDay(tz, addDays(q.rangeEnd, 1)), now);
  const byDay = new Map<string, { start: string; end: string }[]>();
  for (const s of slots) {
    const d = dateIn(tz, s.start);
    const list = byDay.get(d) ?? [];
    list.push({ start: iso(s.start), end: iso(s.end) });
    byDay.set(d, list);
  }
  return { tz, list: [...byDay].map(([date, daySlots]) => ({ date, slots: daySlots })) };
}

// ---------------------------------------------------------------- bookings

const monthOf = (t: number) => new Date(t).toISOString().slice(0, 7);
const fullName = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();

function toBooking(b: repo.BookingRow, now: number): Booking {
  const start = b.row.meetingStart.getTime();
  const isOpen = b.row.status === "booked" && start > now;
  const cancelUntil = isOpen ? start - (b.cancelNoticeHours ?? 0) * HOUR : null;
  const rescheduleUntil = isOpen ? start - (b.rescheduleNoticeHours ?? 0) * HOUR : null;
  return {
    id: b.row.id,
    user_id: b.row.userId,
    coach_id: b.row.coachId,
    candidate_name: fullName(b.candidateFirst, b.candidateLast),
    candidate_email: b.candidateEmail,
    coach_name: fullName(b.coachFirst, b.coachLast),
    meeting_start: b.row.meetingStart.toISOString(),
    meeting_end: b.row.meetingEnd.toISOString(),
    meeting_details: b.row.meetingDetails,
    status: b.row.status,
    meeting_link: b.meetingLink,
    meeting_place: b.meetingPlace,
    cancel_until: cancelUntil === null ? null : iso(cancelUntil),
    reschedule_until: rescheduleUntil === null ? null : iso(rescheduleUntil),
    can_cancel: cancelUntil !== null && now <= cancelUntil,
    can_reschedule: rescheduleUntil !== null && now <= rescheduleUntil,
    created_at: b.row.createdAt.toISOString(),
  };
}

async function creditsOf(db: Db, userId: number, month: string): Promise<Credits> {
  const [plan, used] = await readTogether(db, [() => getEntitlements(db, userId), () => repo.countCreditsUsed(db, userId, month)]);
  return {
    month,
    per_month: plan.coachingSessionsPerMonth,
    used,
    left: Math.max(0, plan.coachingSessionsPerMonth - used),
    package_name: plan.packageName,
  };
}

function parseTimes(startText: string, endText: string): { start: number; end: number } {
  const start = Date.parse(startText);
  const end = Date.parse(endText);
  if (!Number.isFinite(start) || !Number.isFinite(end)) throw badRequest("Invalid time");
  if (end <= start) throw badRequest("The session must end after it starts", { meeting_end: "Must be after meeting_start" });
  return { start, end };
}

function throwRefusal(refusal: { status: 400 | 409; message: string }): never {
  throw refusal.status === 409 ? conflict(refusal.message) : badRequest(refusal.message, { meeting_start: refusal.message });
}

/** Was this error the database refusing a second booking of the coach's time? */
function isDoubleBooking(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.code ?? err.cause?.code) === "23P01";
}

/**
 * A coach for a booking that names none: among the active coaches (the candidate aside) who have
 * exactly this slot open now, the candidate's most recent coach, else the one with the fewest
 * sessions in the days around it (then the first listed). 409 when nobody is free then.
 */
async function freeCoachFor(db: Db, candidateId: number, start: number, end: number, now: number): Promise<number> {
  const [lastBookings, active] = await readTogether(db, [() => repo.listBookingsOf(db, candidateId, 1), () => repo.listActiveCoaches(db)]);
  const last = lastBookings[0]?.row.coachId ?? null;
  const coaches = active.map((c) => c.profile).filter((c) => c.userId !== candidateId);
  const bookedOf = await bookedAroundEach(
    db,
    coaches.map((c) => c.userId),
    start,
    end,
  );
  let best: { id: number; load: number } | null = null;
  for (const coach of coaches) {
    const booked = bookedOf.get(coach.userId) ?? [];
    if (refusalOf(rulesOf(coach), start, end, booked, now)) continue;
    if (coach.userId === last) return coach.userId;
    if (!best || booked.length < best.load) best = { id: coach.userId, load: booked.length };
  }
  if (!best) throw conflict("No coach is free at that time. Choose another slot.");
  return best.id;
}

/**
 * Books a session in one transaction: the coach's row is locked (their bookings, daily cap and
 * buffers are checked against a settled list), then the candidate's (credits are counted and
 * spent once), and the exclusion constraint refuses any overlap whatever else wrote the table.
 */
export async function bookSession(deps: Deps, principal: Principal, body: BookSessionRequest, now = Date.now()) {
  const { db } = deps;
  if (principal.role !== "admin" && body.user_id !== principal.id) throw forbidden("You can only book sessions for yourself");
  const { start, end } = parseTimes(body.meeting_start, body.meeting_end);
  if (body.coach_id === body.user_id) throw badRequest("A coach cannot book a session with themselves");
  // Chosen before the transaction; inside it the coach's row is locked and everything checked again.
  const coachId = body.coach_id ?? (await freeCoachFor(db, body.user_id, start, end, now));
  try {
    return await db.transaction(async (tx) => {
      const coach = await activeCoach(tx, coachId, true);
      const candidate = await repo.lockUser(tx, body.user_id);
      if (candidate?.role !== "user") throw notFound("No such candidate");
      const refusal = refusalOf(rulesOf(coach), start, end, await bookedAround(tx, coach, start, end), now);
      if (refusal) throwRefusal(refusal);
      if (await repo.candidateOverlaps(tx, candidate.id, new Date(start), new Date(end)))
        throw conflict("You already have a session at this time");
      const month = monthOf(start);
      await assertAllowed(tx, candidate.id, { kind: "coaching.book", usedThisMonth: await repo.countCreditsUsed(tx, candidate.id, month) });
      const row = await repo.insertBooking(tx, {
        userId: candidate.id,
        coachId: coach.userId,
        meetingStart: new Date(start),
        meetingEnd: new Date(end),
        meetingDetails: body.meeting_details ?? "",
        blockedStart: new Date(start - coach.bufferBeforeMinutes * 60_000),
        blockedEnd: new Date(end + coach.bufferAfterMinutes * 60_000),
        creditMonth: month,
        timeZone: candidate.timeZone,
      });
      const booking = await repo.findBooking(tx, row.id);
      if (!booking) throw new Error("the new booking is gone");
      await mailBoth(deps, tx, booking, "coaching-booked");
      await repo.updateBooking(tx, row.id, { reminderMailId: await queueReminder(deps, tx, booking, now) });
      return { model: toBooking(booking, now), credits: await creditsOf(tx, candidate.id, month) };
    });
  } catch (e) {
    if (isDoubleBooking(e)) throw conflict("This time was just booked by someone else. Choose another slot.");
    throw e;
  }
}

async function ownBooking(db: Db, principal: Principal, id: number, lock: boolean): Promise<repo.BookingRow> {
  const booking = await repo.findBooking(db, id, lock);
  // Another person's booking answers as if it did not exist.
  if (!booking || booking.row.coachId === null || (principal.role !== "admin" && booking.row.userId !== principal.id))
    throw notFound("No such booking");
  return booking;
}

/**
 * Cancels a session. The candidate may until the coach's cancel notice before it starts (the
 * credit comes back); staff may at any time before it starts (the credit comes back too).
 */
export async function cancelSession(deps: Deps, principal: Principal, id: number, now = Date.now()) {
  return deps.db.transaction(async (tx) => {
    const booking = await ownBooking(tx, principal, id, true);
    if (booking.row.status !== "booked") throw conflict("This session is already cancelled");
    const start = booking.row.meetingStart.getTime();
    if (start <= now) throw conflict("This session has already started");
    const notice = (booking.cancelNoticeHours ?? 0) * HOUR;
    if (principal.role !== "admin" && now > start - notice)
      throw conflict(`Sessions can be cancelled up to ${noticeText((booking.cancelNoticeHours ?? 0) * 60)} before they start`);
    await repo.updateBooking(tx, id, {
      status: "cancelled",
      cancelledAt: new Date(now),
      cancelledBy: principal.id,
      sequence: booking.row.sequence + 1,
      reminderMailId: null,
    });
    if (booking.row.reminderMailId) await withdrawMail(tx, booking.row.reminderMailId);
    const after = (await repo.findBooking(tx, id))!;
    await mailBoth(deps, tx, after, "coaching-cancelled", {
      cancelled_by: principal.id === booking.row.userId ? fullName(booking.candidateFirst, booking.candidateLast) : "the academy",
    });
    return { model: toBooking(after, now), credits: await creditsOf(tx, booking.row.userId, booking.row.creditMonth ?? monthOf(start)) };
  });
}

/** Moves a session to another open slot of the same coach, up to the reschedule notice; the credit stays spent once. */
export async function rescheduleSession(
  deps: Deps,
  principal: Principal,
  id: number,
  body: { meeting_start: string; meeting_end: string },
  now = Date.now(),
) {
  const { start, end } = parseTimes(body.meeting_start, body.meeting_end);
  try {
    return await deps.db.transaction(async (tx) => {
      const first = await ownBooking(tx, principal, id, false);
      const coach = await activeCoach(tx, first.row.coachId!, true);
      const booking = await ownBooking(tx, principal, id, true);
      if (booking.row.status !== "booked") throw conflict("This session is cancelled");
      const oldStart = booking.row.meetingStart.getTime();
      if (oldStart <= now) throw conflict("This session has already started");
      if (principal.role !== "admin" && now > oldStart - coach.rescheduleNoticeHours * HOUR)
        throw conflict(`Sessions can be moved up to ${noticeText(coach.rescheduleNoticeHours * 60)} before they start`);
      const refusal = refusalOf(rulesOf(coach), start, end, await bookedAround(tx, coach, start, end, id), now);
      if (refusal) throwRefusal(refusal);
      if (await repo.candidateOverlaps(tx, booking.row.userId, new Date(start), new Date(end), id))
        throw conflict("You already have a session at this time");
      await repo.updateBooking(tx, id, {
        meetingStart: new Date(start),
        meetingEnd: new Date(end),
        blockedStart: new Date(start - coach.bufferBeforeMinutes * 60_000),
        blockedEnd: new Date(end + coach.bufferAfterMinutes * 60_000),
        sequence: booking.row.sequence + 1,
      });
      if (booking.row.reminderMailId) await withdrawMail(tx, booking.row.reminderMailId);
      const after = (await repo.findBooking(tx, id))!;
      await mailBoth(deps, tx, after, "coaching-changed", { previous: "" }, booking.row.meetingStart);
      await repo.updateBooking(tx, id, { reminderMailId: await queueReminder(deps, tx, after, now) });
      return { model: toBooking(after, now), credits: await creditsOf(tx, booking.row.userId, booking.row.creditMonth ?? monthOf(start)) };
    });
  } catch (e) {
    if (isDoubleBooking(e)) throw conflict("This time was just booked by someone else. Choose another slot.");
    throw e;
  }
}

/** The candidate's sessions, credits of this month and a note to start from. */
export async function myCoaching(db: Db, principal: Principal, now = Date.now()) {
  const [rows, credits, note] = await readTogether(db, [
    () => repo.listBookingsOf(db, principal.id),
    () => creditsOf(db, principal.id, monthOf(now)),
    () => noteSuggestion(db, principal.id, new Date(now)),
  ]);
  const all = rows.map((r) => toBooking(r, now));
  return {
    credits,
    upcoming: all.filter((b) => b.status === "booked" && Date.parse(b.meeting_end) > now).reverse(),
    past: all.filter((b) => !(b.status === "booked" && Date.parse(b.meeting_end) > now)),
    note_suggestion: note,
  };
}

/** A candidate's session as a study plan shows it. */
export type PlanSession = { id: number; coachName: string; start: Date; end: Date; status: "booked" | "cancelled"; timeZone: string };

const toPlanSession = (b: repo.BookingRow): PlanSession => ({
  id: b.row.id,
  coachName: fullName(b.coachFirst, b.coachLast),
  start: b.row.meetingStart,
  end: b.row.meetingEnd,
  status: b.row.status,
  timeZone: b.row.timeZone,
});

/** The candidate's sessions with a coach, newest first (booked and cancelled). */
export async function sessionsOfCandidate(db: Db, userId: number): Promise<PlanSession[]> {
  return (await repo.listBookingsOf(db, userId)).map(toPlanSession);
}

/** One of the candidate's sessions with a coach; another person's answers 404, as if it did not exist. */
export async function sessionOfCandidate(db: Db, userId: number, id: number): Promise<PlanSession> {
  const booking = await repo.findBooking(db, id);
  if (!booking || booking.row.coachId === null || booking.row.userId !== userId) throw notFound("No such coaching session");
  return toPlanSession(booking);
}

/** The booking note to start from: the weakest themes and the questions missed most recently. */
export async function noteSuggestion(db: Db, userId: number, now: Date): Promise<string> {
  const brief = await coachingBrief(db, userId, now);
  const lines: string[] = [];
  if (brief.weakestThemes.length)
    lines.push(`I'd like to work on: ${brief.weakestThemes.map((t) => `${t.themeName} (${Math.round(t.mastery * 100)}%)`).join(", ")}.`);
  if (brief.missedQuestions.length) {
    lines.push("Questions I missed recently:");
    for (const q of brief.missedQuestions.slice(0, 3)) lines.push(`- ${q.stem.length > 160 ? `${q.stem.slice(0, 157)}...` : q.stem}`);
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------- mails

function whenText(t: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "full", timeStyle: "short" }).format(t);
}

/** Mails the candidate and the coach about a booking, each in their own time zone, with the invite attached. */
async function mailBoth(
  deps: Deps,
  tx: Db,
  b: repo.BookingRow,
  slug: Extract<TemplateSlug, "coaching-booked" | "coaching-changed" | "coaching-cancelled">,
  extra: Record<string, string> = {},
  previousStart?: Date,
): Promise<void> {
  const coachRow = b.row.coachId ? await repo.findCoach(tx, b.row.coachId) : undefined;
  const coachZone = coachRow?.timeZone ?? "UTC";
  const candidateName = fullName(b.candidateFirst, b.candidateLast) || b.candidateEmail;
  const coachName = fullName(b.coachFirst, b.coachLast) || "your coach";
  const where = b.meetingLink ?? b.meetingPlace ?? "the coach will send the details";
  const host = new URL(deps.publicUrl).hostname;
  const ics = sessionInvite(
    {
      id: b.row.id,
      sequence: b.row.sequence,
      start: b.row.meetingStart,
      end: b.row.meetingEnd,
      summary: `Coaching: ${candidateName} with ${coachName}`,
      description: b.row.meetingDetails,
      location: b.meetingLink ?? b.meetingPlace,
      url: b.meetingLink,
      coach: { name: coachName, email: b.coachEmail ?? "" },
      candidate: { name: candidateName, email: b.candidateEmail },
    },
    slug === "coaching-cancelled" ? "cancel" : "request",
    host,
  );
  const attachments = [{ filename: "coaching-session.ics", contentType: "text/calendar; charset=utf-8", content: ics }];
  const people = [
    { to: b.candidateEmail, first: b.candidateFirst, other: coachName, zone: b.row.timeZone, url: `${deps.publicUrl}/user/get-coaching` },
    ...(b.coachEmail
      ? [{ to: b.coachEmail, first: b.coachFirst ?? "", other: candidateName, zone: coachZone, url: `${deps.publicUrl}/admin/scheduling` }]
      : []),
  ];
  for (const p of people)
    await enqueueMail(
      tx,
      slug,
      p.to,
      {
        first_name: p.first,
        other_name: p.other,
        when: whenText(b.row.meetingStart, p.zone),
        previous: previousStart ? whenText(previousStart, p.zone) : "",
        time_zone: p.zone,
        where,
        note: b.row.meetingDetails || "none",
        manage_url: p.url,
        ...extra,
        ...(previousStart ? { previous: whenText(previousStart, p.zone) } : {}),
      },
      { attachments },
    );
}

/**
 * Queues the reminder in the outbox, due a day before the session (an hour before when booked
 * later than that): the outbox worker of whichever instance claims it first sends it once.
 */
async function queueReminder(deps: Deps, tx: Db, b: repo.BookingRow, now: number): Promise<number | null> {
  const start = b.row.meetingStart.getTime();
  const sendAt = [start - DAY, start - HOUR].find((t) => t > now);
  if (sendAt === undefined) return null;
  const coachName = fullName(b.coachFirst, b.coachLast) || "your coach";
  return enqueueMail(
    tx,
    "coaching-reminder",
    b.candidateEmail,
    {
      first_name: b.candidateFirst,
      other_name: coachName,
      when: whenText(b.row.meetingStart, b.row.timeZone),
      time_zone: b.row.timeZone,
      where: b.meetingLink ?? b.meetingPlace ?? "the coach will send the details",
      manage_url: `${deps.publicUrl}/user/get-coaching`,
    },
    { sendAt: new Date(sendAt) },
  );
}

// ---------------------------------------------------------------- coaches' own screens and staff

function settingsOf(c: repo.CoachRow): CoachSettings {
  return {
    bio: c.bio,
    photo: c.photo,
    tracks: c.tracks,
    themes: c.themes,
    languages: c.languages,
    meeting_link: c.meetingLink,
    meeting_place: c.meetingPlace,
    time_zone: c.timeZone,
    session_minutes: c.sessionMinutes,
    buffer_before_minutes: c.bufferBeforeMinutes,
    buffer_after_minutes: c.bufferAfterMinutes,
    min_notice_minutes: c.minNoticeMinutes,
    horizon_days: c.horizonDays,
    daily_cap: c.dailyCap,
    cancel_notice_hours: c.cancelNoticeHours,
    reschedule_notice_hours: c.rescheduleNoticeHours,
    weekly: c.weekly,
    overrides: c.overrides,
    is_active: c.isActive,
  };
}

export const DEFAULT_SETTINGS: CoachSettings = {
  bio: "",
  photo: null,
  tracks: [],
  themes: [],
  languages: ["English"],
  meeting_link: null,
  meeting_place: null,
  time_zone: "UTC",
  session_minutes: 45,
  buffer_before_minutes: 0,
  buffer_after_minutes: 15,
  min_notice_minutes: 720,
  horizon_days: 60,
  daily_cap: 4,
  cancel_notice_hours: 24,
  reschedule_notice_hours: 12,
  weekly: [],
  overrides: [],
  is_active: false,
};

/** A staff member's own coach settings (defaults, not yet coaching, before they save any). */
export async function getMySettings(db: Db, principal: Principal): Promise<CoachSettings> {
  const coach = await repo.findCoach(db, principal.id);
  return coach ? settingsOf(coach) : DEFAULT_SETTINGS;
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Do any two of one day's openings share a minute? */
function overlaps(ranges: readonly { start: number; end: number }[]): boolean {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  return sorted.some((r, i) => i > 0 && r.start < sorted[i - 1]!.end);
}

export async function saveMySettings(db: Db, principal: Principal, s: CoachSettings): Promise<CoachSettings> {
  if (!isTimeZone(s.time_zone)) throw badRequest("Unknown time zone", { time_zone: `Unknown time zone: ${s.time_zone}` });
  for (const [i, w] of s.weekly.entries())
    if (w.end <= w.start) throw badRequest("Each opening must end after it starts", { [`weekly.${i}`]: "Ends before it starts" });
  // Overlapping openings would offer the same time twice, and slots that overlap each other.
  for (let day = 0; day < 7; day += 1)
    if (overlaps(s.weekly.filter((w) => w.day === day)))
      throw badRequest("Openings on the same day must not overlap", { weekly: `Openings overlap on ${WEEKDAY_NAMES[day]}` });
  const seen = new Set<string>();
  for (const [i, o] of s.overrides.entries()) {
    for (const r of o.ranges)
      if (r.end <= r.start) throw badRequest("Each opening must end after it starts", { [`overrides.${i}`]: "Ends before it starts" });
    if (overlaps(o.ranges))
      throw badRequest("Openings on the same day must not overlap", { [`overrides.${i}`]: `Openings overlap on ${o.date}` });
    if (seen.has(o.date)) throw badRequest("Each date can have one override", { [`overrides.${i}`]: `${o.date} is listed twice` });
    seen.add(o.date);
  }
  if (s.is_active && !s.meeting_link && !s.meeting_place)
    throw badRequest("Say where sessions take place: a meeting link or a place", { meeting_link: "A meeting link or a place is needed" });
  await repo.upsertCoach(db, principal.id, {
    bio: s.bio,
    photo: s.photo,
    tracks: s.tracks,
    themes: s.themes,
    languages: s.languages,
    meetingLink: s.meeting_link,
    meetingPlace: s.meeting_place,
    timeZone: s.time_zone,
    sessionMinutes: s.session_minutes,
    bufferBeforeMinutes: s.buffer_before_minutes,
    bufferAfterMinutes: s.buffer_after_minutes,
    minNoticeMinutes: s.min_notice_minutes,
    horizonDays: s.horizon_days,
    dailyCap: s.daily_cap,
    cancelNoticeHours: s.cancel_notice_hours,
    rescheduleNoticeHours: s.reschedule_notice_hours,
    weekly: s.weekly,
    overrides: [...s.overrides].sort((a, b) => a.date.localeCompare(b.date)),
    isActive: s.is_active,
  });
  return getMySettings(db, principal);
}

/**
 * A coach's week view between two instants: their sessions, their working hours (weekly hours or
 * that date's override, in the coach's zone; none without a coach profile), and whether candidates
 * can book those hours now.
 */
export async function coachWeek(db: Db, principal: Principal, q: { from: string; to: string }, now = Date.now()) {
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  if (to <= from) throw badRequest("`to` must be after `from`");
  if (to - from > MAX_RANGE_DAYS * DAY) throw badRequest(`Ask for at most ${MAX_RANGE_DAYS} days at a time`);
  const [rows, coach] = await readTogether(db, [
    () => repo.listCoachBookings(db, principal.id, new Date(from), new Date(to)),
    () => repo.findCoach(db, principal.id),
  ]);
  const hours = coach ? workingHours(rulesOf(coach), from, to) : [];
  return {
    list: rows.map((b) => toBooking(b, now)),
    hours: hours.map((h) => ({ start: new Date(h.start).toISOString(), end: new Date(h.end).toISOString() })),
    taking_bookings: coach?.isActive ?? false,
  };
}

export async function listBookings(db: Db, q: AdminBookingListQuery, now = Date.now()) {
  const { rows, total } = await repo.listAllBookings(db, {
    coachId: q.coach_id,
    userId: q.user_id,
    status: q.status,
    when: q.when,
    q: q.q,
    now: new Date(now),
    sort: q.sort,
    direction: q.direction,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return {
    list: rows.map((b) => toBooking(b, now)),
    total,
    limit: q.limit,
    num_pages: Math.max(1, Math.ceil(total / q.limit)),
    page: q.page,
  };
}

export async function getBooking(db: Db, principal: Principal, id: number, now = Date.now()): Promise<Booking> {
  return toBooking(await ownBooking(db, principal, id, false), now);
}

/** What staff read before a session: the candidate's readiness, weakest themes, latest quizzes and missed questions. */
export async function learnerBrief(db: Db, id: number, now = Date.now()): Promise<LearnerBrief> {
  const booking = await repo.findBooking(db, id);
  if (!booking || booking.row.coachId === null) throw notFound("No such booking");
  const brief = await coachingBrief(db, booking.row.userId, new Date(now));
  return {
    booking: toBooking(booking, now),
    track_name: brief.trackName,
    readiness: brief.readiness,
    weakest_themes: brief.weakestThemes.map((t) => ({ theme: t.theme, theme_name: t.themeName, mastery: t.mastery })),
    recent_quizzes: brief.recentQuizzes,
    missed_questions: brief.missedQuestions,
  };
}

/** Coaching sessions booked that have not started by `now` (the staff dashboard). */
export const countUpcomingSessions = (db: Db, now: Date) => repo.countUpcoming(db, now);

/** `google-calendar-event`: puts an event in the coach's calendar through the configured provider. */
export async function createCalendarEvent(deps: Deps, body: CalendarEventRequest): Promise<string> {
  if (!deps.calendar)
    throw new HttpError(503, "No calendar provider is configured: sessions are not put in an external calendar", {
      code: "CALENDAR_NOT_CONFIGURED",
    });
  const { start, end } = parseTimes(body.startTime, body.endTime);
  try {
    return await deps.calendar.createEvent({
      summary: body.summary,
      location: body.location,
      description: body.description,
      start: new Date(start),
      end: new Date(end),
      attendees: body.attendees,
      tokens: body.tokens,
    });
  } catch (e) {
    if (!(e instanceof CalendarError)) throw e;
    if (e.kind === "input") throw badRequest(e.message, { tokens: e.message });
    throw new HttpError(502, e.message, { code: "CALENDAR_UNAVAILABLE" });
  }
}
