import { describe, expect, it } from "vitest";
import { monthGrid, shiftMonth, timeIn, todayIn } from "./calendar";

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
});
