// Booking, cancelling and moving a session: each in one transaction, with the coach's row locked.
import type { Booking, BookSessionRequest } from "@academy/contract/coaching";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/http-error.ts";
import { can } from "../../lib/permissions.ts";
import type { Principal } from "../../plugins/auth.ts";
import type { CalendarProvider } from "../../providers/calendar/calendar.ts";
import { assertAllowed } from "../entitlements/service.ts";
import { withdrawMail } from "../mail/service.ts";
import { activeCoach, bookedAround, freeCoachFor, rulesOf } from "./availability.ts";
import { mailBoth, queueReminder } from "./booking-mails.ts";
import { creditsOf, fullName, HOUR, monthOf, toBooking } from "./booking-view.ts";
import * as repo from "./repo.ts";
import { noticeText, refusalOf } from "./slots.ts";

export type Deps = { db: Db; publicUrl: string; calendar: CalendarProvider | null };

export function parseTimes(startText: string, endText: string): { start: number; end: number } {
  const start = Date.parse(startText);
  const end = Date.parse(endText);
  if (!Number.isFinite(start) || !Number.isFinite(end)) throw badRequest("Invalid time");
  if (end <= start) throw badRequest("The session must end after it starts", { meeting_end: "Must be after meeting_start" });
  return { start, end };
}

function throwRefusal(refusal: { status: 400 | 409; message: string }): never {
  throw refusal.status === 409 ? conflict(refusal.message) : badRequest(refusal.message, { meeting_start: refusal.message });
}

/** Was this error the database refusing a second booking of the coach's time? */
function isDoubleBooking(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.code ?? err.cause?.code) === "23P01";
}

/**
 * Books a session in one transaction: the coach's row is locked (their bookings, daily cap and
 * buffers are checked against a settled list), then the candidate's (credits are counted and
 * spent once), and the exclusion constraint refuses any overlap whatever else wrote the table.
 */
export async function bookSession(deps: Deps, principal: Principal, body: BookSessionRequest, now = Date.now()) {
  const { db } = deps;
  if (!can(principal, "coaching.all") && body.user_id !== principal.id) throw forbidden("You can only book sessions for yourself");
  const { start, end } = parseTimes(body.meeting_start, body.meeting_end);
  if (body.coach_id === body.user_id) throw badRequest("A coach cannot book a session with themselves");
  // Chosen before the transaction; inside it the coach's row is locked and everything checked again.
  const coachId = body.coach_id ?? (await freeCoachFor(db, body.user_id, start, end, now));
  try {
    return await db.transaction(async (tx) => {
      const coach = await activeCoach(tx, coachId, true);
      const candidate = await repo.lockUser(tx, body.user_id);
      if (candidate?.role !== "user") throw notFound("No such candidate");
      const refusal = refusalOf(rulesOf(coach), start, end, await bookedAround(tx, coach, start, end), now);
      if (refusal) throwRefusal(refusal);
      if (await repo.candidateOverlaps(tx, candidate.id, new Date(start), new Date(end)))
        throw conflict("You already have a session at this time");
      const month = monthOf(start);
      await assertAllowed(tx, candidate.id, { kind: "coaching.book", usedThisMonth: await repo.countCreditsUsed(tx, candidate.id, month) });
      const row = await repo.insertBooking(tx, {
        userId: candidate.id,
        coachId: coach.userId,
        meetingStart: new Date(start),
        meetingEnd: new Date(end),
        meetingDetails: body.meeting_details ?? "",
        blockedStart: new Date(start - coach.bufferBeforeMinutes * 60_000),
        blockedEnd: new Date(end + coach.bufferAfterMinutes * 60_000),
        creditMonth: month,
        timeZone: candidate.timeZone,
      });
      const booking = await repo.findBooking(tx, row.id);
      if (!booking) throw new Error("the new booking is gone");
      await mailBoth(deps, tx, booking, "coaching-booked");
      await repo.updateBooking(tx, row.id, { reminderMailId: await queueReminder(deps, tx, booking, now) });
      return { model: toBooking(booking, now), credits: await creditsOf(tx, candidate.id, month) };
    });
  } catch (e) {
    if (isDoubleBooking(e)) throw conflict("This time was just booked by someone else. Choose another slot.");
    throw e;
  }
}

/** Whether the caller acts on the booking as staff: its coach, or staff over every coach's bookings. */
const isStaffOf = (principal: Principal, booking: repo.BookingRow) =>
  can(principal, "coaching.all") || (can(principal, "coaching.own") && booking.row.coachId === principal.id);

