import { describe, expect, it } from "vitest";
import { dateIn, instantOf, isTimeZone, openSlots, refusalOf, type SlotRules, workingHours } from "./slots.ts";

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const at = (iso: string) => Date.parse(iso);
const isoOf = (t: number) => new Date(t).toISOString();

/** Mornings 09:00–12:00 on weekdays in Berlin, 45-minute sessions, 15 minutes after each. */
const berlin: SlotRules = {
  timeZone: "Europe/Berlin",
  sessionMinutes: 45,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeMinutes: 0,
  horizonDays: 365,
  dailyCap: 10,
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: h(9), end: h(12) })),
  overrides: [],
};
const NOW = at("2026-01-01T00:00:00Z");

describe("time zones", () => {
  it("knows IANA zones and refuses made-up ones", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("finds the instant of a wall-clock time on both sides of a change, and none for a skipped time", () => {
    // Berlin: CET (+1) until 29 March 2026 02:00, CEST (+2) after.
    expect(isoOf(instantOf("Europe/Berlin", "2026-03-27", h(9))!)).toBe("2026-03-27T08:00:00.000Z");
    expect(isoOf(instantOf("Europe/Berlin", "2026-03-30", h(9))!)).toBe("2026-03-30T07:00:00.000Z");
    expect(instantOf("Europe/Berlin", "2026-03-29", h(2, 30))).toBeNull();
    // 25 October 2026 02:30 happens twice: the earlier (CEST) instant.
    expect(isoOf(instantOf("Europe/Berlin", "2026-10-25", h(2, 30))!)).toBe("2026-10-25T00:30:00.000Z");
    expect(isoOf(instantOf("America/New_York", "2026-11-02", h(17))!)).toBe("2026-11-02T22:00:00.000Z");
    expect(isoOf(instantOf("Asia/Kolkata", "2026-06-01", h(9))!)).toBe("2026-06-01T03:30:00.000Z");
  });
});

describe("slots", () => {
  it("are the coach's hours, stepped by session plus buffers", () => {
    const slots = openSlots(berlin, at("2026-01-05T00:00:00Z"), at("2026-01-06T00:00:00Z"), [], NOW);
    expect(slots.map((s) => isoOf(s.start))).toEqual(["2026-01-05T08:00:00.000Z", "2026-01-05T09:00:00.000Z", "2026-01-05T10:00:00.000Z"]);
    expect(slots.every((s) => s.end - s.start === 45 * 60_000)).toBe(true);
  });

  it("keep the coach's wall-clock hours across the spring change, so their UTC times move by an hour", () => {
    const slots = openSlots(berlin, at("2026-03-27T00:00:00Z"), at("2026-03-31T00:00:00Z"), [], NOW);
    const firstOf = (day: string) => isoOf(slots.find((s) => dateIn("Europe/Berlin", s.start) === day)!.start);
    expect(firstOf("2026-03-27")).toBe("2026-03-27T08:00:00.000Z"); // Friday, CET
    expect(firstOf("2026-03-30")).toBe("2026-03-30T07:00:00.000Z"); // Monday, CEST
    // No slot on the weekend of the change.
    expect(slots.some((s) => ["2026-03-28", "2026-03-29"].includes(dateIn("Europe/Berlin", s.start)))).toBe(false);
  });

  it("a session booked before a change stays at its instant, and the slots after the change avoid it", () => {
    // Booked on Monday 30 March at 09:00 Berlin (07:00Z), before anyone knew about the change.
    const booked = [
      { start: at("2026-03-30T07:00:00Z"), blockedStart: at("2026-03-30T07:00:00Z"), blockedEnd: at("2026-03-30T08:00:00Z") },
    ];
    const slots = openSlots(berlin, at("2026-03-30T00:00:00Z"), at("2026-03-31T00:00:00Z"), booked, NOW);
    expect(slots.map((s) => isoOf(s.start))).toEqual(["2026-03-30T08:00:00.000Z", "2026-03-30T09:00:00.000Z"]);
  });

  it("across the autumn change in New York, evening hours stay at 17:00 local", () => {
    const ny: SlotRules = {
      ...berlin,
      timeZone: "America/New_York",
      weekly: [
        { day: 6, start: h(17), end: h(18) },
        { day: 1, start: h(17), end: h(18) },
      ],
    };
    const slots = openSlots(ny, at("2026-10-31T00:00:00Z"), at("2026-11-03T12:00:00Z"), [], NOW);
    // Saturday 31 October EDT (-4), Monday 2 November EST (-5).
    expect(slots.map((s) => isoOf(s.start))).toEqual(["2026-10-31T21:00:00.000Z", "2026-11-02T22:00:00.000Z"]);
  });

  it("are the same instants whatever zone the viewer is in; only their days differ", () => {
    const from = at("2026-01-05T00:00:00Z");
    const slots = openSlots(berlin, from, from + 86_400_000, [], NOW);
    expect(slots.map((s) => dateIn("Pacific/Auckland", s.start))).toEqual(["2026-01-05", "2026-01-05", "2026-01-05"]);
    expect(slots.map((s) => dateIn("Pacific/Honolulu", s.start))).toEqual(["2026-01-04", "2026-01-04", "2026-01-05"]);
  });

  it("follow date overrides: a day off, and extra hours on a Saturday", () => {
    const rules: SlotRules = {
      ...berlin,
      overrides: [
        { date: "2026-01-05", ranges: [] },
        { date: "2026-01-10", ranges: [{ start: h(13), end: h(14) }] },
      ],
    };
    const slots = openSlots(rules, at("2026-01-05T00:00:00Z"), at("2026-01-11T00:00:00Z"), [], NOW);
    expect(slots.some((s) => dateIn("Europe/Berlin", s.start) === "2026-01-05")).toBe(false);
    expect(slots.filter((s) => dateIn("Europe/Berlin", s.start) === "2026-01-10").map((s) => isoOf(s.start))).toEqual([
      "2026-01-10T12:00:00.000Z",
    ]);
  });

  it("respect minimum notice, the booking horizon, buffers and the daily cap", () => {
    const now = at("2026-01-05T07:30:00Z");
    const rules: SlotRules = { ...berlin, minNoticeMinutes: 60, horizonDays: 2, dailyCap: 1, bufferBeforeMinutes: 15 };
    // Monday: 09:15 and 10:30 local fit with 15 minutes either side; 09:15 (08:15Z) is inside the hour of notice.
    const monday = openSlots(rules, at("2026-01-05T00:00:00Z"), at("2026-01-06T00:00:00Z"), [], now);
    expect(monday.map((s) => isoOf(s.start))).toEqual(["2026-01-05T09:30:00.000Z"]);
    // A booking on Tuesday fills the day (cap 1).
    const tuesdayBooked = [
      { start: at("2026-01-06T08:15:00Z"), blockedStart: at("2026-01-06T08:00:00Z"), blockedEnd: at("2026-01-06T09:15:00Z") },
    ];
    expect(openSlots(rules, at("2026-01-06T00:00:00Z"), at("2026-01-07T00:00:00Z"), tuesdayBooked, now)).toEqual([]);
    // Thursday is beyond two days ahead.
    expect(openSlots(rules, at("2026-01-08T00:00:00Z"), at("2026-01-09T00:00:00Z"), [], now)).toEqual([]);
  });

  it("says why a time cannot be booked", () => {
    const now = at("2026-01-05T07:30:00Z");
    const rules = { ...berlin, minNoticeMinutes: 60 };
    const len = 45 * 60_000;
    const slot = at("2026-01-05T10:00:00Z");
    expect(refusalOf(rules, slot, slot + len, [], now)).toBeNull();
    expect(refusalOf(rules, at("2026-01-04T10:00:00Z"), at("2026-01-04T10:45:00Z"), [], now)?.message).toMatch(/past/);
    expect(refusalOf(rules, at("2026-01-05T08:00:00Z"), at("2026-01-05T08:45:00Z"), [], now)?.message).toMatch(/at least 1 hour/);
    expect(refusalOf(rules, slot + 60_000, slot + 60_000 + len, [], now)?.message).toMatch(/outside/);
    expect(refusalOf(rules, slot, slot + 30 * 60_000, [], now)?.message).toMatch(/45 minutes/);
    const taken = [{ start: slot, blockedStart: slot, blockedEnd: slot + 60 * 60_000 }];
    expect(refusalOf(rules, slot, slot + len, taken, now)).toMatchObject({ status: 409 });
  });
});

describe("working hours (the coach's week view)", () => {
  it("are each day's hours as instants, following overrides, clipped to the range asked", () => {
    const rules: SlotRules = {
      ...berlin,
      overrides: [
        { date: "2026-01-07", ranges: [] },
        { date: "2026-01-10", ranges: [{ start: h(10), end: h(11, 30) }] },
      ],
    };
    const hours = workingHours(rules, at("2026-01-05T08:30:00Z"), at("2026-01-12T00:00:00Z"));
    expect(hours.map((r) => [isoOf(r.start), isoOf(r.end)])).toEqual([
      // Monday's 09:00 (08:00Z) starts before the range: clipped to its start.
      ["2026-01-05T08:30:00.000Z", "2026-01-05T11:00:00.000Z"],
      ["2026-01-06T08:00:00.000Z", "2026-01-06T11:00:00.000Z"],
      // Wednesday off; Saturday's extra hours; Sunday none.
      ["2026-01-08T08:00:00.000Z", "2026-01-08T11:00:00.000Z"],
      ["2026-01-09T08:00:00.000Z", "2026-01-09T11:00:00.000Z"],
      ["2026-01-10T09:00:00.000Z", "2026-01-10T10:30:00.000Z"],
    ]);
  });

  it("keep wall-clock hours across the spring change, and a range starting in the skipped hour starts when the clock resumes", () => {
    const rules: SlotRules = {
      ...berlin,
      weekly: [
        { day: 0, start: h(1), end: h(4) },
        { day: 0, start: h(4, 30), end: h(6) },
      ],
      overrides: [{ date: "2026-04-05", ranges: [{ start: h(2, 15), end: h(5) }] }],
    };
    const hours = workingHours(rules, at("2026-03-28T00:00:00Z"), at("2026-04-06T00:00:00Z"));
    expect(hours.map((r) => [isoOf(r.start), isoOf(r.end)])).toEqual([
      // 29 March: 01:00 CET to 04:00 CEST is two hours long.
      ["2026-03-29T00:00:00.000Z", "2026-03-29T02:00:00.000Z"],
      ["2026-03-29T02:30:00.000Z", "2026-03-29T04:00:00.000Z"],
      // 5 April, CEST all day: 02:15 to 05:00.
      ["2026-04-05T00:15:00.000Z", "2026-04-05T03:00:00.000Z"],
    ]);
    const skipped = workingHours(
      { ...rules, weekly: [{ day: 0, start: h(2, 15), end: h(5) }], overrides: [] },
      at("2026-03-29T00:00:00Z"),
      at("2026-03-30T00:00:00Z"),
    );
    // 02:15 does not exist on 29 March: the hours start at 03:00 CEST (01:00Z).
    expect(skipped.map((r) => [isoOf(r.start), isoOf(r.end)])).toEqual([["2026-03-29T01:00:00.000Z", "2026-03-29T03:00:00.000Z"]]);
    // Off the quarter hour too: 02:10 does not exist either, and the first minute that does is 03:00.
    const odd = workingHours(
      { ...rules, weekly: [{ day: 0, start: h(2, 10), end: h(5) }], overrides: [] },
      at("2026-03-29T00:00:00Z"),
      at("2026-03-30T00:00:00Z"),
    );
    expect(odd.map((r) => [isoOf(r.start), isoOf(r.end)])).toEqual([["2026-03-29T01:00:00.000Z", "2026-03-29T03:00:00.000Z"]]);
  });
});
