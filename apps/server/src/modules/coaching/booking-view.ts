// How a booking answers (with what the person may still do with it) and a month's coaching credits.
import type { Booking, Credits } from "@academy/contract/coaching";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { getEntitlements } from "../entitlements/service.ts";
import * as repo from "./repo.ts";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A coach's zone before they save their settings (as coach_profiles defaults it). */
export const DEFAULT_COACH_ZONE = "UTC";

export const iso = (t: number) => new Date(t).toISOString();
export const monthOf = (t: number) => new Date(t).toISOString().slice(0, 7);
export const fullName = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();

export function toBooking(b: repo.BookingRow, now: number): Booking {
  const start = b.row.meetingStart.getTime();
  const isOpen = b.row.status === "booked" && start > now;
  const cancelUntil = isOpen ? start - (b.cancelNoticeHours ?? 0) * HOUR : null;
  const rescheduleUntil = isOpen ? start - (b.rescheduleNoticeHours ?? 0) * HOUR : null;
  return {
    id: b.row.id,
    user_id: b.row.userId,
    coach_id: b.row.coachId,
    candidate_name: fullName(b.candidateFirst, b.candidateLast),
    candidate_email: b.candidateEmail,
    coach_name: fullName(b.coachFirst, b.coachLast),
    coach_time_zone: b.coachTimeZone ?? DEFAULT_COACH_ZONE,
    meeting_start: b.row.meetingStart.toISOString(),
    meeting_end: b.row.meetingEnd.toISOString(),
    meeting_details: b.row.meetingDetails,
    status: b.row.status,
    meeting_link: b.meetingLink,
    meeting_place: b.meetingPlace,
    cancel_until: cancelUntil === null ? null : iso(cancelUntil),
    reschedule_until: rescheduleUntil === null ? null : iso(rescheduleUntil),
    can_cancel: cancelUntil !== null && now <= cancelUntil,
    can_reschedule: rescheduleUntil !== null && now <= rescheduleUntil,
    created_at: b.row.createdAt.toISOString(),
  };
}

export async function creditsOf(db: Db, userId: number, month: string): Promise<Credits> {
  const [plan, used] = await readTogether(db, [() => getEntitlements(db, userId), () => repo.countCreditsUsed(db, userId, month)]);
  return {
    month,
    per_month: plan.coachingSessionsPerMonth,
    used,
    left: Math.max(0, plan.coachingSessionsPerMonth - used),
    package_name: plan.packageName,
  };
}
