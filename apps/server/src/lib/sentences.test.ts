import { describe, expect, it } from "vitest";
import { sentencesOf } from "./sentences.ts";

describe("sentencesOf", () => {
  it("never cuts a decimal, and keeps the unit with its number", () => {
    expect(
      sentencesOf("RCUK 2021 adult dose: 0.5 mg IM. For children of about 15 to 30 kg give 0.15 mg. The UK adult dose is 0.5 mg."),
    ).toEqual(["RCUK 2021 adult dose: 0.5 mg IM.", "For children of about 15 to 30 kg give 0.15 mg.", "The UK adult dose is 0.5 mg."]);
    expect(sentencesOf("Keep out of a collapse zone of at least 1.5 times the height. Corners are strongest.")).toEqual([
      "Keep out of a collapse zone of at least 1.5 times the height.",
      "Corners are strongest.",
    ]);
    expect(sentencesOf("Converting: bar to psi, multiply by 14.5; psi to bar, divide by 14.5.")).toEqual([
      "Converting: bar to psi, multiply by 14.5; psi to bar, divide by 14.5.",
    ]);
    expect(sentencesOf("Under 29 CFR 1910.134 the rule applies. A 6.8-litre cylinder at 300 bar holds about 2,040 litres.")).toEqual([
      "Under 29 CFR 1910.134 the rule applies.",
      "A 6.8-litre cylinder at 300 bar holds about 2,040 litres.",
    ]);
  });

  it("keeps ranges and ratios whole", () => {
    expect(sentencesOf("Aim for 88 to 92 %. Compress 5–6 cm deep at 100-120/min. Use 30:2 for adults.")).toEqual([
      "Aim for 88 to 92 %.",
      "Compress 5–6 cm deep at 100-120/min.",
      "Use 30:2 for adults.",
    ]);
  });

  it("does not end a sentence at an abbreviation", () => {
    expect(sentencesOf("Use e.g. a bag-valve mask, i.e. a BVM. Approx. 5 cm deep. Dr. Smith said no. See Fig. 3 for details.")).toEqual([
      "Use e.g. a bag-valve mask, i.e. a BVM.",
      "Approx. 5 cm deep.",
      "Dr. Smith said no.",
      "See Fig. 3 for details.",
    ]);
    expect(sentencesOf("The U.S. guideline says 162 to 325 mg. The U.K. says 300 mg.")).toEqual([
      "The U.S. guideline says 162 to 325 mg.",
      "The U.K. says 300 mg.",
    ]);
    expect(sentencesOf("Give 15 mg per kg (max. 1 g). Then recheck! Is it right? Yes.")).toEqual([
      "Give 15 mg per kg (max. 1 g).",
      "Then recheck!",
      "Is it right?",
      "Yes.",
    ]);
  });

  it("ends a sentence after a unit that closes it", () => {
    expect(sentencesOf("At 60 L/min it lasts 34 min. Plus the reserve.")).toEqual(["At 60 L/min it lasts 34 min.", "Plus the reserve."]);
  });

  it("keeps each list item (a line) whole and apart, numbered or not", () => {
    expect(sentencesOf("Stages:\n1. cold shock, 2. swim failure\nDose: 0.4 mg sublingual, repeated every 5 minutes")).toEqual([
      "Stages:",
      "1. cold shock, 2. swim failure",
      "Dose: 0.4 mg sublingual, repeated every 5 minutes",
    ]);
  });
});
