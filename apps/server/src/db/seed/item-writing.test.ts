import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ContentTheme } from "@academy/contract/content";
import { describe, expect, it } from "vitest";
import { readContent } from "./content.ts";
import { guidelineProblems, itemWritingProblems } from "./item-writing.ts";

/** A content folder in a temporary directory holding one theme, `demo`, with these questions. */
async function contentDirWithDemo(questions: unknown[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "content-"));
  await mkdir(path.join(dir, "themes"));
  await mkdir(path.join(dir, "library"));
  await writeFile(
    path.join(dir, "themes", "demo.json"),
    JSON.stringify({ slug: "demo", name: "Demo", description: "Demo.", tracks: ["ems"], questions }),
  );
  return dir;
}

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
  it("refuses a theme when the key is the longest option in more than a third of a theme's single-choice items", () => {
    const longKeys = theme([
      single("demo-001", "First?", "A much longer right answer"),
      single("demo-002", "Second?", "Another long right answer"),
      single("demo-003", "Third?", "Tiny"),
    ]);
    expect(itemWritingProblems([longKeys])).toEqual([
      "themes/demo.json: the key is the longest option in 2 of 3 single-choice questions (67%; at most a third)",
    ]);
    const fine = theme([
      single("demo-001", "First?", "A much longer right answer"),
      single("demo-002", "Second?", "Tiny"),
      single("demo-003", "Third?", "Key"),
    ]);
    expect(itemWritingProblems([fine])).toEqual([]);
  });

  it("finds duplicate stems across themes, ignoring case and punctuation", () => {
    const a = theme([single("demo-001", "What is the rate of compressions?", "Tiny")]);
    const b = theme([single("demo-002", "what is the rate of compressions", "Key")]);
    expect(itemWritingProblems([a, b])).toEqual(["demo-002: the same stem as demo-001"]);
  });
});

describe("pictures in questions", () => {
  it("accepts a question that shows an image from content/images and reports a missing file", async () => {
    const questions = Array.from({ length: 15 }, (_, i) => ({
      ...single(`demo-${String(i + 1).padStart(3, "0")}`, `Question ${i + 1}?`, "Key"),
      guideline: { edition: "Demo guideline 2025", reviewed: "2026-11-20" },
      ...(i === 0 ? { image: { file: "placard-demo.svg", alt: "An orange panel with two numbers" } } : {}),
    }));
    const dir = await contentDirWithDemo(questions);
    const missing = await readContent({ dir, only: ["demo"] });
    expect(missing.problems).toEqual(["themes/demo.json: demo-001 shows images/placard-demo.svg, which does not exist"]);
    await mkdir(path.join(dir, "images"));
    await writeFile(path.join(dir, "images", "placard-demo.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const found = await readContent({ dir, only: ["demo"] });
    expect(found.problems).toEqual([]);
    expect(found.themes[0]!.questions[0]!.guideline).toEqual({ edition: "Demo guideline 2025", reviewed: "2026-11-20" });
  });
});

describe("the content check", () => {
  it("fails, not warns, on an item-writing breach in the files", async () => {
    // Every key is the longest option, and two stems are the same.
    const questions = Array.from({ length: 15 }, (_, i) =>
      single(`demo-${String(i + 1).padStart(3, "0")}`, `Question ${Math.min(i, 13) + 1}?`, "A much longer right answer"),
    );
    const dir = await contentDirWithDemo(questions);
    const { problems } = await readContent({ dir, only: ["demo"] });
    expect(problems).toEqual([
      "demo-015: the same stem as demo-014",
      "themes/demo.json: the key is the longest option in 15 of 15 single-choice questions (100%; at most a third)",
    ]);
  });
});

describe("guideline editions", () => {
  const stamped = (id: string, source: string, edition: string, reviewed = "2026-11-20") => ({
    ...single(id, `${id}?`, "Key"),
    source,
    guideline: { edition, reviewed },
  });
  const today = new Date("2026-11-24T12:00:00Z");

  it("asks every item of a reviewed theme for its edition and review date; a theme of reasoning items needs none", () => {
    const mixed = theme([stamped("demo-001", "ERC Guidelines 2025, BLS", "ERC Guidelines 2025"), single("demo-002", "Second?", "Key")]);
    expect(guidelineProblems([mixed], today)).toEqual([
      "demo-002: the theme's other items carry their guideline edition and review date; this one does not",
    ]);
    expect(guidelineProblems([theme([single("demo-001", "First?", "Key"), single("demo-002", "Second?", "Key")])], today)).toEqual([]);
  });

  it("refuses a review date still to come", () => {
    const future = theme([stamped("demo-001", "NFPA 1970 (2024 edition)", "NFPA 1970 (2024)", "2026-12-01")]);
    expect(guidelineProblems([future], today)).toEqual(["demo-001: reviewed on 2026-12-01, a date still to come"]);
  });

  it("refuses a resuscitation edition the 2025 guidelines replaced, unless the item names it as the edition it follows", () => {
    const old = theme([
      stamped("demo-001", "ERC Guidelines 2021, Adult Basic Life Support", "ERC Guidelines 2025"),
      stamped("demo-002", "AHA 2020 Guidelines for CPR and ECC", "AHA Guidelines 2025"),
      stamped("demo-003", "ERC Guidelines 2021, First Aid (shock position)", "ERC Guidelines 2021, First Aid"),
      stamped("demo-004", "ERC Guidelines 2025, Adult Basic Life Support", "ERC Guidelines 2025"),
      stamped("demo-005", "NFPA 1970 (2024 edition); IFSTA Essentials 8th edition (2021 printing)", "NFPA 1970 (2024)"),
    ]);
    expect(guidelineProblems([old], today)).toEqual([
      "demo-001: the source cites ERC 2021, which the 2025 guidelines replaced; cite the current edition, or name 2021 in the item's edition if it is kept on purpose",
      "demo-002: the source cites AHA 2020, which the 2025 guidelines replaced; cite the current edition, or name 2020 in the item's edition if it is kept on purpose",
    ]);
  });
});
