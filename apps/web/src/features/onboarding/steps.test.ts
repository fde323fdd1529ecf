import { describe, expect, it } from "vitest";
import { dailyReviewsProblem, nextStepPath, readyToGenerate, stepsDone } from "./steps";

describe("onboarding steps done", () => {
  it("nothing saved: no step is done, whatever screen is open", () => {
    expect(stepsDone(undefined, 0)).toEqual([false, false, false, false, false, false, false]);
    expect(stepsDone({}, 3)).toEqual([false, false, false, false, false, false, false]);
    expect(nextStepPath({}, 0)).toBe("/user/onboarding/form");
  });

  it("follows the saved answers in order", () => {
    expect(stepsDone({ track: "ems" }, 0)).toEqual([true, true, false, false, false, false, false]);
    expect(nextStepPath({ track: "ems" }, 0)).toBe("/user/onboarding/theme");
    const chosen = { track: "ems", themes: ["airway"] } as const;
    expect(stepsDone({ ...chosen, themes: [...chosen.themes] }, 0)).toEqual([true, true, true, false, false, false, false]);
    const settled = {
      track: "ems" as const,
      themes: ["airway"],
      quiz: { length: 10, difficulty: "adaptive" as const, mode: "practice" as const },
    };
    expect(stepsDone(settled, 0)).toEqual([true, true, true, true, false, false, false]);
    expect(readyToGenerate(settled)).toBe(true);
    expect(nextStepPath(settled, 0)).toBe("/user/onboarding/themepreview");
    expect(stepsDone(settled, 1)).toEqual([true, true, true, true, true, true, true]);
  });

  it("themes without a track do not count, and a quiz without onboarding does not finish it", () => {
    expect(stepsDone({ themes: ["airway"] }, 2)).toEqual([false, false, false, false, false, false, false]);
    expect(readyToGenerate({ themes: ["airway"] })).toBe(false);
  });
});

describe("the daily review limit", () => {
  it("takes a whole number from 5 to 200, as the server does", () => {
    for (const ok of [5, 40, 200]) expect(dailyReviewsProblem(ok)).toBe("");
    for (const bad of [4, 201, 12.5, Number.NaN])
      expect(dailyReviewsProblem(bad)).toBe("The daily review limit is a whole number from 5 to 200");
  });
});
