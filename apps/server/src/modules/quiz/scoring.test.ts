import { describe, expect, it } from "vitest";
import { checkResponseShape, correctResponse, type ScorableQuestion, scoreResponse } from "./scoring.ts";

const options = (correct: string[], ids = ["a", "b", "c", "d"]) =>
  ids.map((id) => ({ id, text: id, correct: correct.includes(id), explanation: "" }));
const single: ScorableQuestion = { type: "single", options: options(["c"]), numeric: null };
const multiple: ScorableQuestion = { type: "multiple", options: options(["a", "c"]), numeric: null };
const ordering: ScorableQuestion = { type: "ordering", options: options([]), numeric: null };
const numeric: ScorableQuestion = { type: "numeric", options: [], numeric: { answer: 0.3, tolerance: 0.05, unit: "mg" } };

// One rule grades online answers, synced offline answers and a pack's feedback on the device (isRightByKey).
describe("scoring", () => {
  it("grades each kind of question", () => {
    expect(scoreResponse(single, { choice: "c" })).toBe(true);
    expect(scoreResponse(single, { choice: "a" })).toBe(false);
    expect(scoreResponse(multiple, { choices: ["c", "a"] })).toBe(true);
    // All or nothing: one key short, or one option too many, is wrong.
    expect(scoreResponse(multiple, { choices: ["a"] })).toBe(false);
    expect(scoreResponse(multiple, { choices: ["a", "b", "c"] })).toBe(false);
    expect(scoreResponse(ordering, { order: ["a", "b", "c", "d"] })).toBe(true);
    expect(scoreResponse(ordering, { order: ["b", "a", "c", "d"] })).toBe(false);
    expect(scoreResponse(numeric, { value: 0.1 + 0.2 })).toBe(true);
    expect(scoreResponse(numeric, { value: 0.35 })).toBe(true);
    expect(scoreResponse(numeric, { value: 0.36 })).toBe(false);
    // A response of another shape is never right.
    expect(scoreResponse(numeric, { choice: "a" })).toBe(false);
    expect(scoreResponse(single, { value: 1 })).toBe(false);
  });

  it("marks nothing right on a question without a key", () => {
    expect(scoreResponse({ type: "numeric", options: [], numeric: null }, { value: 0 })).toBe(false);
    expect(scoreResponse({ type: "single", options: options([]), numeric: null }, { choice: "a" })).toBe(false);
  });

  it("answers the key in a response's shape, and refuses responses that do not fit", () => {
    expect(correctResponse(multiple)).toEqual({ choices: ["a", "c"] });
    expect(checkResponseShape(ordering, { order: ["a", "a", "c", "d"] })).toBe("Put every item of the list in order, each once");
    expect(checkResponseShape(single, { choice: "z" })).toBe("That option is not part of this question");
  });
});
