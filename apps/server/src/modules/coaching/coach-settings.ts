// A coach's own screens: their settings (hours, buffers, notice) and their week.
import type { CoachSettings } from "@academy/contract/coaching";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { badRequest } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import { changedFields, recordActivity } from "../activity/service.ts";
import { MAX_RANGE_DAYS, rulesOf } from "./availability.ts";
import { DAY, toBooking } from "./booking-view.ts";
import * as repo from "./repo.ts";
import { isTimeZone, workingHours } from "./slots.ts";

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
  await db.transaction(async (tx) => {
    const before = await repo.findCoach(tx, principal.id, true);
    await repo.upsertCoach(tx, principal.id, columnsOf(s));
    await logSettingsChange(tx, principal.id, before ? settingsOf(before) : DEFAULT_SETTINGS, s);
  });
  return getMySettings(db, principal);
}

/**
 * A coach's settings decide when candidates can book and what they are promised (notice, where,
 * which zone): a change goes into the activity log, with the fields that changed, in its transaction.
 */
async function logSettingsChange(tx: Db, coachId: number, before: CoachSettings, after: CoachSettings) {
  const change = changedFields(before, { ...after, overrides: [...after.overrides].sort((a, b) => a.date.localeCompare(b.date)) });
  if (!change.isChanged) return;
  await recordActivity(tx, {
    actorId: coachId,
    kind: "settings.update",
    record: { table: "coach_profile", id: coachId },
    summary: `Coach settings changed: ${Object.keys(change.after).join(", ").replaceAll("_", " ")}`,
    before: change.before,
    after: change.after,
  });
}

function columnsOf(s: CoachSettings) {
  return {
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
  };
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
    time_zone: coach?.timeZone ?? DEFAULT_SETTINGS.time_zone,
  };
}
