import { z } from "zod";

/** An IANA time zone name ("Europe/Berlin"); the server answers 400 for one it does not know. */
export const TimeZoneName = z.string().trim().min(1).max(64);
const Id = z.coerce.number().int().positive().max(2_147_483_647);
/** Scheduling counts days forward from a date: it takes years 2000 to 2999 (9999-12-31 has no next day to count to). */
const inSchedulingYears = (value: string) => value.slice(0, 4) >= "2000" && value.slice(0, 4) <= "2999";
const YEARS = "Use a date in the years 2000 to 2999";
const Instant = z.iso.datetime({ offset: true }).refine(inSchedulingYears, YEARS);
const DateOnly = z.iso.date().refine(inSchedulingYears, YEARS);

// ---------------------------------------------------------------- slots (spec: scheduling/*)

/** `scheduling/dates`: the days of `date`'s month with an open slot. `userId` is the coach. */
export const SchedulingDatesRequest = z.strictObject({
  userId: Id,
  /** Any day of the month, or the month ("2026-12"). */
  date: z.union([
    DateOnly,
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use YYYY-MM or YYYY-MM-DD")
      .refine(inSchedulingYears, YEARS),
  ]),
  /** The viewer's zone, which decides what a day is (default UTC). */
  tz: TimeZoneName.optional(),
});
export const SchedulingDatesResponse = z.object({ error: z.literal(false), tz: z.string(), list: z.array(DateOnly) });

export const Slot = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof Slot>;

/** `scheduling/schedules`: the open slots of one day (in `tz`, default UTC). */
export const SchedulingSchedulesRequest = z.strictObject({ userId: Id, date: DateOnly, tz: TimeZoneName.optional() });
export const SchedulingSchedulesResponse = z.object({ error: z.literal(false), tz: z.string(), date: DateOnly, list: z.array(Slot) });

/** `scheduling/tz-month-schedules`: every open slot between two days (inclusive, in `tz`), grouped by the viewer's day. */
export const TzMonthSchedulesRequest = z.strictObject({
  rangeStart: DateOnly,
  rangeEnd: DateOnly,
  userId: Id,
  tz: TimeZoneName,
});
export const TzMonthSchedulesResponse = z.object({
  error: z.literal(false),
  tz: z.string(),
  list: z.array(z.object({ date: DateOnly, slots: z.array(Slot) })),
});

// ---------------------------------------------------------------- bookings

/**
 * `scheduling/POST`: book a session. `user_id` is the candidate (yourself); `coach_id` the coach.
 * Without `coach_id` (the spec's four fields) the session goes to a coach who has that slot open:
 * the candidate's last coach when they do, else the one with the fewest sessions around it.
 */
export const BookSessionRequest = z.strictObject({
  user_id: Id,
  coach_id: Id.optional(),
  meeting_start: Instant,
  meeting_end: Instant,
  meeting_details: z.string().max(4000).default(""),
});
export type BookSessionRequest = z.infer<typeof BookSessionRequest>;

export const RescheduleRequest = z.strictObject({ meeting_start: Instant, meeting_end: Instant });
export const BookingIdParams = z.strictObject({ id: Id });

export const Booking = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  coach_id: z.number().int().nullable(),
  candidate_name: z.string(),
  candidate_email: z.string(),
  coach_name: z.string(),
  /** The zone of the coach's profile: staff screens show the session's times in it (mails do too). */
  coach_time_zone: z.string(),
  meeting_start: z.string(),
  meeting_end: z.string(),
  meeting_details: z.string(),
  status: z.enum(["booked", "cancelled"]),
  meeting_link: z.string().nullable(),
  meeting_place: z.string().nullable(),
  /** Until when the candidate may cancel (credit back) or move the session; null once over. */
  cancel_until: z.string().nullable(),
  reschedule_until: z.string().nullable(),
  can_cancel: z.boolean(),
  can_reschedule: z.boolean(),
  created_at: z.string(),
});
export type Booking = z.infer<typeof Booking>;

export const Credits = z.object({
  /** "2026-12": the month (UTC) the figures are for. */
  month: z.string(),
  per_month: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  package_name: z.string(),
});
export type Credits = z.infer<typeof Credits>;

export const BookSessionResponse = z.object({ error: z.literal(false), model: Booking, credits: Credits });

export const MyCoachingResponse = z.object({
  error: z.literal(false),
  credits: Credits,
  upcoming: z.array(Booking),
  past: z.array(Booking),
  /** A note to start from: the candidate's weakest themes and recently missed questions. */
  note_suggestion: z.string(),
});
export type MyCoachingResponse = z.infer<typeof MyCoachingResponse>;

// ---------------------------------------------------------------- coaches

