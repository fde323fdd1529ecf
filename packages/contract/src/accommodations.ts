import { z } from "zod";
import { MAX_BREAK_MINUTES } from "./accommodation-terms.ts";

/**
 * Exam accommodations (decision 30): extra time on timed quizzes and mock exams, and break time
 * of their own, granted to a candidate by staff until an end date.
 */
export {
  EXTRA_TIME_FACTORS,
  type ExtraTimeFactor,
  formatFactor,
  MAX_ACCOMMODATION_YEARS,
  MAX_BREAK_MINUTES,
} from "./accommodation-terms.ts";

export const Accommodation = z.object({
  user_id: z.number().int(),
  extra_time_factor: z.number(),
  /** Minutes of breaks a timed quiz or mock exam carries on top of its time; null: none. */
  break_minutes: z.number().int().nullable(),
  /** For staff: why, and what was agreed. Never shown to the candidate or kept in the log. */
  note: z.string(),
  /** The last day it applies (in the candidate's time zone). */
  ends_on: z.string(),
  /** Whether it applies today; false once the end date has passed. */
  in_force: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Accommodation = z.infer<typeof Accommodation>;

export const AccommodationRequest = z.strictObject({
  extra_time_factor: z.union([z.literal(1.25), z.literal(1.5), z.literal(2)], {
    error: "Choose extra time of ×1.25, ×1.5 or ×2",
  }),
  break_minutes: z
    .number({ error: "Break minutes must be a whole number" })
    .int({ error: "Break minutes must be a whole number" })
    .min(1, { error: "Breaks must be at least 1 minute (leave it empty for none)" })
    .max(MAX_BREAK_MINUTES, { error: `Breaks may be at most ${MAX_BREAK_MINUTES} minutes` })
    .nullable()
    .default(null),
  note: z.string().trim().max(500, { error: "The note may be at most 500 characters" }).default(""),
  ends_on: z.iso.date({ error: "Give the end date as YYYY-MM-DD" }),
});
export type AccommodationRequest = z.input<typeof AccommodationRequest>;
/** A request as the server has it, defaults applied. */
export type AccommodationTerms = z.output<typeof AccommodationRequest>;

export const AccommodationResponse = z.object({ error: z.literal(false), model: Accommodation.nullable() });
export type AccommodationResponse = z.infer<typeof AccommodationResponse>;

/** What the candidate sees of their own accommodation: only one in force, without the staff note. */
export const OwnAccommodation = z.object({
  extra_time_factor: z.number(),
  break_minutes: z.number().int().nullable(),
  ends_on: z.string(),
});
export type OwnAccommodation = z.infer<typeof OwnAccommodation>;
export const OwnAccommodationResponse = z.object({ error: z.literal(false), model: OwnAccommodation.nullable() });
export type OwnAccommodationResponse = z.infer<typeof OwnAccommodationResponse>;

/** What a timed quiz or mock exam was started with; it keeps it whatever happens to the grant after. */
export const QuizExtraTime = z.object({
  factor: z.number(),
  break_minutes: z.number().int().nullable(),
  /** The time limit without the accommodation, in seconds. */
  base_seconds: z.number().int(),
});
export type QuizExtraTime = z.infer<typeof QuizExtraTime>;
