import { describe, expect, it } from "vitest";
import { formatRanges, parseOverrides, parseRanges } from "./hours";

describe("opening hours as typed", () => {
  it("read ranges and write them back the same", () => {
    const ranges = parseRanges("09:00-12:00, 14:30-17:00");
    expect(ranges).toEqual([
      { start: 540, end: 720 },
      { start: 870, end: 1020 },
    ]);
    expect(formatRanges(ranges)).toBe("09:00-12:00, 14:30-17:00");
    expect(parseRanges("")).toEqual([]);
  });

  it("refuse what is not a range, with a message naming it", () => {
    expect(() => parseRanges("9-12")).toThrow(/not a time/);
    expect(() => parseRanges("12:00-09:00")).toThrow(/ends before/);
    expect(() => parseRanges("09:75-10:00")).toThrow(/not a time of day/);
  });

  it("read date overrides: days off and other hours", () => {
    expect(parseOverrides("2026-12-24 off\n\n2026-12-27 10:00-12:00")).toEqual([
      { date: "2026-12-24", ranges: [] },
      { date: "2026-12-27", ranges: [{ start: 600, end: 720 }] },
    ]);
    expect(() => parseOverrides("Christmas off")).toThrow(/start with a date/);
  });
});
