import { describe, expect, it } from "vitest";
import { allocate, type BankQuestion, generateQuiz, type QuestionHistory } from "./generate.ts";

function makeBank(themes: string[], perTheme: number): BankQuestion[] {
  const bank: BankQuestion[] = [];
  let id = 1;
  for (const theme of themes)
    for (let i = 0; i < perTheme; i++)
      bank.push({ id: id++, theme, difficulty: (i % 5) + 1, type: i % 3 === 0 ? "ordering" : "single", optionIds: ["a", "b", "c", "d"] });
  return bank;
}

const NOW = Date.UTC(2026, 10, 1);
const base = (over: Partial<Parameters<typeof generateQuiz>[0]> = {}) => ({
  bank: makeBank(["t1", "t2", "t3"], 40),
  history: new Map<number, QuestionHistory>(),
  weights: { t1: 50, t2: 30, t3: 20 },
  mastery: {},
  length: 20,
  difficulty: "adaptive" as const,
  seed: 42,
  now: NOW,
  ...over,
});

describe("quiz generation", () => {
  it("is deterministic for a seed and differs across seeds", () => {
    const a = generateQuiz(base());
    const b = generateQuiz(base());
    const c = generateQuiz(base({ seed: 43 }));
    expect(a).toEqual(b);
    expect(a.map((q) => q.questionId)).not.toEqual(c.map((q) => q.questionId));
  });

  it("never repeats a question and fills the length", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const quiz = generateQuiz(base({ seed, length: 60 }));
      expect(quiz).toHaveLength(60);
      expect(new Set(quiz.map((q) => q.questionId)).size).toBe(60);
    }
  });

  it("follows the blueprint weights when mastery is equal", () => {
    const quiz = generateQuiz(base({ length: 20 }));
    const count = (t: string) => quiz.filter((q) => q.theme === t).length;
    expect([count("t1"), count("t2"), count("t3")]).toEqual([10, 6, 4]);
  });

  it("gives weak themes more questions than strong ones of the same weight", () => {
    const quiz = generateQuiz(base({ weights: { t1: 1, t2: 1, t3: 1 }, mastery: { t1: 0.1, t2: 0.5, t3: 0.95 }, length: 30 }));
    const count = (t: string) => quiz.filter((q) => q.theme === t).length;
    expect(count("t1")).toBeGreaterThan(count("t2"));
    expect(count("t2")).toBeGreaterThan(count("t3"));
  });

  it("caps due reviews at 30% so new questions always come, most overdue first, then seen ones last", () => {
    const bank = makeBank(["t1"], 20);
    const history = new Map<number, QuestionHistory>();
    // 1..6 due (6 most overdue), 7..12 seen and not due, 13..20 never seen.
    for (let id = 1; id <= 6; id++) history.set(id, { dueAt: NOW - id * 1000, lastCorrect: false, lastSeenAt: NOW - 5000 });
    for (let id = 7; id <= 12; id++) history.set(id, { dueAt: null, lastCorrect: true, lastSeenAt: NOW - id });
    const ofReason = (quiz: ReturnType<typeof generateQuiz>, reason: string) =>
      quiz
        .filter((q) => q.reason === reason)
        .map((q) => q.questionId)
        .sort((a, b) => a - b);
    // 3 reviews (30% of 10), the most overdue; new questions fill the rest.
    const quiz = generateQuiz(base({ bank, history, weights: { t1: 1 }, length: 10 }));
    expect(ofReason(quiz, "due")).toEqual([4, 5, 6]);
    expect(ofReason(quiz, "new")).toHaveLength(7);
    // Once nothing new is left, the other due ones come before the longest-unseen seen ones.
    const long = generateQuiz(base({ bank, history, weights: { t1: 1 }, length: 18 }));
    expect(ofReason(long, "due")).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ofReason(long, "new")).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
    expect(ofReason(long, "seen")).toEqual([9, 10, 11, 12]);
  });

  it("lets due reviews fill the quiz once nothing new is left, and a review quiz is all reviews", () => {
    const bank = makeBank(["t1"], 10);
    const history = new Map<number, QuestionHistory>();
    for (let id = 1; id <= 10; id++)
      history.set(id, { dueAt: id <= 6 ? NOW - id : NOW + 86_400_000, lastCorrect: id > 6, lastSeenAt: NOW - 5000 });
    const quiz = generateQuiz(base({ bank, history, weights: { t1: 1 }, length: 8 }));
    expect(quiz.filter((q) => q.reason === "due")).toHaveLength(6);
    const review = generateQuiz(base({ bank, history, weights: { t1: 1 }, length: 6, only: new Set([1, 2, 3, 4, 5, 6]) }));
    expect(review.every((q) => q.reason === "due")).toBe(true);
    expect(review).toHaveLength(6);
  });

  it("follows the blueprint exactly in exam mode, with no boost for weak themes", () => {
    const quiz = generateQuiz(base({ mastery: { t1: 0.95, t2: 0.1, t3: 0.1 }, length: 20, blueprintOnly: true }));
    const count = (t: string) => quiz.filter((q) => q.theme === t).length;
    expect([count("t1"), count("t2"), count("t3")]).toEqual([10, 6, 4]);
  });

  it("prefers the chosen difficulty", () => {
    const quiz = generateQuiz(base({ difficulty: 5, length: 15 }));
    const bank = new Map(base().bank.map((q) => [q.id, q]));
    expect(quiz.every((q) => bank.get(q.questionId)!.difficulty === 5)).toBe(true);
  });

  it("shuffles ordering options so they never arrive in the right order", () => {
    const types = new Map(base().bank.map((q) => [q.id, q.type]));
    let checked = 0;
    for (let seed = 0; seed < 30; seed++)
      for (const q of generateQuiz(base({ seed })))
        if (types.get(q.questionId) === "ordering") {
          checked += 1;
          expect(q.optionOrder.join()).not.toBe("a,b,c,d");
          expect([...q.optionOrder].sort().join()).toBe("a,b,c,d");
        }
    expect(checked).toBeGreaterThan(50);
  });

  it("allocates by weight within supply and hands surplus to others", () => {
    expect(allocate({ a: 3, b: 1 }, { a: 100, b: 100 }, 8)).toEqual({ a: 6, b: 2 });
    expect(allocate({ a: 3, b: 1 }, { a: 2, b: 100 }, 8)).toEqual({ a: 2, b: 6 });
    expect(allocate({ a: 1, b: 1 }, { a: 1, b: 1 }, 8)).toEqual({ a: 1, b: 1 });
  });

  it("restricts to the given ids for a retry", () => {
    const only = new Set([5, 7, 9]);
    const quiz = generateQuiz(base({ only, length: 10 }));
    expect(quiz.map((q) => q.questionId).sort()).toEqual([5, 7, 9]);
  });
});
