/**
 * The terms of an exam accommodation (decision 30). This file imports nothing, so the candidate's
 * screens read it without pulling in zod; the schemas are in accommodations.ts.
 */
export const EXTRA_TIME_FACTORS = [1.25, 1.5, 2] as const;
export type ExtraTimeFactor = (typeof EXTRA_TIME_FACTORS)[number];
/** The most break minutes one timed quiz or mock exam may carry. */
export const MAX_BREAK_MINUTES = 120;
/** The longest an accommodation may be granted for, from today. */
export const MAX_ACCOMMODATION_YEARS = 5;

/** "×1.5" as the screens show it. */
export const formatFactor = (factor: number) => `×${factor}`;
