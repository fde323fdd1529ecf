import { describe, expect, it } from "vitest";
import { examVerdict, themeTally } from "./exam-result";

describe("the mock exam's verdict", () => {
  it("says likely pass or fail and how sure, at least 95 % when the interval cleared the pass mark", () => {
    expect(examVerdict({ decision: "pass", decidedBy: "confidence", confidence: 0.973 })).toEqual({
      headline: "Likely pass",
      sure: "97 % confident",
    });
    expect(examVerdict({ decision: "fail", decidedBy: "confidence", confidence: 0.948 })).toEqual({
      headline: "Likely fail",
      sure: "95 % confident",
    });
  });

  it("says 'but close' when the exam stopped at its length or time before it was sure, and never 100 %", () => {
    expect(examVerdict({ decision: "pass", decidedBy: "length", confidence: 0.71 })).toEqual({
      headline: "Likely pass, but close",
      sure: "71 % confident",
    });
    expect(examVerdict({ decision: "fail", decidedBy: "time", confidence: 0.999 }).sure).toBe("99 % confident");
  });

  it("tallies a theme to study next", () => {
    expect(themeTally({ theme: "trauma-bleeding", themeName: "Trauma", answered: 12, correct: 5 })).toBe("5 of 12 right");
  });
});
