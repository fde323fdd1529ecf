import type { QuizSummary } from "@academy/contract/quiz";
import { describe, expect, it } from "vitest";
import { emptyTrendMessage, nextSteps } from "./guidance";

const free = { packageName: "Free", quizzesPerWeek: 3, usedThisWeek: 0 };
const unlimited = { packageName: "Premium", quizzesPerWeek: null, usedThisWeek: 4 };
const quiz = { id: 1, status: "submitted" } as QuizSummary;
const titles = (state: Parameters<typeof nextSteps>[0]) => nextSteps(state).map((s) => s.title);

describe("the dashboard's next steps", () => {
  it("a new candidate starts with onboarding and is offered a plan", () => {
    expect(titles({ track: null, recent: [], quota: free })).toEqual(["Start onboarding", "Document library", "Coaching", "Choose a plan"]);
    expect(nextSteps({ track: null, recent: [], quota: free }).at(-1)?.description).toContain("Free plan includes 3 quizzes a week");
  });

  it("onboarded without a quiz: the first quiz, no onboarding", () => {
    const list = titles({ track: "ems", recent: [], quota: free });
    expect(list[0]).toBe("Take your first quiz");
    expect(list).not.toContain("Start onboarding");
    expect(list).not.toContain("Progress");
    expect(list).toContain("Study plan");
  });

  it("after a quiz on an unlimited plan: practice, progress and the plan, no onboarding or upgrade", () => {
    const list = titles({ track: "ems", recent: [quiz], quota: unlimited });
    expect(list).toEqual(["Keep practising", "Study plan", "Document library", "Coaching", "Your plan", "Progress"]);
  });
});

describe("the progress screen's empty trend", () => {
  it("never asks to finish a quiz when finished quizzes are listed", () => {
    expect(emptyTrendMessage(0).text).toBe("Finish a quiz to see your trend.");
    expect(emptyTrendMessage(2).text).not.toMatch(/finish a quiz/i);
    expect(emptyTrendMessage(2).text).toMatch(/20 questions/);
    expect(emptyTrendMessage(2).to).toBe("/user/onboarding/allquizzes");
  });
});