export const Coach = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  bio: z.string(),
  photo: z.string().nullable(),
  tracks: z.array(z.string()),
  themes: z.array(z.string()),
  languages: z.array(z.string()),
  meeting_link: z.string().nullable(),
  meeting_place: z.string().nullable(),
  time_zone: z.string(),
  session_minutes: z.number().int(),
  cancel_notice_hours: z.number().int(),
  reschedule_notice_hours: z.number().int(),
});
export type Coach = z.infer<typeof Coach>;
export const CoachListResponse = z.object({ error: z.literal(false), list: z.array(Coach) });

const Minute = z.number().int().min(0).max(1440);
export const WeeklyHours = z.strictObject({ day: z.number().int().min(0).max(6), start: Minute, end: Minute });
export const DateOverride = z.strictObject({ date: DateOnly, ranges: z.array(z.strictObject({ start: Minute, end: Minute })).max(8) });

/** What a coach sets on their own availability screen. */
export const CoachSettings = z.strictObject({
  bio: z.string().max(4000),
  photo: z.string().max(500).nullable(),
  tracks: z.array(z.string().max(100)).max(20),
  themes: z.array(z.string().max(100)).max(50),
  languages: z.array(z.string().max(50)).max(20),
  meeting_link: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .nullable(),
  meeting_place: z.string().max(300).nullable(),
  time_zone: TimeZoneName,
  session_minutes: z.number().int().min(15).max(240),
  buffer_before_minutes: z.number().int().min(0).max(120),
  buffer_after_minutes: z.number().int().min(0).max(120),
  min_notice_minutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 14),
  horizon_days: z.number().int().min(1).max(365),
  daily_cap: z.number().int().min(1).max(24),
  cancel_notice_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14),
  reschedule_notice_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14),
  weekly: z.array(WeeklyHours).max(50),
  overrides: z.array(DateOverride).max(200),
  is_active: z.boolean(),
});
export type CoachSettings = z.infer<typeof CoachSettings>;
export const CoachSettingsResponse = z.object({ error: z.literal(false), model: CoachSettings });

export const CoachWeekQuery = z.strictObject({ from: Instant, to: Instant });
/** A span of a coach's working hours, as instants. */
export const WorkingHours = z.object({ start: Instant, end: Instant });
export type WorkingHours = z.infer<typeof WorkingHours>;
/** A coach's week view: their sessions, and their working hours over the same range. */
export const CoachWeekResponse = z.object({
  error: z.literal(false),
  list: z.array(Booking),
  hours: z.array(WorkingHours),
  /** Whether the coach takes bookings now: the hours are bookable only then. */
  taking_bookings: z.boolean(),
  /** The zone of the coach's profile ("UTC" before they save one): the week is laid out in it. */
  time_zone: z.string(),
});
export type CoachWeekResponse = z.infer<typeof CoachWeekResponse>;

// ---------------------------------------------------------------- staff

export const AdminBookingListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
  coach_id: Id.optional(),
  user_id: Id.optional(),
  status: z.enum(["booked", "cancelled"]).optional(),
  when: z.enum(["upcoming", "past"]).optional(),
  sort: z.enum(["id", "meeting_start", "created_at"]).default("meeting_start"),
  direction: z.enum(["asc", "desc"]).default("desc"),
});
export type AdminBookingListQuery = z.infer<typeof AdminBookingListQuery>;
export const AdminBookingListResponse = z.object({
  error: z.literal(false),
  list: z.array(Booking),
  total: z.number().int(),
  limit: z.number().int(),
  num_pages: z.number().int(),
  page: z.number().int(),
});

/** What the coach reads before a session. */
export const LearnerBrief = z.object({
  booking: Booking,
  track_name: z.string().nullable(),
  /** 0..1; null until there is a track and enough answers for a figure (finished quizzes or not). */
  readiness: z.number().nullable(),
  /** The candidate's finished quizzes (submitted or timed out): none is what "No finished quiz yet" means. */
  finished_quizzes: z.number().int(),
  /** The weakest themes answered so far: over the track's themes, or over every answered theme before a track is chosen. */
  weakest_themes: z.array(z.object({ theme: z.string(), theme_name: z.string(), mastery: z.number() })),
  recent_quizzes: z.array(
    z.object({ id: z.number().int(), title: z.string(), status: z.string(), score: z.number().nullable(), at: z.string() }),
  ),
  missed_questions: z.array(z.object({ theme: z.string(), stem: z.string() })),
});
export type LearnerBrief = z.infer<typeof LearnerBrief>;
export const LearnerBriefResponse = z.object({ error: z.literal(false), model: LearnerBrief });

/** `scheduling/google-calendar-event`: put a session in a calendar (503 without a configured provider). */
export const CalendarEventRequest = z.strictObject({
  tokens: z.record(z.string(), z.unknown()).optional(),
  summary: z.string().min(1).max(300),
  location: z.string().max(500).default(""),
  description: z.string().max(4000).default(""),
  startTime: Instant,
  endTime: Instant,
  attendees: z.array(z.email()).max(20).default([]),
});
export type CalendarEventRequest = z.infer<typeof CalendarEventRequest>;
export const CalendarEventResponse = z.object({ error: z.literal(false), id: z.string() });
