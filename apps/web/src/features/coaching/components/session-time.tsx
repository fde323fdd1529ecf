import type { Booking } from "@academy/contract/coaching";
import { timeIn, whenIn } from "../calendar";

type Session = Pick<Booking, "meeting_start" | "meeting_end" | "coach_time_zone">;

/** "Tuesday 24 November, 10:00–10:45" in the zone of the session's coach (their profile's, as their mails say it). */
export const sessionWhen = (b: Session) => `${whenIn(b.meeting_start, b.coach_time_zone)}–${timeIn(b.meeting_end, b.coach_time_zone)}`;

/** A session's day and times on the staff screens, in its coach's zone and labelled with it. */
export function SessionTime({ booking, className = "font-medium text-slate-900" }: { booking: Session; className?: string }) {
  return (
    <span className={className}>
      {sessionWhen(booking)} <span className="whitespace-nowrap text-xs font-normal text-slate-600">({booking.coach_time_zone})</span>
    </span>
  );
}

/** What the bookings table says of its times: the coach's own zone, or each coach's for those who see every coach. */
export function bookingsZoneText(seesEveryCoach: boolean, ownZone: string | undefined): string {
  if (seesEveryCoach) return "each in its coach's time zone";
  return ownZone ? `in your time zone (${ownZone})` : "in your time zone";
}
