import { z } from "zod";

export const DailyPoint = z.object({ date: z.string(), value: z.number() });
export type DailyPoint = z.infer<typeof DailyPoint>;

/** Money in integer minor units (cents) of `currency`. */
const Money = z.object({ currency: z.string(), amount: z.number().int() });

/**
 * The admin dashboard's figures. Every series has one point per day of the last `days` days,
 * oldest first, zero-filled; days are calendar days in `time_zone` (the admin's own time zone).
 */
export const AdminDashboard = z.object({
  days: z.number().int(),
  time_zone: z.string(),
  users: z.object({
    candidates: z.number().int(),
    staff: z.number().int(),
    newInPeriod: z.number().int(),
    signups: z.array(DailyPoint),
  }),
  subscriptions: z.object({
    /** Subscriptions that give access now: active or trialing (including those set to end with their period). */
    active: z.number().int(),
    trialing: z.number().int(),
    endingAtPeriodEnd: z.number().int(),
    byPackage: z.array(z.object({ package: z.string(), count: z.number().int() })),
    newInPeriod: z.number().int(),
    started: z.array(DailyPoint),
  }),
  revenue: z.object({
    /**
     * Monthly recurring revenue per currency: the prices of active (paying, so not trialing)
     * subscriptions with a licensed recurring price, normalized to a month (a year is 1/12,
     * a week 52/12, a day 365/12, divided by the interval count), rounded to whole minor units.
     * The academy's own currency is always listed, at 0 when nothing is paying.
     */
    mrr: z.array(Money),
    /** Card payments that succeeded in the period, per currency (the academy's always), with their daily sums. */
    collected: z.array(z.object({ currency: z.string(), amount: z.number().int(), series: z.array(DailyPoint) })),
  }),
  quizzes: z.object({
    /** Finished quizzes (submitted, or exams closed by their time limit), ever. */
    total: z.number().int(),
    inPeriod: z.number().int(),
    /** Mean score (0..1) of the quizzes finished in the period; null when none. */
    averageScore: z.number().nullable(),
    taken: z.array(DailyPoint),
  }),
  /** Share of questions answered right (0..1) per theme, over the quizzes finished in the period. */
  themes: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      questions: z.number().int(),
      correct: z.number().int(),
      averageScore: z.number(),
    }),
  ),
  coaching: z.object({
    /** Booked coaching sessions that have not started yet. */
    upcoming: z.number().int(),
  }),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

export const AdminDashboardResponse = z.object({ error: z.literal(false), model: AdminDashboard });

/** The candidate's own dashboard answer is `DashboardResponse` in quiz.ts (readiness, reviews, quota). */
export const DashboardQuery = z.strictObject({ days: z.coerce.number().int().min(7).max(365).default(30) });
