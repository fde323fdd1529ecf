/**
 * What the coaching module offers the routes and other modules. The rules live in one file per
 * concern: availability (coaches and their open slots), bookings (book, cancel, move), booking-mails,
 * booking-view (a booking's answer and the month's credits), my-sessions (the candidate's own),
 * coach-settings (a coach's own screens), staff-bookings and calendar-event.
 */

export { daySlots, listCoaches, openDates, rangeSlots } from "./availability.ts";
export { bookSession, cancelSession, type Deps, getBooking, rescheduleSession } from "./bookings.ts";
export { createCalendarEvent } from "./calendar-event.ts";
export { coachWeek, DEFAULT_SETTINGS, getMySettings, saveMySettings } from "./coach-settings.ts";
export { myCoaching, noteSuggestion, type PlanSession, sessionOfCandidate, sessionsOfCandidate } from "./my-sessions.ts";
export { countUpcomingSessions, learnerBrief, listBookings } from "./staff-bookings.ts";
