/**
 * Open coaching slots from a coach's rules (decision 16). Pure: no database, no clock of its own.
 *
 * A coach's hours are wall-clock times in the coach's zone; each slot's start is converted to an
 * instant on its own, so a daylight-saving change moves no opening hour, and a booked session,
 * kept as an instant, never moves at all.
 */

import { dateIn, firstInstantFrom, instantOf, offsetOf } from "../../lib/time-zone.ts";

// The zone primitives the coaching service and its tests use with the slots.
export { dateIn, instantOf, isTimeZone, startOfDay } from "../../lib/time-zone.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

export type Range = { start: number; end: number };
export type SlotRules = {
  timeZone: string;
  sessionMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  dailyCap: number;
  weekly: { day: number; start: number; end: number }[];
  overrides: { date: string; ranges: { start: number; end: number }[] }[];
};
/** A booked session of the coach: its start, and its time widened by its buffers. */
export type Booked = { start: number; blockedStart: number; blockedEnd: number };
export type Slot = { start: number; end: number };

/**
 * Converts wall-clock minutes of one local day to instants: one offset for the whole day
 * when the zone does not change it that day (nearly always), `instantOf` per time otherwise.
 */
function dayClock(timeZone: string, date: string): (minutes: number) => number | null {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const before = offsetOf(timeZone, midnight - DAY);
  const after = offsetOf(timeZone, midnight + 2 * DAY);
  if (before === after) return (minutes) => midnight + minutes * MINUTE - before;
  return (minutes) => instantOf(timeZone, date, minutes);
}

/** The date `days` after `date` (calendar arithmetic, no zone). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The hours a coach works on `date` (their own zone): that date's override, or the weekly hours of its weekday. */
export function hoursOn(rules: SlotRules, date: string): { start: number; end: number }[] {
  const override = rules.overrides.find((o) => o.date === date);
  if (override) return override.ranges;
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return rules.weekly.filter((w) => w.day === day);
}

/**
 * The open slots whose start lies in [from, to). A slot is open when it lies in the coach's hours,
 * starts at least the minimum notice after `now` and no later than the booking horizon, its time
 * widened by the buffers overlaps no booked session's widened time, and its day (the coach's) has
 * fewer bookings than the daily cap. Slots follow each other every session length plus buffers,
 * so every slot shown can be booked together.
 */
export function openSlots(rules: SlotRules, from: number, to: number, booked: readonly Booked[], now: number): Slot[] {
  const length = rules.sessionMinutes * MINUTE;
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const step = rules.sessionMinutes + rules.bufferBeforeMinutes + rules.bufferAfterMinutes;
  const earliest = Math.max(from, now + rules.minNoticeMinutes * MINUTE);
  const latest = Math.min(to, now + rules.horizonDays * DAY);
  if (earliest >= latest) return [];
  const perDay = new Map<string, number>();
  for (const b of booked) {
    const d = dateIn(rules.timeZone, b.start);
    perDay.set(d, (perDay.get(d) ?? 0) + 1);
  }
  const busy = [...booked].sort((a, b) => a.blockedStart - b.blockedStart);
  const slots: Slot[] = [];
  // Coach days that can hold a slot starting in the window: a zone is at most 14 hours from UTC.
  const last = dateIn(rules.timeZone, latest);
  for (let date = dateIn(rules.timeZone, earliest); date <= last; date = addDays(date, 1)) {
    if ((perDay.get(date) ?? 0) >= rules.dailyCap) continue;
    const ranges = hoursOn(rules, date);
    if (ranges.length === 0) continue;
    const clock = dayClock(rules.timeZone, date);
    for (const range of ranges) {
      for (let m = range.start + rules.bufferBeforeMinutes; m + rules.sessionMinutes + rules.bufferAfterMinutes <= range.end; m += step) {
        const start = clock(m);
        if (start === null || start < earliest || start >= latest) continue;
        const end = start + length;
        const bs = start - before;
        const be = end + after;
        if (!busy.some((b) => b.blockedStart < be && bs < b.blockedEnd)) slots.push({ start, end });
      }
    }
  }
  return slots.sort((a, b) => a.start - b.start);
}

/**
 * The coach's working hours as instants overlapping [from, to), each clipped to it: the week
 * view draws them behind the sessions. A range that begins in an hour the zone skips begins at
 * the first minute that exists; one that ends in it ends there too.
 */
export function workingHours(rules: SlotRules, from: number, to: number): Range[] {
  const hours: Range[] = [];
  const last = dateIn(rules.timeZone, to);
  for (let date = dateIn(rules.timeZone, from); date <= last; date = addDays(date, 1)) {
    for (const range of hoursOn(rules, date)) {
      const start = firstInstantFrom(rules.timeZone, date, range.start);
      const end = firstInstantFrom(rules.timeZone, date, range.end);
      if (start === null || end === null || end <= from || start >= to || end <= start) continue;
      hours.push({ start: Math.max(start, from), end: Math.min(end, to) });
    }
  }
  return hours.sort((a, b) => a.start - b.start);
}

/** Why a session from `start` to `end` cannot be booked, or null when it is one of the open slots. */
export function refusalOf(
  rules: SlotRules,
  start: number,
  end: number,
  booked: readonly Booked[],
  now: number,
): { status: 400 | 409; message: string } | null {
  if (end - start !== rules.sessionMinutes * MINUTE)
    return { status: 400, message: `A session with this coach lasts ${rules.sessionMinutes} minutes` };
  if (start <= now) return { status: 400, message: "This time is in the past" };
  if (start < now + rules.minNoticeMinutes * MINUTE)
    return { status: 400, message: `Sessions must be booked at least ${noticeText(rules.minNoticeMinutes)} ahead` };
  if (start > now + rules.horizonDays * DAY)
    return { status: 400, message: `Sessions can be booked at most ${rules.horizonDays} days ahead` };
  const open = openSlots(rules, start, start + 1, [], now);
  if (!open.some((s) => s.start === start)) return { status: 400, message: "This time is outside the coach's availability" };
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  if (booked.some((b) => b.blockedStart < end + after && start - before < b.blockedEnd))
    return { status: 409, message: "This time was just booked by someone else. Choose another slot." };
  const day = dateIn(rules.timeZone, start);
  if (booked.filter((b) => dateIn(rules.timeZone, b.start) === day).length >= rules.dailyCap)
    return { status: 409, message: "This coach's day is fully booked. Choose another day." };
  return null;
}

export function noticeText(minutes: number): string {
  if (minutes % 1440 === 0 && minutes >= 1440) return `${minutes / 1440} day${minutes === 1440 ? "" : "s"}`;
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? "" : "s"}`;
  return `${minutes} minutes`;
}
