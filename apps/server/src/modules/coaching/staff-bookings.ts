// The staff's scheduling screens: every booking, a learner's brief before a session, the dashboard's count.
import type { AdminBookingListQuery, LearnerBrief } from "@academy/contract/coaching";
import type { Db } from "../../db/client.ts";
import { forbidden, notFound } from "../../lib/http-error.ts";
import { can } from "../../lib/permissions.ts";
import type { Principal } from "../../plugins/auth.ts";
import { coachingBrief } from "../quiz/service.ts";
import { toBooking } from "./booking-view.ts";
import * as repo from "./repo.ts";

/**
 * The bookings staff see: every coach's with `coaching.all`, otherwise the caller's own as coach
 * (asking for another coach's answers 403).
 */
export async function listBookings(db: Db, principal: Principal, q: AdminBookingListQuery, now = Date.now()) {
  const isAll = can(principal, "coaching.all");
  if (!isAll && q.coach_id !== undefined && q.coach_id !== principal.id) throw forbidden("You can see your own bookings only");
  const { rows, total } = await repo.listAllBookings(db, {
    coachId: isAll ? q.coach_id : principal.id,
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

/**
 * What staff read before a session: the candidate's readiness, weakest themes, latest quizzes and
 * missed questions. A coach reads the learners of their own bookings only (another coach's: 403).
 */
export async function learnerBrief(db: Db, principal: Principal, id: number, now = Date.now()): Promise<LearnerBrief> {
  const booking = await repo.findBooking(db, id);
  if (!booking || booking.row.coachId === null) throw notFound("No such booking");
  if (booking.row.coachId !== principal.id && !can(principal, "coaching.all")) throw forbidden("This is another coach's booking");
  const brief = await coachingBrief(db, booking.row.userId, new Date(now));
  return {
    booking: toBooking(booking, now),
    track_name: brief.trackName,
    readiness: brief.readiness,
    finished_quizzes: brief.finishedQuizzes,
    weakest_themes: brief.weakestThemes.map((t) => ({ theme: t.theme, theme_name: t.themeName, mastery: t.mastery })),
    recent_quizzes: brief.recentQuizzes,
    missed_questions: brief.missedQuestions,
  };
}

/** Coaching sessions booked that have not started by `now` (the staff dashboard). */
export const countUpcomingSessions = (db: Db, now: Date) => repo.countUpcoming(db, now);
