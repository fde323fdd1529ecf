import { describe, expect, it } from "vitest";
import { dateIn, instantOf, isTimeZone, offsetOf, startOfDay, wallClockOf } from "./time-zone.ts";

const iso = (t: number) => new Date(t).toISOString();

describe("time zones", () => {
  it("knows IANA names and refuses anything else", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(`Europe/${"x".repeat(80)}`)).toBe(false);
  });

  it("reads the wall clock and the offset of a zone at an instant", () => {
    const t = Date.parse("2026-07-01T12:00:00Z");
    expect(iso(wallClockOf("Europe/Berlin", t))).toBe("2026-07-01T14:00:00.000Z");
    expect(offsetOf("Asia/Kathmandu", t)).toBe((5 * 60 + 45) * 60_000);
    expect(offsetOf("America/New_York", Date.parse("2026-01-15T12:00:00Z"))).toBe(-5 * 3_600_000);
    expect(dateIn("Pacific/Auckland", t)).toBe("2026-07-02");
  });

  it("finds where each local day starts, across daylight-saving changes", () => {
    expect(iso(startOfDay("Europe/Berlin", "2026-10-25"))).toBe("2026-10-24T22:00:00.000Z");
    expect(iso(startOfDay("Europe/Berlin", "2026-10-26"))).toBe("2026-10-25T23:00:00.000Z");
    expect(iso(startOfDay("Asia/Kathmandu", "2026-06-01"))).toBe("2026-05-31T18:15:00.000Z");
  });

  it("names no instant for a skipped time and the earlier one for a repeated time", () => {
    // Berlin: 02:00 → 03:00 on 29 March 2026; 03:00 → 02:00 on 25 October 2026.
    expect(instantOf("Europe/Berlin", "2026-03-29", 150)).toBeNull();
    expect(iso(instantOf("Europe/Berlin", "2026-10-25", 150) ?? 0)).toBe("2026-10-25T00:30:00.000Z");
  });
});
