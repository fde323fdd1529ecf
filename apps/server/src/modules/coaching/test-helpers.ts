import { asc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { expect } from "vitest";
import { coachProfiles } from "../../db/schema/coaching.ts";
import { schedule } from "../../db/schema/content.ts";
import { packages } from "../../db/schema/packages.ts";
import { users } from "../../db/schema/users.ts";
import { DEMO_COACHES, seedCoaches } from "../../db/seed/coaches.ts";
import type { TestApp } from "../../test/app.ts";
import type { ReceivedMail } from "../../test/mail-server.ts";

type T = TestApp;

/** What the coaching tests share: the scheduling calls, a candidate in New York, the demo coaches. */

export const S = "/v2/api/lambda/scheduling";

export type Slot = { start: string; end: string };
export type Credits = { used: number; left: number; per_month: number };

export const monthOf = (iso: string) => iso.slice(0, 7);

/**
 * The invitation of a mail, read as a mail client reads it (mailparser): the iMIP calendar part of
 * the message body (`text/calendar; method=…`) parsed as iCalendar (ical.js), and whether the
 * same event is attached as an .ics file for clients that do not read iMIP.
 */
export async function inviteOf(m: ReceivedMail) {
  const parsed = await simpleParser(m.source);
  const part = parsed.attachments.find((a) => a.contentType === "text/calendar");
  if (!part) throw new Error("no text/calendar part");
  const mimeMethod = (part.headers.get("content-type") as { params?: Record<string, string> } | undefined)?.params?.method;
  const calendar = new ICAL.Component(ICAL.parse(part.content.toString("utf8")));
  const event = calendar.getFirstSubcomponent("vevent")!;
  const attendees = event.getAllProperties("attendee");
  return {
    mimeMethod,
    hasIcsFile: parsed.attachments.some((a) => a.filename === "coaching-session.ics" && a.contentDisposition === "attachment"),
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence") ?? 0),
    status: event.getFirstPropertyValue("status"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
    organizer: String(event.getFirstPropertyValue("organizer")).toLowerCase(),
    attendees: attendees.map((p) => String(p.getFirstValue()).toLowerCase()),
    /** Per attendee: whether an answer is asked for (RSVP) and its participation status. */
    answers: Object.fromEntries(
      attendees.map((p) => [
        String(p.getFirstValue()).toLowerCase(),
        { rsvp: p.getParameter("rsvp"), partstat: p.getParameter("partstat") },
      ]),
    ),
  };
}

/** The scheduling calls and reads of one test app. */
export function coachingCalls(t: T) {
  async function candidate() {
    const who = await t.signUp("user");
    await t.db.update(users).set({ timeZone: "America/New_York" }).where(eq(users.id, who.user_id));
    return who;
  }

  async function monthSlots(coachId: number, token: string, tz = "UTC"): Promise<Slot[]> {
    const today = new Date().toISOString().slice(0, 10);
    const end = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.call("POST", `${S}/tz-month-schedules`, { token, body: { userId: coachId, rangeStart: today, rangeEnd: end, tz } });
    expect(res.statusCode).toBe(200);
    // Slots far enough ahead that every cancel and reschedule window is still open.
    return (res.json() as { list: { date: string; slots: Slot[] }[] }).list
      .flatMap((d) => d.slots)
      .filter((s) => Date.parse(s.start) > Date.now() + 36 * 3_600_000);
  }

  const book = (token: string, body: Record<string, unknown>) => t.call("POST", `${S}/POST`, { token, body });
  const rows = () => t.db.select().from(schedule).orderBy(asc(schedule.id));
  const credits = async (token: string) => ((await t.call("GET", `${S}/my`, { token })).json() as { credits: Credits }).credits;
  return { candidate, monthSlots, book, rows, credits };
}

/** Seeds the two demo coaches (Dana and Sam) and an admin; every plan includes two sessions a month. */
export async function setUpCoaches(t: T) {
  const admin = await t.signUp("admin");
  expect(await seedCoaches(t.db)).toBe(2);
  const coaches = await t.db.select().from(coachProfiles);
  const byEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const dana = await byEmail(DEMO_COACHES[0]!.email);
  const sam = await byEmail(DEMO_COACHES[1]!.email);
  expect(coaches).toHaveLength(2);
  await t.db.update(packages).set({ coachingSessionsPerMonth: 2 });
  return { admin, dana, sam };
}
