/** Cache keys of the coaching queries: a booking change invalidates everything under COACHING. */
export const COACHING = "coaching";
export const BOOKINGS = "scheduling-bookings";

export const coachingKeys = {
  all: [COACHING] as const,
  my: [COACHING, "my"] as const,
  coaches: [COACHING, "coaches"] as const,
  settings: [COACHING, "settings"] as const,
  dates: (coachId: number | null, month: string, tz: string) => [COACHING, "dates", coachId, month, tz] as const,
  slots: (coachId: number | null, date: string | null, tz: string) => [COACHING, "slots", coachId, date, tz] as const,
  week: (from: string, to: string) => [COACHING, "week", from, to] as const,
  /** Staff's bookings (a resource table) and each booking's learner brief. */
  bookings: [BOOKINGS] as const,
  learner: (bookingId: number) => [BOOKINGS, "learner", bookingId] as const,
};
