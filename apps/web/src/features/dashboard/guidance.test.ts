import type { QuizSummary } from "@academy/contract/quiz";
import { describe, expect, it } from "vitest";
import { emptyTrendMessage, nextSteps, reviewOffer } from "./guidance";

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

describe("the dashboard's review card", () => {
  const state = (due: number, today: number, doneToday: number, missedToday = 0) => ({
    dueForReview: due,
    review: { today, dailyCap: 40, doneToday },
    missedToday,
  });

  it("offers 'Review N due' with N what today's session holds, and says the rest wait when more are due than the limit", () => {
    expect(reviewOffer(state(3, 3, 0)).start).toBe("Review 3 due");
    expect(reviewOffer(state(3, 3, 0)).text).toBe("3 questions you missed or were not sure of are back for review.");
    const capped = reviewOffer(state(55, 40, 0));
    expect(capped.start).toBe("Review 40 due");
    expect(capped.text).toContain("55 questions due for review; today's session takes 40 (your daily limit is 40)");
  });

  it("offers no start when nothing is due, or when today's limit is used up", () => {
    expect(reviewOffer(state(0, 0, 0))).toEqual({
      start: null,
      text: "Nothing is due for review: a question you miss comes back the next day.",
      missed: null,
    });
    const done = reviewOffer(state(7, 0, 40));
    expect(done.start).toBeNull();
    expect(done.text).toBe("You have done today's 40 reviews (your daily limit is 40): the other 7 questions wait for tomorrow.");
  });

  it("offers today's missed and flagged questions only when there are some", () => {
    expect(reviewOffer(state(0, 0, 0, 4)).missed).toBe("Retry 4 missed or flagged today");
    expect(reviewOffer(state(2, 2, 0, 0)).missed).toBeNull();
  });
});
