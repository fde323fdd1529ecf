import { and, asc, eq, isNull } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/accounts.ts";
import { coachProfiles } from "../../db/schema/coaching.ts";
import { schedule } from "../../db/schema/content.ts";
import { packages } from "../../db/schema/packages.ts";
import { questions } from "../../db/schema/quiz.ts";
import { users } from "../../db/schema/users.ts";
import { DEMO_COACHES, seedCoaches } from "../../db/seed/coaches.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { type ReceivedMail, startMailServer } from "../../test/mail-server.ts";
import { quizQuestion, wrongResponse } from "../../test/quiz-answers.ts";
import { correctResponse } from "../quiz/scoring.ts";

const mail = await startMailServer();
const t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: "https://academy.example" });
const S = "/v2/api/lambda/scheduling";

type Slot = { start: string; end: string };
type Credits = { used: number; left: number; per_month: number };

let admin: Awaited<ReturnType<typeof t.signUp>>;
let dana: number;
let sam: number;
const monthOf = (iso: string) => iso.slice(0, 7);

/** The .ics attached to a mail, parsed. */
function inviteOf(m: ReceivedMail) {
  const part = m.raw.split(/\r?\n--/).find((p) => /Content-Type: text\/calendar/i.test(p));
  if (!part) throw new Error("no calendar part");
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const text = /Content-Transfer-Encoding: base64/i.test(head ?? "")
    ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
    : body;
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence") ?? 0),
    status: event.getFirstPropertyValue("status"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
    attendees: event.getAllProperties("attendee").map((p) => String(p.getFirstValue()).toLowerCase()),
  };
}

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

beforeAll(async () => {
  admin = await t.signUp("admin");
  expect(await seedCoaches(t.db)).toBe(2);
  const coaches = await t.db.select().from(coachProfiles);
  const byEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  dana = await byEmail(DEMO_COACHES[0]!.email);
  sam = await byEmail(DEMO_COACHES[1]!.email);
  expect(coaches).toHaveLength(2);
  // Every plan includes two sessions a month here, the default one too.
  await t.db.update(packages).set({ coachingSessionsPerMonth: 2 });
});

describe("coaches and slots", () => {
  it("lists the seeded coaches and their open slots in the viewer's zone", async () => {
    const user = await candidate();
    const list = (await t.call("GET", `${S}/coaches`, { token: user.token })).json().list as { id: number; time_zone: string }[];
    expect(list.map((c) => c.id).sort()).toEqual([dana, sam].sort());
    const slots = await monthSlots(dana, user.token, "America/New_York");
    expect(slots.length).toBeGreaterThan(10);
    const first = slots[0]!;
    // The day's slots and the month's open dates agree with the range call.
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(first.start));
    const daySlots = (
      await t.call("POST", `${S}/schedules`, { token: user.token, body: { userId: dana, date: day, tz: "America/New_York" } })
    ).json();
    expect(daySlots.list).toContainEqual(first);
    const dates = (
      await t.call("POST", `${S}/dates`, { token: user.token, body: { userId: dana, date: day.slice(0, 7), tz: "America/New_York" } })
    ).json();
    expect(dates.list).toContain(day);
    // 45 minutes in Berlin office hours.
    expect(Date.parse(first.end) - Date.parse(first.start)).toBe(45 * 60_000);
    const berlinHour = Number(
      new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "numeric", hourCycle: "h23" }).format(new Date(first.start)),
    );
    expect(berlinHour).toBeGreaterThanOrEqual(9);
    expect(berlinHour).toBeLessThan(17);
  });

  it("answers 400 for unknown zones, reversed or too long ranges, and 404 for a staff member who does not coach", async () => {
    const user = await candidate();
    const bad = [
      { url: "tz-month-schedules", body: { userId: dana, rangeStart: "2026-01-01", rangeEnd: "2026-01-31", tz: "Mars/Base" }, status: 400 },
      { url: "tz-month-schedules", body: { userId: dana, rangeStart: "2026-02-01", rangeEnd: "2026-01-01", tz: "UTC" }, status: 400 },
      { url: "tz-month-schedules", body: { userId: dana, rangeStart: "2026-01-01", rangeEnd: "2026-12-31", tz: "UTC" }, status: 400 },
      { url: "schedules", body: { userId: dana, date: "2026-13-01" }, status: 400 },
      { url: "dates", body: { userId: dana, date: "2026-01", extra: 1 }, status: 400 },
      { url: "dates", body: { userId: admin.user_id, date: "2026-01" }, status: 404 },
      // The last day a calendar holds has no next day to count to.
      { url: "dates", body: { userId: dana, date: "9999-12" }, status: 400 },
      { url: "schedules", body: { userId: dana, date: "9999-12-31" }, status: 400 },
      { url: "tz-month-schedules", body: { userId: dana, rangeStart: "9999-12-01", rangeEnd: "9999-12-31", tz: "UTC" }, status: 400 },
    ];
    for (const b of bad) {
      const res = await t.call("POST", `${S}/${b.url}`, { token: user.token, body: b.body });
      expect(res.statusCode, JSON.stringify(b.body)).toBe(b.status);
      expect(res.json().message).toBeTruthy();
    }
    expect((await t.call("POST", `${S}/dates`, { body: { userId: dana, date: "2026-01" } })).statusCode).toBe(401);
  });
});

