import { describe, expect, it } from "vitest";
import { monthGrid, partsByDay, shiftMonth, timeIn, todayIn } from "./calendar";

describe("coaching calendar", () => {
  it("lays a month out in Monday-first weeks", () => {
    // 1 March 2026 is a Sunday.
    const weeks = monthGrid("2026-03");
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-03-01"]);
    expect(weeks.at(-1)?.filter(Boolean).at(-1)).toBe("2026-03-31");
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it("moves between months across a year", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
  });

  it("shows times and today in the viewer's zone", () => {
    expect(timeIn("2026-03-30T07:00:00Z", "Europe/Berlin")).toBe("09:00");
    expect(timeIn("2026-03-27T08:00:00Z", "Europe/Berlin")).toBe("09:00");
    expect(todayIn("Pacific/Auckland", new Date("2026-01-01T12:00:00Z"))).toBe("2026-01-02");
  });

  it("cuts working hours at the viewer's midnights, so an evening elsewhere shows on both days it touches", () => {
    // New York 17:00–21:00 on Monday 2 November 2026 (22:00–02:00Z) seen from Berlin (UTC+1).
    const evening = { start: "2026-11-02T22:00:00.000Z", end: "2026-11-03T02:00:00.000Z" };
    expect(partsByDay([evening], "Europe/Berlin")).toEqual([
      { date: "2026-11-02", start: "2026-11-02T22:00:00.000Z", end: "2026-11-02T23:00:00.000Z" },
      { date: "2026-11-03", start: "2026-11-02T23:00:00.000Z", end: "2026-11-03T02:00:00.000Z" },
    ]);
    // In New York itself it stays one part, and a span ending at midnight stays on its day.
    expect(partsByDay([evening], "America/New_York")).toEqual([{ date: "2026-11-02", ...evening }]);
    const toMidnight = { start: "2026-11-02T20:00:00.000Z", end: "2026-11-03T00:00:00.000Z" };
    expect(partsByDay([toMidnight], "UTC")).toEqual([{ date: "2026-11-02", ...toMidnight }]);
    // Across two midnights, on the night Berlin's clocks go back (25 October 2026, 03:00 CEST → 02:00 CET).
    const long = { start: "2026-10-24T20:00:00.000Z", end: "2026-10-26T00:30:00.000Z" };
    expect(partsByDay([long], "Europe/Berlin").map((p) => [p.date, p.start, p.end])).toEqual([
      ["2026-10-24", "2026-10-24T20:00:00.000Z", "2026-10-24T22:00:00.000Z"],
      ["2026-10-25", "2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z"],
      ["2026-10-26", "2026-10-25T23:00:00.000Z", "2026-10-26T00:30:00.000Z"],
    ]);
  });
});
