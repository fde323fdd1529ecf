// The mails of a booking: both people told of each change with the calendar invite, and the reminder.
import type { Db } from "../../db/client.ts";
import { enqueueMail, type TemplateSlug } from "../mail/service.ts";
import { DAY, fullName, HOUR } from "./booking-view.ts";
import { sessionInvite } from "./invite.ts";
import * as repo from "./repo.ts";

function whenText(t: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "full", timeStyle: "short" }).format(t);
}

/** Mails the candidate and the coach about a booking, each in their own time zone, with the invite attached. */
export async function mailBoth(
  deps: { publicUrl: string },
  tx: Db,
  b: repo.BookingRow,
  slug: Extract<TemplateSlug, "coaching-booked" | "coaching-changed" | "coaching-cancelled">,
  extra: Record<string, string> = {},
  previousStart?: Date,
): Promise<void> {
  const coachRow = b.row.coachId ? await repo.findCoach(tx, b.row.coachId) : undefined;
  const coachZone = coachRow?.timeZone ?? "UTC";
  const candidateName = fullName(b.candidateFirst, b.candidateLast) || b.candidateEmail;
  const coachName = fullName(b.coachFirst, b.coachLast) || "your coach";
  const where = b.meetingLink ?? b.meetingPlace ?? "the coach will send the details";
  const host = new URL(deps.publicUrl).hostname;
  const ics = sessionInvite(
    {
      id: b.row.id,
      sequence: b.row.sequence,
      start: b.row.meetingStart,
      end: b.row.meetingEnd,
      summary: `Coaching: ${candidateName} with ${coachName}`,
      description: b.row.meetingDetails,
      location: b.meetingLink ?? b.meetingPlace,
      url: b.meetingLink,
      coach: { name: coachName, email: b.coachEmail ?? "" },
      candidate: { name: candidateName, email: b.candidateEmail },
    },
    slug === "coaching-cancelled" ? "cancel" : "request",
    host,
  );
  // The method in the content type makes the mail an iMIP invitation (providers/mail/transport.ts).
  const method = slug === "coaching-cancelled" ? "CANCEL" : "REQUEST";
  const attachments = [{ filename: "coaching-session.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content: ics }];
  const people = [
    { to: b.candidateEmail, first: b.candidateFirst, other: coachName, zone: b.row.timeZone, url: `${deps.publicUrl}/user/get-coaching` },
    ...(b.coachEmail
      ? [{ to: b.coachEmail, first: b.coachFirst ?? "", other: candidateName, zone: coachZone, url: `${deps.publicUrl}/admin/scheduling` }]
      : []),
  ];
  for (const p of people)
    await enqueueMail(
      tx,
      slug,
      p.to,
      {
        first_name: p.first,
        other_name: p.other,
        when: whenText(b.row.meetingStart, p.zone),
        previous: previousStart ? whenText(previousStart, p.zone) : "",
        time_zone: p.zone,
        where,
        note: b.row.meetingDetails || "none",
        manage_url: p.url,
        ...extra,
        ...(previousStart ? { previous: whenText(previousStart, p.zone) } : {}),
      },
      { attachments },
    );
}

/**
 * Queues the reminder in the outbox, due a day before the session (an hour before when booked
 * later than that): the outbox worker of whichever instance claims it first sends it once.
 */
export async function queueReminder(deps: { publicUrl: string }, tx: Db, b: repo.BookingRow, now: number): Promise<number | null> {
  const start = b.row.meetingStart.getTime();
  const sendAt = [start - DAY, start - HOUR].find((t) => t > now);
  if (sendAt === undefined) return null;
  const coachName = fullName(b.coachFirst, b.coachLast) || "your coach";
  return enqueueMail(
    tx,
    "coaching-reminder",
    b.candidateEmail,
    {
      first_name: b.candidateFirst,
      other_name: coachName,
      when: whenText(b.row.meetingStart, b.row.timeZone),
      time_zone: b.row.timeZone,
      where: b.meetingLink ?? b.meetingPlace ?? "the coach will send the details",
      manage_url: `${deps.publicUrl}/user/get-coaching`,
    },
    { sendAt: new Date(sendAt) },
  );
}
