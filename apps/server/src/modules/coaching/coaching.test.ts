import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { schedule } from "../../db/schema/content.ts";
import { createTestApp } from "../../test/app.ts";
import { startMailServer } from "../../test/mail-server.ts";
import { coachingCalls, S, setUpCoaches } from "./test-helpers.ts";

const mail = await startMailServer();
const t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: "https://academy.example" });
const { candidate, monthSlots, book, rows } = coachingCalls(t);

let admin: Awaited<ReturnType<typeof t.signUp>>;
let dana: number;
let sam: number;

beforeAll(async () => {
  ({ admin, dana, sam } = await setUpCoaches(t));
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

describe("staff", () => {
  it("the dashboard counts upcoming sessions; staff list bookings with filters and read the learner brief", async () => {
    // Sessions to find: two with Sam, the first of them cancelled.
    const learner = await candidate();
    const made: number[] = [];
    for (const slot of (await monthSlots(sam, learner.token)).slice(0, 2)) {
      const res = await book(learner.token, {
        user_id: learner.user_id,
        coach_id: sam,
        meeting_start: slot.start,
        meeting_end: slot.end,
        meeting_details: "Scene safety",
      });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().model.id);
    }
    expect((await t.call("POST", `${S}/${made[0]}/cancel`, { token: learner.token })).statusCode).toBe(200);
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
    expect(before.json()).toEqual({ error: false, list: [], hours: [], taking_bookings: false, time_zone: "UTC" });
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
      time_zone: "Asia/Kolkata",
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
