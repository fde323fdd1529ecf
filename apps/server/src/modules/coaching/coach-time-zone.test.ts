import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";
import { coachingCalls, S, setUpCoaches } from "./test-helpers.ts";

// A coach reads every session in the zone of their own profile, as their availability and mails
// give it: the bookings and the week answer that zone, not the server's or the browser's.

const t = await createTestApp();
const { candidate, monthSlots, book } = coachingCalls(t);

let admin: Awaited<ReturnType<typeof t.signUp>>;
let dana: number;
let sam: number;
let coach: Awaited<ReturnType<typeof t.staffMember>>;

beforeAll(async () => {
  ({ admin, dana, sam } = await setUpCoaches(t));
  coach = await t.staffMember(admin.token, "coach");
  const settings = (await t.call("GET", `${S}/coach/settings`, { token: coach.token })).json().model;
  const saved = await t.call("PUT", `${S}/coach/settings`, {
    token: coach.token,
    body: {
      ...settings,
      is_active: true,
      meeting_place: "Station 2",
      time_zone: "Europe/Berlin",
      weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: 540, end: 1020 })),
      min_notice_minutes: 0,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe("a coach's time zone on the staff screens", () => {
  it("the coach's bookings and week carry the zone of their profile", async () => {
    const learner = await candidate();
    const [slot] = await monthSlots(coach.user_id, learner.token);
    const made = await book(learner.token, {
      user_id: learner.user_id,
      coach_id: coach.user_id,
      meeting_start: slot!.start,
      meeting_end: slot!.end,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().model.coach_time_zone).toBe("Europe/Berlin");

    const mine = (await t.call("GET", `${S}/bookings`, { token: coach.token })).json();
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({ id: made.json().model.id, coach_time_zone: "Europe/Berlin" });

    const from = new Date(Date.parse(slot!.start) - 86_400_000).toISOString();
    const to = new Date(Date.parse(slot!.start) + 86_400_000).toISOString();
    const week = (await t.call("GET", `${S}/coach/week`, { token: coach.token, query: { from, to } })).json();
    expect(week.time_zone).toBe("Europe/Berlin");
    expect(week.list.map((b: { coach_time_zone: string }) => b.coach_time_zone)).toEqual(["Europe/Berlin"]);

    const brief = (await t.call("GET", `${S}/bookings/${made.json().model.id}/learner`, { token: coach.token })).json();
    expect(brief.model.booking.coach_time_zone).toBe("Europe/Berlin");
  });

  it("a staff member who does not coach has the default zone on their week", async () => {
    const editor = await t.staffMember(admin.token, "administrator");
    const week = await t.call("GET", `${S}/coach/week`, {
      token: editor.token,
      query: { from: "2026-01-05T00:00:00Z", to: "2026-01-12T00:00:00Z" },
    });
    expect(week.json()).toMatchObject({ list: [], hours: [], time_zone: "UTC" });
  });

  it("an administrator sees each booking with its own coach's zone", async () => {
    const learner = await candidate();
    for (const coachId of [dana, sam]) {
      const [slot] = await monthSlots(coachId, learner.token);
      const res = await book(learner.token, {
        user_id: learner.user_id,
        coach_id: coachId,
        meeting_start: slot!.start,
        meeting_end: slot!.end,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const all = (await t.call("GET", `${S}/bookings`, { token: admin.token, query: { user_id: String(learner.user_id) } })).json();
    const zoneOf = new Map(all.list.map((b: { coach_id: number; coach_time_zone: string }) => [b.coach_id, b.coach_time_zone]));
    expect(zoneOf).toEqual(
      new Map([
        [dana, "Europe/Berlin"],
        [sam, "America/New_York"],
      ]),
    );
  });
});
