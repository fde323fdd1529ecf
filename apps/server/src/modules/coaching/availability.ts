// Coaches and their open slots: the rules of each coach's calendar, applied to what is booked.
import type { Coach } from "@academy/contract/coaching";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { badRequest, conflict, notFound } from "../../lib/http-error.ts";
import { DAY, iso } from "./booking-view.ts";
import * as repo from "./repo.ts";
import {
  addDays,
  type Booked,
  dateIn,
  isTimeZone,
  openSlots,
  refusalOf,
  type Slot as SlotMs,
  type SlotRules,
  startOfDay,
} from "./slots.ts";

/** The widest window one slots call may ask for. */
export const MAX_RANGE_DAYS = 93;

export const rulesOf = (c: repo.CoachRow): SlotRules => ({
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

export async function activeCoach(db: Db, coachId: number, lock = false): Promise<repo.CoachRow> {
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
export async function bookedAround(db: Db, coach: repo.CoachRow, from: number, to: number, exceptId?: number): Promise<Booked[]> {
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

/**
 * A coach for a booking that names none: among the active coaches (the candidate aside) who have
 * exactly this slot open now, the candidate's most recent coach, else the one with the fewest
 * sessions in the days around it (then the first listed). 409 when nobody is free then.
 */
export async function freeCoachFor(db: Db, candidateId: number, start: number, end: number, now: number): Promise<number> {
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
