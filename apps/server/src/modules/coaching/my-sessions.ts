// A candidate's own sessions: the coaching screen, the study plan's sessions and the note to start from.
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { notFound } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import { coachingBrief } from "../quiz/service.ts";
import { creditsOf, fullName, monthOf, toBooking } from "./booking-view.ts";
import * as repo from "./repo.ts";

/** The candidate's sessions, credits of this month and a note to start from. */
export async function myCoaching(db: Db, principal: Principal, now = Date.now()) {
  const [rows, credits, note] = await readTogether(db, [
    () => repo.listBookingsOf(db, principal.id),
    () => creditsOf(db, principal.id, monthOf(now)),
    () => noteSuggestion(db, principal.id, new Date(now)),
  ]);
  const all = rows.map((r) => toBooking(r, now));
  return {
    credits,
    upcoming: all.filter((b) => b.status === "booked" && Date.parse(b.meeting_end) > now).reverse(),
    past: all.filter((b) => !(b.status === "booked" && Date.parse(b.meeting_end) > now)),
    note_suggestion: note,
  };
}

/** A candidate's session as a study plan shows it. */
export type PlanSession = { id: number; coachName: string; start: Date; end: Date; status: "booked" | "cancelled"; timeZone: string };

const toPlanSession = (b: repo.BookingRow): PlanSession => ({
  id: b.row.id,
  coachName: fullName(b.coachFirst, b.coachLast),
  start: b.row.meetingStart,
  end: b.row.meetingEnd,
  status: b.row.status,
  timeZone: b.row.timeZone,
});

/** The candidate's sessions with a coach, newest first (booked and cancelled). */
export async function sessionsOfCandidate(db: Db, userId: number): Promise<PlanSession[]> {
  return (await repo.listBookingsOf(db, userId)).map(toPlanSession);
}

/** One of the candidate's sessions with a coach; another person's answers 404, as if it did not exist. */
export async function sessionOfCandidate(db: Db, userId: number, id: number): Promise<PlanSession> {
  const booking = await repo.findBooking(db, id);
  if (!booking || booking.row.coachId === null || booking.row.userId !== userId) throw notFound("No such coaching session");
  return toPlanSession(booking);
}

/** The booking note to start from: the weakest themes and the questions missed most recently. */
export async function noteSuggestion(db: Db, userId: number, now: Date): Promise<string> {
  const brief = await coachingBrief(db, userId, now);
  const lines: string[] = [];
  if (brief.weakestThemes.length)
    lines.push(`I'd like to work on: ${brief.weakestThemes.map((t) => `${t.themeName} (${Math.round(t.mastery * 100)}%)`).join(", ")}.`);
  if (brief.missedQuestions.length) {
    lines.push("Questions I missed recently:");
    for (const q of brief.missedQuestions.slice(0, 3)) lines.push(`- ${q.stem.length > 160 ? `${q.stem.slice(0, 157)}...` : q.stem}`);
  }
  return lines.join("\n");
}
