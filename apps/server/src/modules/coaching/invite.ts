import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

export type InviteSession = {
  id: number;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  coach: { name: string; email: string };
  candidate: { name: string; email: string };
};

/** One calendar invite (iCalendar) for a session; the same UID across changes, so calendars update it in place. */
export function sessionInvite(session: InviteSession, kind: "request" | "cancel", host: string): string {
  const calendar = ical({
    prodId: { company: "Rescue Academy", product: "Coaching" },
    method: kind === "cancel" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `coaching-session-${session.id}@${host}`,
    sequence: session.sequence,
    start: session.start,
    end: session.end,
    summary: session.summary,
    description: session.description,
    location: session.location ?? undefined,
    url: session.url ?? undefined,
    status: kind === "cancel" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: session.coach.name, email: session.coach.email },
    attendees: [
      // The candidate is asked to answer (RSVP) a new or moved session; the coach organises it.
      {
        name: session.candidate.name,
        email: session.candidate.email,
        role: ICalAttendeeRole.REQ,
        rsvp: kind === "request",
        status: ICalAttendeeStatus.NEEDSACTION,
      },
      { name: session.coach.name, email: session.coach.email, role: ICalAttendeeRole.CHAIR, status: ICalAttendeeStatus.ACCEPTED },
    ],
  });
  return calendar.toString();
}
