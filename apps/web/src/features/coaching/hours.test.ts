import { describe, expect, it } from "vitest";
import { clockOf, formatRanges, minutesOfClock, nextRange, problemOf } from "./hours";

describe("opening hours in time inputs", () => {
  it("turn minutes into an input's value and back, midnight at the end of the day included", () => {
    expect(clockOf(570)).toBe("09:30");
    expect(minutesOfClock("09:30")).toBe(570);
    expect(minutesOfClock("14:05:00")).toBe(845);
    expect(minutesOfClock("00:00")).toBe(0);
    expect(minutesOfClock("00:00", true)).toBe(1440);
    expect(clockOf(1440)).toBe("00:00");
    expect(minutesOfClock("")).toBeNull();
    expect(minutesOfClock("24:30")).toBeNull();
    expect(
      formatRanges([
        { start: 540, end: 720 },
        { start: 1320, end: 1440 },
      ]),
    ).toBe("09:00–12:00, 22:00–24:00");
  });

  it("name a range that ends before it starts, and two that overlap", () => {
    expect(
      problemOf([
        { start: 540, end: 720 },
        { start: 780, end: 1020 },
      ]),
    ).toBeNull();
    expect(problemOf([{ start: 720, end: 540 }])).toMatch(/12:00–09:00 ends before it starts/);
    expect(
      problemOf([
        { start: 780, end: 1020 },
        { start: 540, end: 800 },
      ]),
    ).toMatch(/09:00–13:20 and 13:00–17:00 overlap/);
  });

  it("offer the next range after the day's last one", () => {
    expect(nextRange([])).toEqual({ start: 540, end: 720 });
    expect(nextRange([{ start: 540, end: 720 }])).toEqual({ start: 780, end: 900 });
  });
});
