import { describe, expect, it } from "vitest";
import { extraTimeLine } from "./extra-time";

describe("extraTimeLine", () => {
  it("says the longer time and the usual one", () => {
    expect(extraTimeLine({ timeLimitSeconds: 10_800, extraTime: { factor: 1.5, break_minutes: null, base_seconds: 7_200 } })).toBe(
      "Extra time ×1.5: 180 minutes instead of 120",
    );
  });
  it("names the breaks, which are not in the time", () => {
    expect(extraTimeLine({ timeLimitSeconds: 9_000, extraTime: { factor: 1.25, break_minutes: 15, base_seconds: 7_200 } })).toBe(
      "Extra time ×1.25: 150 minutes instead of 120, and 15 minutes of breaks that stop the clock",
    );
  });
  it("is empty without an accommodation", () => {
    expect(extraTimeLine({ timeLimitSeconds: 600, extraTime: null })).toBe("");
    expect(extraTimeLine({ timeLimitSeconds: 600 })).toBe("");
  });
});
