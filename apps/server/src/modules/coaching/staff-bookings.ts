// The staff's scheduling screens: every booking, a learner's brief before a session, the dashboard's count.
import type { AdminBookingListQuery, LearnerBrief } from "@academy/contract/coaching";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { coachingBrief } from "../quiz/service.ts";
import { toBooking } from "./booking-view.ts";
import * as repo from "./repo.ts";

export async function listBookings(db: Db, q: AdminBookingListQuery, now = Date.now()) {
  const { rows, total } = await repo.listAllBookings(db, {
    coachId: q.coach_id,
    userId: q.user_id,
    status: q.status,
    when: q.when,
    q: q.q,
    now: new Date(now),
    sort: q.sort,
    direction: q.direction,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return {
    list: rows.map((b) => toBooking(b, now)),
    total,
    limit: q.limit,
    num_pages: Math.max(1, Math.ceil(total / q.limit)),
    page: q.page,
  };
}

/** What staff read before a session: the candidate's readiness, weakest themes, latest quizzes and missed questions. */
export async function learnerBrief(db: Db, id: number, now = Date.now()): Promise<LearnerBrief> {
  const booking = await repo.findBooking(db, id);
  if (!booking || booking.row.coachId === null) throw notFound("No such booking");
  const brief = await coachingBrief(db, booking.row.userId, new Date(now));
  return {
    booking: toBooking(booking, now),
    track_name: brief.trackName,
    readiness: brief.readiness,
    weakest_themes: brief.weakestThemes.map((t) => ({ theme: t.theme, theme_name: t.themeName, mastery: t.mastery })),
    recent_quizzes: brief.recentQuizzes,
    missed_questions: brief.missedQuestions,
  };
}

/** Coaching sessions booked that have not started by `now` (the staff dashboard). */
export const countUpcomingSessions = (db: Db, now: Date) => repo.countUpcoming(db, now);
