import type { ContentTheme } from "@academy/contract/content";
import { describe, expect, it } from "vitest";
import { itemWritingWarnings } from "./item-writing.ts";

const option = (id: string, text: string, correct: boolean) => ({ id, text, correct, explanation: "Why." });
const single = (id: string, stem: string, keyText: string) => ({
  id,
  type: "single" as const,
  difficulty: 2,
  region: "global" as const,
  stem,
  explanation: "Teaching point.",
  source: "A guideline.",
  options: [option("a", keyText, true), option("b", "Short", false), option("c", "Also short", false)],
});

const theme = (questions: ReturnType<typeof single>[]) =>
  ({ slug: "demo", name: "Demo", description: "Demo.", tracks: ["ems"], questions }) as unknown as ContentTheme;

describe("item-writing checks", () => {
  it("warns when the key is the longest option in more than a third of a theme's single-choice items", () => {
    const longKeys = theme([
      single("demo-001", "First?", "A much longer right answer"),
      single("demo-002", "Second?", "Another long right answer"),
      single("demo-003", "Third?", "Tiny"),
    ]);
    expect(itemWritingWarnings([longKeys])).toEqual([
      "themes/demo.json: the key is the longest option in 2 of 3 single-choice questions (67%; at most a third)",
    ]);
    const fine = theme([
      single("demo-001", "First?", "A much longer right answer"),
      single("demo-002", "Second?", "Tiny"),
      single("demo-003", "Third?", "Key"),
    ]);
    expect(itemWritingWarnings([fine])).toEqual([]);
  });

  it("finds duplicate stems across themes, ignoring case and punctuation", () => {
    const a = theme([single("demo-001", "What is the rate of compressions?", "Tiny")]);
    const b = theme([single("demo-002", "what is the rate of compressions", "Key")]);
    expect(itemWritingWarnings([a, b])).toEqual(["demo-002: the same stem as demo-001"]);
  });
});
