import { describe, expect, it } from "vitest";
import { readinessText } from "./brief-text";

describe("the learner brief's readiness line", () => {
  it("gives the figure once there is one", () => {
    expect(readinessText({ readiness: 0.724, finished_quizzes: 6, track_name: "Emergency medical services" })).toBe(
      "72% ready for Emergency medical services",
    );
  });

  it("says no finished quiz only when there is none", () => {
    expect(readinessText({ readiness: null, finished_quizzes: 0, track_name: null })).toBe("No finished quiz yet.");
    expect(readinessText({ readiness: null, finished_quizzes: 0, track_name: "Fire and rescue" })).toBe("No finished quiz yet.");
  });

  it("after finished quizzes without a figure, says why there is none", () => {
    expect(readinessText({ readiness: null, finished_quizzes: 1, track_name: null })).toBe(
      "1 finished quiz; no track chosen yet, so no readiness figure.",
    );
    const text = readinessText({ readiness: null, finished_quizzes: 3, track_name: "Water rescue" });
    expect(text).toBe("3 finished quizzes; not enough answers yet for a readiness figure for Water rescue.");
    expect(text).not.toMatch(/No finished quiz/);
  });
});