async function ownBooking(db: Db, principal: Principal, id: number, lock: boolean): Promise<repo.BookingRow> {
  const booking = await repo.findBooking(db, id, lock);
  if (!booking || booking.row.coachId === null) throw notFound("No such booking");
  if (booking.row.userId === principal.id || isStaffOf(principal, booking)) return booking;
  // Another candidate's booking answers as if it did not exist; staff learn it is not theirs.
  if (principal.role === "admin") throw forbidden("This is another coach's booking");
  throw notFound("No such booking");
}

/**
 * Cancels a session. The candidate may until the coach's cancel notice before it starts (the
 * credit comes back); staff may at any time before it starts (the credit comes back too).
 */
export async function cancelSession(deps: Deps, principal: Principal, id: number, now = Date.now()) {
  return deps.db.transaction(async (tx) => {
    const booking = await ownBooking(tx, principal, id, true);
    if (booking.row.status !== "booked") throw conflict("This session is already cancelled");
    const start = booking.row.meetingStart.getTime();
    if (start <= now) throw conflict("This session has already started");
    const notice = (booking.cancelNoticeHours ?? 0) * HOUR;
    if (!isStaffOf(principal, booking) && now > start - notice)
      throw conflict(`Sessions can be cancelled up to ${noticeText((booking.cancelNoticeHours ?? 0) * 60)} before they start`);
    await repo.updateBooking(tx, id, {
      status: "cancelled",
      cancelledAt: new Date(now),
      cancelledBy: principal.id,
      sequence: booking.row.sequence + 1,
      reminderMailId: null,
    });
    if (booking.row.reminderMailId) await withdrawMail(tx, booking.row.reminderMailId);
    const after = (await repo.findBooking(tx, id))!;
    await mailBoth(deps, tx, after, "coaching-cancelled", {
      cancelled_by: principal.id === booking.row.userId ? fullName(booking.candidateFirst, booking.candidateLast) : "the academy",
    });
    return { model: toBooking(after, now), credits: await creditsOf(tx, booking.row.userId, booking.row.creditMonth ?? monthOf(start)) };
  });
}

/** Moves a session to another open slot of the same coach, up to the reschedule notice; the credit stays spent once. */
export async function rescheduleSession(
  deps: Deps,
  principal: Principal,
  id: number,
  body: { meeting_start: string; meeting_end: string },
  now = Date.now(),
) {
  const { start, end } = parseTimes(body.meeting_start, body.meeting_end);
  try {
    return await deps.db.transaction(async (tx) => {
      const first = await ownBooking(tx, principal, id, false);
      const coach = await activeCoach(tx, first.row.coachId!, true);
      const booking = await ownBooking(tx, principal, id, true);
      if (booking.row.status !== "booked") throw conflict("This session is cancelled");
      const oldStart = booking.row.meetingStart.getTime();
      if (oldStart <= now) throw conflict("This session has already started");
      if (!isStaffOf(principal, booking) && now > oldStart - coach.rescheduleNoticeHours * HOUR)
        throw conflict(`Sessions can be moved up to ${noticeText(coach.rescheduleNoticeHours * 60)} before they start`);
      const refusal = refusalOf(rulesOf(coach), start, end, await bookedAround(tx, coach, start, end, id), now);
      if (refusal) throwRefusal(refusal);
      if (await repo.candidateOverlaps(tx, booking.row.userId, new Date(start), new Date(end), id))
        throw conflict("You already have a session at this time");
      await repo.updateBooking(tx, id, {
        meetingStart: new Date(start),
        meetingEnd: new Date(end),
        blockedStart: new Date(start - coach.bufferBeforeMinutes * 60_000),
        blockedEnd: new Date(end + coach.bufferAfterMinutes * 60_000),
        sequence: booking.row.sequence + 1,
      });
      if (booking.row.reminderMailId) await withdrawMail(tx, booking.row.reminderMailId);
      const after = (await repo.findBooking(tx, id))!;
      await mailBoth(deps, tx, after, "coaching-changed", { previous: "" }, booking.row.meetingStart);
      await repo.updateBooking(tx, id, { reminderMailId: await queueReminder(deps, tx, after, now) });
      return { model: toBooking(after, now), credits: await creditsOf(tx, booking.row.userId, booking.row.creditMonth ?? monthOf(start)) };
    });
  } catch (e) {
    if (isDoubleBooking(e)) throw conflict("This time was just booked by someone else. Choose another slot.");
    throw e;
  }
}

export async function getBooking(db: Db, principal: Principal, id: number, now = Date.now()): Promise<Booking> {
  return toBooking(await ownBooking(db, principal, id, false), now);
}
