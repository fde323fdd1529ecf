import { describe, expect, it } from "vitest";
import { sampleNumbers } from "./sample-numbers";

const drip = {
  formula: "round(volume * factor / minutes)",
  variables: {
    volume: { min: 250, max: 1000, step: 250 },
    minutes: { min: 30, max: 120, step: 30 },
    factor: { min: 10, max: 20, step: 5 },
  },
};
const texts = {
  stem: "You must run {volume} mL of saline over {minutes} minutes through a giving set of {factor} drops per mL.",
  explanation: "{volume} × {factor} ÷ {minutes} ≈ {answer} drops per minute.",
};

describe("the staff preview of a question whose numbers vary", () => {
  it("fills every placeholder with numbers a quiz could draw, and the answer the formula gives for them", () => {
    for (const draw of [0, 1, 2, 7]) {
      const s = sampleNumbers(drip, texts, draw);
      expect(s.stem).not.toMatch(/\{[a-z_]+\}/);
      expect(s.explanation).not.toMatch(/\{[a-z_]+\}/);
      const { volume, minutes, factor } = s.values as { volume: number; minutes: number; factor: number };
      expect([250, 500, 750, 1000]).toContain(volume);
      expect([30, 60, 90, 120]).toContain(minutes);
      expect([10, 15, 20]).toContain(factor);
      expect(s.answer).toBe(Math.round((volume * factor) / minutes));
      expect(s.stem).toContain(`${volume} mL of saline over ${minutes} minutes`);
      expect(s.explanation).toContain(`≈ ${s.answer} drops`);
    }
    expect(sampleNumbers(drip, texts, 0).values).not.toEqual(sampleNumbers(drip, texts, 1).values);
  });

  it("leaves a fixed question as written, and a formula that does not compute yet without an answer", () => {
    expect(sampleNumbers({ answer: 30 }, { stem: "30:2?", explanation: "Ratio." })).toEqual({
      stem: "30:2?",
      explanation: "Ratio.",
      values: {},
      answer: 30,
    });
    const broken = sampleNumbers({ formula: "volume *", variables: { volume: drip.variables.volume } }, texts);
    expect(broken.answer).toBeNull();
    expect(broken.stem).toMatch(/^You must run \d+ mL/);
  });
});
