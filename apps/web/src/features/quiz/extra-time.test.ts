import { describe, expect, it } from "vitest";
import { extraTimeLine } from "./extra-time";

describe("extraTimeLine", () => {
  it("says the longer time and the usual one", () => {
    expect(extraTimeLine({ timeLimitSeconds: 10_800, extraTime: { factor: 1.5, break_minutes: null, base_seconds: 7_200 } })).toBe(
      "Extra time ×1.5: 180 minutes instead of 120",
    );
  });
  it("names the breaks it includes", () => {
    expect(extraTimeLine({ timeLimitSeconds: 9_900, extraTime: { factor: 1.25, break_minutes: 15, base_seconds: 7_200 } })).toBe(
      "Extra time ×1.25: 165 minutes instead of 120, breaks included (15 minutes)",
    );
  });
  it("is empty without an accommodation", () => {
    expect(extraTimeLine({ timeLimitSeconds: 600, extraTime: null })).toBe("");
    expect(extraTimeLine({ timeLimitSeconds: 600 })).toBe("");
  });
});
