import { describe, expect, it } from "vitest";
import { labelledIndices, niceTicks } from "./scale";

describe("chart scales", () => {
  it("picks round steps from zero that reach the largest value", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(50700)).toEqual([0, 20000, 40000, 60000]);
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
  });

  it("labels at most the room there is, counting back from today", () => {
    expect(labelledIndices(30, 6)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labelledIndices(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelledIndices(0, 5)).toEqual([]);
  });
});