describe("booking", () => {
  it("books a slot, spends a credit, mails both people an invite and queues one reminder", async () => {
    const user = await candidate();
    const [slot] = await monthSlots(dana, user.token);
    const res = await book(user.token, {
      user_id: user.user_id,
      coach_id: dana,
      meeting_start: slot!.start,
      meeting_end: slot!.end,
      meeting_details: "Airway, please",
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.model).toMatchObject({ status: "booked", coach_id: dana, meeting_start: slot!.start, can_cancel: true });
    expect(body.credits).toMatchObject({ used: 1, left: 1, per_month: 2, month: monthOf(slot!.start) });
    // The slot is no longer offered.
    expect((await monthSlots(dana, user.token)).some((s) => s.start === slot!.start)).toBe(false);

    const toCandidate = await mail.waitForMail(user.email, () => t.app.mail.flush(), /Coaching session with Dana/);
    const toCoach = await mail.waitForMail(DEMO_COACHES[0]!.email, () => t.app.mail.flush(), /Coaching session with Test/);
    for (const m of [toCandidate, toCoach]) {
      const invite = inviteOf(m);
      expect(invite).toMatchObject({ method: "REQUEST", start: slot!.start, end: slot!.end, sequence: 0, status: "CONFIRMED" });
      expect(invite.uid).toBe(`coaching-session-${body.model.id}@academy.example`);
      expect(invite.attendees).toEqual(expect.arrayContaining([`mailto:${user.email}`, `mailto:${DEMO_COACHES[0]!.email}`]));
    }
    // The candidate's mail shows New York time.
    expect(toCandidate.text).toMatch(/America\/New_York/);

    const [row] = await t.db.select().from(schedule).where(eq(schedule.id, body.model.id));
    const [reminder] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.reminderMailId!));
    expect(reminder).toMatchObject({ status: "queued", to: user.email, templateSlug: "coaching-reminder" });
    const dueAt = reminder!.nextAttemptAt.getTime();
    const start = Date.parse(slot!.start);
    expect([start - 86_400_000, start - 3_600_000]).toContain(dueAt);
    // Not sent before its time.
    await t.app.mail.flush();
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, reminder!.id)))[0]!.status).toBe("queued");
  });

  it("books with the spec's four fields: a coach who has the slot open takes it, the candidate's last coach first", async () => {
    // Staff take Dana's hours for this test, so that each of her slots is open with two coaches.
    const twin = admin;
    const [danaProfile] = await t.db.select().from(coachProfiles).where(eq(coachProfiles.userId, dana));
    const defaults = (await t.call("GET", `${S}/coach/settings`, { token: twin.token })).json().model;
    const hours = {
      ...defaults,
      is_active: true,
      meeting_place: "Station 2",
      time_zone: danaProfile!.timeZone,
      session_minutes: danaProfile!.sessionMinutes,
      buffer_before_minutes: danaProfile!.bufferBeforeMinutes,
      buffer_after_minutes: danaProfile!.bufferAfterMinutes,
      min_notice_minutes: danaProfile!.minNoticeMinutes,
      horizon_days: danaProfile!.horizonDays,
      daily_cap: danaProfile!.dailyCap,
      weekly: danaProfile!.weekly,
      overrides: danaProfile!.overrides,
    };
    expect((await t.call("PUT", `${S}/coach/settings`, { token: twin.token, body: hours })).statusCode).toBe(200);
    try {
      const user = await candidate();
      const twinSlots = new Set((await monthSlots(twin.user_id, user.token)).map((s) => s.start));
      const both = (await monthSlots(dana, user.token)).filter((s) => twinSlots.has(s.start));
      // Two slots on different days, both open with either coach.
      const first = both[0]!;
      const second = both.find((s) => s.start.slice(0, 10) !== first.start.slice(0, 10))!;
      const spec = (slot: Slot) => ({ user_id: user.user_id, meeting_start: slot.start, meeting_end: slot.end, meeting_details: "" });

      const a = await book(user.token, spec(first));
      expect(a.statusCode, a.body).toBe(200);
      const coach = a.json().model.coach_id as number;
      expect([dana, twin.user_id]).toContain(coach);
      expect((await monthSlots(coach, user.token)).some((s) => s.start === first.start)).toBe(false);
      // The next one goes to the same coach, though the other one is free too.
      const b = await book(user.token, spec(second));
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json().model.coach_id).toBe(coach);

      // A time no coach has open: 409, nothing booked.
      const before = (await rows()).length;
      const sunday = new Date(Date.parse(first.start) + ((7 - new Date(first.start).getUTCDay()) % 7 || 7) * 86_400_000);
      sunday.setUTCHours(3, 0, 0, 0);
      const none = await book(user.token, {
        user_id: user.user_id,
        meeting_start: sunday.toISOString(),
        meeting_end: new Date(sunday.getTime() + 45 * 60_000).toISOString(),
      });
      expect(none.statusCode, none.body).toBe(409);
      expect(none.json().message).toBe("No coach is free at that time. Choose another slot.");
      expect((await rows()).length).toBe(before);
    } finally {
      await t.call("PUT", `${S}/coach/settings`, { token: twin.token, body: defaults });
    }
  });

  it("refuses bad bookings with a clear 4xx, books nothing and spends no credit", async () => {
    const user = await candidate();
    const other = await candidate();
    const slots = await monthSlots(dana, user.token);
    const open = slots[1]!;
    // Another candidate takes a slot first.
    const taken = slots[2]!;
    expect(
      (await book(other.token, { user_id: other.user_id, coach_id: dana, meeting_start: taken.start, meeting_end: taken.end })).statusCode,
    ).toBe(200);
    const len = Date.parse(open.end) - Date.parse(open.start);
    const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
    const soon = new Date(Date.now() + 3_600_000);
    soon.setUTCMinutes(0, 0, 0);
    const cases: [string, Record<string, unknown>, number, RegExp][] = [
      ["in the past", { meeting_start: "2020-01-06T09:00:00Z", meeting_end: "2020-01-06T09:45:00Z" }, 400, /past/],
      [
        "inside the notice",
        { meeting_start: soon.toISOString(), meeting_end: shift(soon.toISOString(), len) },
        400,
        /at least 12 hours ahead/,
      ],
      ["outside availability", { meeting_start: shift(open.start, 7 * 60_000), meeting_end: shift(open.end, 7 * 60_000) }, 400, /outside/],
      ["overlapping a booking", { meeting_start: taken.start, meeting_end: taken.end }, 409, /booked by someone else/],
      ["end before start", { meeting_start: open.end, meeting_end: open.start }, 400, /end after/],
      ["the wrong length", { meeting_start: open.start, meeting_end: shift(open.start, 10 * 60_000) }, 400, /45 minutes/],
      ["beyond the horizon", { meeting_start: "2099-01-05T09:00:00Z", meeting_end: "2099-01-05T09:45:00Z" }, 400, /at most 60 days/],
      ["another user's id", { user_id: other.user_id, meeting_start: open.start, meeting_end: open.end }, 403, /yourself/],
      ["an unknown coach", { coach_id: 999_999, meeting_start: open.start, meeting_end: open.end }, 404, /coach/],
      ["a time that is no instant", { meeting_start: "tomorrow", meeting_end: open.end }, 400, /.+/],
    ];
    const before = JSON.stringify(await rows());
    for (const [name, patch, status, message] of cases) {
      const res = await book(user.token, { user_id: user.user_id, coach_id: dana, ...patch });
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toMatch(message);
    }
    expect(JSON.stringify(await rows())).toBe(before);
    expect((await credits(user.token)).used).toBe(0);

    // Two credits a month: the third booking of the month is refused. One slot per day, away from
    // the day another candidate booked, so neither buffers nor the coach's daily cap say no first.
    const firstOfDay = [
      ...new Map(
        slots
          .filter((s) => s.start.slice(0, 10) !== taken.start.slice(0, 10))
          .reverse()
          .map((s) => [s.start.slice(0, 10), s]),
      ).values(),
    ].reverse();
    const month = [...new Set(firstOfDay.map((s) => monthOf(s.start)))].find(
      (m) => firstOfDay.filter((s) => monthOf(s.start) === m).length >= 3,
    )!;
    const sameMonth = firstOfDay.filter((s) => monthOf(s.start) === month);
    for (const s of sameMonth.slice(0, 2))
      expect(
        (await book(user.token, { user_id: user.user_id, coach_id: dana, meeting_start: s.start, meeting_end: s.end })).statusCode,
      ).toBe(200);
    const third = sameMonth[2]!;
    const spent = JSON.stringify(await rows());
    const refused = await book(user.token, { user_id: user.user_id, coach_id: dana, meeting_start: third.start, meeting_end: third.end });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "PLAN_LIMIT", message: expect.stringMatching(/2 coaching sessions per month/) });
    expect(JSON.stringify(await rows())).toBe(spent);
    expect((await monthSlots(dana, user.token)).some((s) => s.start === third.start)).toBe(true);
  });

  it("cancels inside the window with the credit back, and refuses after it with the rule", async () => {
    const user = await candidate();
    const [slot] = await monthSlots(sam, user.token);
    const made = (
      await book(user.token, { user_id: user.user_id, coach_id: sam, meeting_start: slot!.start, meeting_end: slot!.end })
    ).json();
    expect(made.credits.used).toBe(1);
    const reminderId = (await t.db.select().from(schedule).where(eq(schedule.id, made.model.id)))[0]!.reminderMailId!;
    const cancelled = await t.call("POST", `${S}/${made.model.id}/cancel`, { token: user.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().model.status).toBe("cancelled");
    expect(cancelled.json().credits.used).toBe(0);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, reminderId))).toEqual([]);
    const invite = inviteOf(await mail.waitForMail(user.email, () => t.app.mail.flush(), /^Cancelled: coaching session with Sam/));
    expect(invite).toMatchObject({ method: "CANCEL", status: "CANCELLED", sequence: 1 });
    // The slot is open again; cancelling twice is refused.
    expect((await monthSlots(sam, user.token)).some((s) => s.start === slot!.start)).toBe(true);
    expect((await t.call("POST", `${S}/${made.model.id}/cancel`, { token: user.token })).statusCode).toBe(409);

    // With a notice longer than the time left, the candidate may not cancel; staff still may.
    const again = (
      await book(user.token, { user_id: user.user_id, coach_id: sam, meeting_start: slot!.start, meeting_end: slot!.end })
    ).json();
    await t.db
      .update(coachProfiles)
      .set({ cancelNoticeHours: 24 * 60 })
      .where(eq(coachProfiles.userId, sam));
    const late = await t.call("POST", `${S}/${again.model.id}/cancel`, { token: user.token });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/up to 60 days before/);
    expect((await credits(user.token)).used).toBe(monthOf(slot!.start) === monthOf(new Date().toISOString()) ? 1 : 0);
    expect((await t.call("GET", `${S}/my`, { token: user.token })).json().upcoming[0]).toMatchObject({
      id: again.model.id,
      can_cancel: false,
    });
    const other = await candidate();
    expect((await t.call("POST", `${S}/${again.model.id}/cancel`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call("POST", `${S}/${again.model.id}/cancel`, { token: admin.token })).statusCode).toBe(200);
    await t.db.update(coachProfiles).set({ cancelNoticeHours: 24 }).where(eq(coachProfiles.userId, sam));
  });

  it("reschedules inside its window, keeping the credit and replacing the reminder and the invite", async () => {
    const user = await candidate();
    const slots = await monthSlots(dana, user.token);
    const [a, , , b] = slots.filter((s) => monthOf(s.start) === monthOf(slots[0]!.start));
    const made = (await book(user.token, { user_id: user.user_id, coach_id: dana, meeting_start: a!.start, meeting_end: a!.end })).json();
    const oldReminder = (await t.db.select().from(schedule).where(eq(schedule.id, made.model.id)))[0]!.reminderMailId!;
    const moved = await t.call("POST", `${S}/${made.model.id}/reschedule`, {
      token: user.token,
      body: { meeting_start: b!.start, meeting_end: b!.end },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().model.meeting_start).toBe(b!.start);
    expect(moved.json().credits.used).toBe(made.credits.used);
    const [row] = await t.db.select().from(schedule).where(eq(schedule.id, made.model.id));
    expect(row!.creditMonth).toBe(monthOf(a!.start));
    expect(row!.reminderMailId).not.toBe(oldReminder);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, oldReminder))).toEqual([]);
    const invite = inviteOf(await mail.waitForMail(user.email, () => t.app.mail.flush(), /^Moved: coaching session with Dana/));
    expect(invite).toMatchObject({ method: "REQUEST", start: b!.start, sequence: 1 });
    // The old slot is free again.
    expect((await monthSlots(dana, user.token)).some((s) => s.start === a!.start)).toBe(true);
    // Outside the reschedule window: refused with the rule.
    await t.db
      .update(coachProfiles)
      .set({ rescheduleNoticeHours: 24 * 60 })
      .where(eq(coachProfiles.userId, dana));
    const late = await t.call("POST", `${S}/${made.model.id}/reschedule`, {
      token: user.token,
      body: { meeting_start: a!.start, meeting_end: a!.end },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/moved up to 60 days before/);
    await t.db.update(coachProfiles).set({ rescheduleNoticeHours: 12 }).where(eq(coachProfiles.userId, dana));
  });

  it("refuses bad moves with a clear 4xx and leaves the session and the credits as they were", async () => {
    const user = await candidate();
    const other = await candidate();
    const slots = await monthSlots(dana, user.token);
    // Three different days, so neither buffers nor the coach's daily cap say no first.
    const dayOf = (s: Slot) => s.start.slice(0, 10);
    const mine = slots[0]!;
    const theirs = slots.find((s) => dayOf(s) !== dayOf(mine))!;
    const open = slots.find((s) => dayOf(s) !== dayOf(mine) && dayOf(s) !== dayOf(theirs))!;
    const made = (
      await book(user.token, { user_id: user.user_id, coach_id: dana, meeting_start: mine.start, meeting_end: mine.end })
    ).json();
    expect(
      (await book(other.token, { user_id: other.user_id, coach_id: dana, meeting_start: theirs.start, meeting_end: theirs.end }))
        .statusCode,
    ).toBe(200);
    const before = JSON.stringify(await rows());
    const creditsBefore = await credits(user.token);
    const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
    const move = (token: string, id: number, body: Record<string, unknown>) => t.call("POST", `${S}/${id}/reschedule`, { token, body });
    const cases: [string, string, number, Record<string, unknown>, number, RegExp][] = [
      [
        "into the past",
        user.token,
        made.model.id,
        { meeting_start: "2020-01-06T09:00:00Z", meeting_end: "2020-01-06T09:45:00Z" },
        400,
        /past/,
      ],
      [
        "outside availability",
        user.token,
        made.model.id,
        { meeting_start: shift(open.start, 5 * 60_000), meeting_end: shift(open.end, 5 * 60_000) },
        400,
        /outside/,
      ],
      [
        "onto another's booking",
        user.token,
        made.model.id,
        { meeting_start: theirs.start, meeting_end: theirs.end },
        409,
        /booked by someone else/,
      ],
      ["end before start", user.token, made.model.id, { meeting_start: open.end, meeting_end: open.start }, 400, /end after/],
      [
        "another person's session",
        other.token,
        made.model.id,
        { meeting_start: open.start, meeting_end: open.end },
        404,
        /No such booking/,
      ],
      ["an unknown session", user.token, 999_999, { meeting_start: open.start, meeting_end: open.end }, 404, /No such booking/],
    ];
    for (const [name, token, id, body, status, message] of cases) {
      const res = await move(token, id, body);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toMatch(message);
    }
    expect(JSON.stringify(await rows())).toBe(before);
    expect(await credits(user.token)).toEqual(creditsBefore);
    // Unknown zones are refused by every slots call.
    for (const [url, body] of [
      ["dates", { userId: dana, date: "2026-01", tz: "Mars/Base" }],
      ["schedules", { userId: dana, date: "2026-01-05", tz: "Not/AZone" }],
    ] as const) {
      const res = await t.call("POST", `${S}/${url}`, { token: user.token, body });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/Unknown time zone/);
    }
  });

  it("the note starts from the candidate's weakest theme and missed questions, and the coach reads them before the call", async () => {
    const user = await candidate();
    const quizPath = `/v3/api/custom/${TEST_ENV.PROJECT_ID}/quiz`;
    const onboarded = await t.call("PUT", `/v3/api/custom/${TEST_ENV.PROJECT_ID}/onboarding`, {
      token: user.token,
      body: { track: "ems" },
    });
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    const created = await t.call("POST", `${quizPath}/create`, {
      token: user.token,
      body: { themes: ["airway-breathing"], length: 5, mode: "exam" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const quiz = created.json().model as { id: number; questions: { questionId: string }[] };
    const answers = [];
    const missed: string[] = [];
    for (const [i, q] of quiz.questions.entries()) {
      const [row] = await t.db.select().from(questions).where(eq(questions.contentId, q.questionId));
      if (i > 0) missed.push(row!.stem);
      const graded = await quizQuestion(t.db, quiz.id, q.questionId);
      answers.push({ questionId: q.questionId, response: i === 0 ? correctResponse(graded) : wrongResponse(graded) });
    }
    expect((await t.call("PUT", `${quizPath}/update/${quiz.id}`, { token: user.token, body: { answers } })).statusCode).toBe(200);
    expect((await t.call("POST", `${quizPath}/submit/${quiz.id}`, { token: user.token })).statusCode).toBe(200);

    const note = (await t.call("GET", `${S}/my`, { token: user.token })).json().note_suggestion as string;
    expect(note).toMatch(/^I'd like to work on: Airway/);
    expect(note).toContain("Questions I missed recently:");
    const listed = note.split("\n").filter((l) => l.startsWith("- "));
    expect(listed.length).toBeGreaterThan(0);
    for (const line of listed) expect(missed.some((stem) => stem.startsWith(line.slice(2).replace(/\.\.\.$/, "")))).toBe(true);

    const [slot] = await monthSlots(sam, user.token);
    const made = (
      await book(user.token, {
        user_id: user.user_id,
        coach_id: sam,
        meeting_start: slot!.start,
        meeting_end: slot!.end,
        meeting_details: note,
      })
    ).json();
    const brief = (await t.call("GET", `${S}/bookings/${made.model.id}/learner`, { token: admin.token })).json().model;
    expect(brief.booking.meeting_details).toBe(note);
    expect(brief.weakest_themes[0]).toMatchObject({ theme: "airway-breathing" });
    expect(brief.weakest_themes[0].mastery).toBeLessThan(0.5);
    expect(brief.recent_quizzes.map((q: { id: number }) => q.id)).toContain(quiz.id);
    expect(brief.missed_questions.map((q: { stem: string }) => q.stem).every((s: string) => missed.includes(s))).toBe(true);
  });

  it("the database refuses an overlapping session of a coach, whatever writes it", async () => {
    const [row] = await t.db
      .select()
      .from(schedule)
      .where(and(eq(schedule.coachId, dana), eq(schedule.status, "booked")))
      .limit(1);
    const user = await candidate();
    await expect(
      t.db.insert(schedule).values({
        userId: user.user_id,
        coachId: dana,
        meetingStart: row!.meetingStart,
        meetingEnd: row!.meetingEnd,
        blockedStart: new Date(row!.blockedStart!.getTime() + 60_000),
        blockedEnd: row!.blockedEnd,
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23P01" }) });
  });

  it("the records API changes a booking's note but neither its times nor its existence", async () => {
    const user = await candidate();
    const [slot] = await monthSlots(sam, user.token);
    const made = (
      await book(user.token, { user_id: user.user_id, coach_id: sam, meeting_start: slot!.start, meeting_end: slot!.end })
    ).json();
    const url = `/v4/api/records/schedule/${made.model.id}`;
    await t.call("PUT", url, { token: user.token, body: { meeting_start: "2030-01-01T00:00:00Z" } });
    expect((await t.call("PUT", url, { token: user.token, body: { meeting_details: "New note" } })).statusCode).toBe(200);
    const [row] = await t.db.select().from(schedule).where(eq(schedule.id, made.model.id));
    expect(row!.meetingStart.toISOString()).toBe(slot!.start);
    expect(row!.meetingDetails).toBe("New note");
    const del = await t.call("DELETE", url, { token: user.token });
    expect(del.statusCode).toBe(409);
    expect((await t.db.select().from(schedule).where(eq(schedule.id, made.model.id))).length).toBe(1);
  });
});

describe("staff", () => {
  it("the dashboard counts upcoming sessions; staff list bookings with filters and read the learner brief", async () => {
    const upcoming = await t.db
      .select()
      .from(schedule)
      .where(and(eq(schedule.status, "booked"), isNull(schedule.cancelledAt)));
    const board = (await t.call("GET", `/v3/api/custom/${t.config.PROJECT_ID}/dashboard`, { token: admin.token })).json();
    expect(board.model?.coaching ?? board.coaching).toEqual({
      upcoming: upcoming.filter((r) => r.meetingStart.getTime() > Date.now()).length,
    });
    expect(upcoming.length).toBeGreaterThan(0);

    const all = (await t.call("GET", `${S}/bookings`, { token: admin.token, query: { coach_id: String(sam), limit: "100" } })).json();
    expect(all.list.length).toBeGreaterThan(0);
    expect(all.list.every((b: { coach_id: number }) => b.coach_id === sam)).toBe(true);
    const cancelled = (await t.call("GET", `${S}/bookings`, { token: admin.token, query: { status: "cancelled" } })).json();
    expect(cancelled.list.length).toBeGreaterThan(0);
    expect(cancelled.list.every((b: { status: string }) => b.status === "cancelled")).toBe(true);
    // Search by the coach's or the candidate's name, and upcoming or past (every session here is ahead).
    const list = async (query: Record<string, string>) =>
      (await t.call("GET", `${S}/bookings`, { token: admin.token, query: { limit: "100", ...query } })).json();
    const bySam = await list({ q: "sam lindq" });
    expect(bySam.total).toBe(all.total);
    expect(bySam.list.every((b: { coach_name: string }) => b.coach_name === "Sam Lindqvist")).toBe(true);
    const byCandidate = await list({ q: all.list[0].candidate_email });
    expect(byCandidate.list.map((b: { user_id: number }) => b.user_id)).toContain(all.list[0].user_id);
    expect(byCandidate.list.every((b: { user_id: number }) => b.user_id === all.list[0].user_id)).toBe(true);
    expect((await list({ q: "%" })).total).toBe(0);
    const coached = (await rows()).filter((r) => r.coachId !== null);
    expect((await list({ when: "upcoming" })).total).toBe(coached.length);
    expect((await list({ when: "past" })).total).toBe(0);
    const brief = await t.call("GET", `${S}/bookings/${all.list[0].id}/learner`, { token: admin.token });
    expect(brief.statusCode).toBe(200);
    expect(brief.json().model).toMatchObject({
      booking: { id: all.list[0].id },
      weakest_themes: expect.any(Array),
      recent_quizzes: expect.any(Array),
    });
    const user = await candidate();
    expect((await t.call("GET", `${S}/bookings`, { token: user.token })).statusCode).toBe(403);
  });

  it("a staff member becomes a coach with their own hours; candidates then see their slots", async () => {
    const settings = (await t.call("GET", `${S}/coach/settings`, { token: admin.token })).json().model;
    expect(settings.is_active).toBe(false);
    // Before they set up coaching, their week has no working hours.
    const before = await t.call("GET", `${S}/coach/week`, {
      token: admin.token,
      query: { from: "2026-01-05T00:00:00Z", to: "2026-01-12T00:00:00Z" },
    });
    expect(before.json()).toEqual({ error: false, list: [], hours: [], taking_bookings: false });
    const bad = await t.call("PUT", `${S}/coach/settings`, { token: admin.token, body: { ...settings, time_zone: "Nowhere/City" } });
    expect(bad.statusCode).toBe(400);
    // Openings that overlap, and a date overridden twice, are refused with the rule; nothing is saved.
    const refused: [Record<string, unknown>, RegExp][] = [
      [
        {
          weekly: [
            { day: 1, start: 540, end: 720 },
            { day: 1, start: 660, end: 990 },
          ],
        },
        /Openings overlap on Monday/,
      ],
      [
        {
          overrides: [
            {
              date: "2031-12-24",
              ranges: [
                { start: 600, end: 700 },
                { start: 690, end: 800 },
              ],
            },
          ],
        },
        /overlap on 2031-12-24/,
      ],
      [
        {
          overrides: [
            { date: "2031-12-24", ranges: [] },
            { date: "2031-12-24", ranges: [{ start: 600, end: 700 }] },
          ],
        },
        /2031-12-24 is listed twice/,
      ],
    ];
    for (const [patch, message] of refused) {
      const res = await t.call("PUT", `${S}/coach/settings`, { token: admin.token, body: { ...settings, ...patch } });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(JSON.stringify(res.json().validation)).toMatch(message);
    }
    expect((await t.call("GET", `${S}/coach/settings`, { token: admin.token })).json().model).toEqual(settings);
    const saved = await t.call("PUT", `${S}/coach/settings`, {
      token: admin.token,
      body: {
        ...settings,
        is_active: true,
        meeting_place: "Station 4, training room",
        time_zone: "Asia/Kolkata",
        weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: 600, end: 720 })),
        overrides: [
          { date: "2026-01-07", ranges: [] },
          { date: "2026-01-08", ranges: [{ start: 900, end: 960 }] },
        ],
        min_notice_minutes: 0,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The week view asks for a range: reversed or longer than a few months is refused.
    for (const [from, to, message] of [
      ["2026-03-01T00:00:00Z", "2026-01-01T00:00:00Z", /`to` must be after `from`/],
      ["2026-01-01T00:00:00Z", "2026-06-01T00:00:00Z", /at most 93 days/],
    ] as const) {
      const res = await t.call("GET", `${S}/coach/week`, { token: admin.token, query: { from, to } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const week = await t.call("GET", `${S}/coach/week`, {
      token: admin.token,
      query: { from: "2026-01-05T00:00:00Z", to: "2026-01-12T00:00:00Z" },
    });
    // No sessions that week; the hours are 10:00–12:00 in Kolkata (04:30–06:30Z) every day, but
    // Wednesday is a day off and Thursday has 15:00–16:00 instead.
    const day = (date: string, from = "04:30", to = "06:30") => ({ start: `${date}T${from}:00.000Z`, end: `${date}T${to}:00.000Z` });
    expect(week.json()).toEqual({
      error: false,
      list: [],
      hours: [
        day("2026-01-05"),
        day("2026-01-06"),
        day("2026-01-08", "09:30", "10:30"),
        day("2026-01-09"),
        day("2026-01-10"),
        day("2026-01-11"),
      ],
      taking_bookings: true,
    });
    const user = await candidate();
    const slots = await monthSlots(admin.user_id, user.token, "Asia/Kolkata");
    expect(slots.length).toBeGreaterThan(20);
    expect(new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", timeStyle: "short" }).format(new Date(slots[1]!.start))).toMatch(
      /^1[01]:/,
    );
    const calendar = await t.call("POST", `${S}/google-calendar-event`, {
      token: admin.token,
      body: { summary: "Coaching", startTime: slots[0]!.start, endTime: slots[0]!.end, attendees: [user.email] },
    });
    expect(calendar.statusCode).toBe(503);
    expect(calendar.json().message).toMatch(/No calendar provider is configured/);
  });
});
