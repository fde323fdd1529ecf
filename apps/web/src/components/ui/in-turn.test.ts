import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { takeTurn } from "./in-turn";

describe("takeTurn", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the waiting pieces one per task, in the order they asked", () => {
    const shown: string[] = [];
    for (const name of ["signups", "quizzes", "payments"]) takeTurn(() => shown.push(name));
    expect(shown).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(shown).toEqual(["signups"]);
    vi.advanceTimersToNextTimer();
    expect(shown).toEqual(["signups", "quizzes"]);
    vi.advanceTimersToNextTimer();
    expect(shown).toEqual(["signups", "quizzes", "payments"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("skips a piece that went away before its turn, and starts again for a later one", () => {
    const shown: string[] = [];
    takeTurn(() => shown.push("first"));
    const cancel = takeTurn(() => shown.push("gone"));
    cancel();
    vi.runAllTimers();
    expect(shown).toEqual(["first"]);
    takeTurn(() => shown.push("later"));
    vi.runAllTimers();
    expect(shown).toEqual(["first", "later"]);
  });
});
