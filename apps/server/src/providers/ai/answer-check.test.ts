import { describe, expect, it } from "vitest";
import { checkModelAnswer } from "./answer-check.ts";

const passages = [
  {
    n: 1,
    title: "EMT pharmacology",
    heading: "Adrenaline (epinephrine) auto-injector",
    text: "Dose: adults 0.3 mg IM (US auto-injector); children of about 15 to 30 kg 0.15 mg.\nRCUK adult dose: 0.5 mg IM, repeated after 5 minutes if there is no improvement.",
  },
  {
    n: 2,
    title: "EMT pharmacology",
    heading: "Naloxone",
    text: "Dose: 4 mg intranasal, repeated every 2 to 3 minutes. Place it about 5 to 7.5 cm (2 to 3 inches) from the nostril.",
  },
];
const question = "What is the adult adrenaline dose for anaphylaxis?";

describe("checkModelAnswer", () => {
  it("passes an answer whose numbers stand in the passages it cites", () => {
    expect(checkModelAnswer("Give 0.5 mg IM, and repeat after 5 minutes if needed [1].", passages, question)).toEqual({ ok: true });
    // A range states its unit once; "2 inches" still stands in the passage.
    expect(checkModelAnswer("About 2 inches from the nostril [2].", passages, "where does the spray go")).toEqual({ ok: true });
    // A number of the question may be repeated.
    expect(checkModelAnswer("For 800 N you need [2] nothing more.", passages, "what lifts 800 N")).toEqual({ ok: true });
  });

  it("refuses an answer that invents a dose", () => {
    const check = checkModelAnswer("The adult dose is 1 mg IM [1].", passages, question);
    expect(check).toEqual({ ok: false, reason: '"1 mg" is not in the passages the sentence cites ([1])' });
  });

  it("refuses a dose taken from another passage than the one cited, or with another unit", () => {
    expect(checkModelAnswer("Give 4 mg [1].", passages, question).ok).toBe(false);
    expect(checkModelAnswer("Give 0.5 mL [1].", passages, question).ok).toBe(false);
    // The same figure with the passage that states it cited passes.
    expect(checkModelAnswer("Give 4 mg [2].", passages, "naloxone dose").ok).toBe(true);
  });

  it("refuses a decimal cut in two", () => {
    expect(checkModelAnswer("The UK adult dose is 0. [1] 5 mg.", passages, question)).toEqual({
      ok: false,
      reason: "the answer cuts a decimal in two",
    });
  });

  it("refuses an answer that cites nothing, or a passage it was not given", () => {
    expect(checkModelAnswer("Give adrenaline.", passages, question)).toEqual({ ok: false, reason: "the answer cites no passage" });
    expect(checkModelAnswer("Give adrenaline [3].", passages, question)).toEqual({
      ok: false,
      reason: "the answer cites passages it was not given: 3",
    });
  });

  it("reads a sentence without a citation against the next one it finds", () => {
    expect(checkModelAnswer("Children get 0.15 mg. Adults get 0.5 mg [1].", passages, question).ok).toBe(true);
    expect(checkModelAnswer("Children get 0.25 mg. Adults get 0.5 mg [1].", passages, question).ok).toBe(false);
  });
});
