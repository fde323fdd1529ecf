import { describe, expect, it } from "vitest";
import { totalOf } from "./pagination";

describe("a list's total", () => {
  it("is shown exact, as a lower bound, or as an estimate", () => {
    expect(totalOf(842)).toBe("842");
    expect(totalOf(1_000, { capped: true })).toBe("more than 1,000");
    expect(totalOf(1_234_567, { estimated: true })).toBe("about 1.2M");
    expect(totalOf(12_040, { estimated: true })).toBe("about 12K");
  });
});
