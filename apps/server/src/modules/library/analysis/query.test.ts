import { describe, expect, it } from "vitest";
import { wordsOf } from "./query.ts";

describe("the words of a query", () => {
  it("writes out English contractions, so none leaves a word the library never uses", () => {
    expect(wordsOf("Isn't it? Can't we, won't they; what’s the crew's plan, I'd say")).toEqual([
      "is",
      "not",
      "it",
      "cannot",
      "we",
      "will",
      "not",
      "they",
      "what",
      "the",
      "crew",
      "plan",
      "i",
      "say",
    ]);
  });

  it("keeps a decimal's point and a number's thousands separators", () => {
    expect(wordsOf("0.5 mg, 1:50,000 map")).toEqual(["0.5", "mg", "1", "50,000", "map"]);
  });
});
