/** Cache keys of the coaching queries: a booking change invalidates everything under COACHING. */
export const COACHING = "coaching";
export const BOOKINGS = "scheduling-bookings";
