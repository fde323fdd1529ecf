import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ContentTheme } from "@academy/contract/content";
import { describe, expect, it } from "vitest";
import { readContent } from "./content.ts";
import { guidelineProblems, itemWritingProblems, regionalTermProblems, statedSeconds, stripProblem, stripSeconds } from "./item-writing.ts";

/** A content folder in a temporary directory holding one theme, `demo`, with these questions. */
async function contentDirWithDemo(questions: unknown[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "content-"));
  await mkdir(path.join(dir, "themes"));
  await mkdir(path.join(dir, "library"));
  await writeFile(
    path.join(dir, "library", "demo.md"),
    "---\ntitle: Demo\nsummary: Demo.\ntracks: ems\nthemes: demo\ntier: free\n---\n# Demo\n\n## Basics\nText.\n",
  );
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
  reference: { document: "demo", section: "basics" },
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

describe("library links", () => {
  it("refuses an item without a library link, a picture or a changing number included", async () => {
    const questions = Array.from({ length: 15 }, (_, i) => single(`demo-${String(i + 1).padStart(3, "0")}`, `Question ${i + 1}?`, "Key"));
    const { reference: _dropped, ...unlinked } = questions[3]!;
    questions[3] = unlinked as (typeof questions)[number];
    const dir = await contentDirWithDemo(questions);
    expect((await readContent({ dir, only: ["demo"] })).problems).toEqual([
      "themes/demo.json: demo-004 has no library link (reference: document and section)",
    ]);
  });

  it("holds for every item of the bank", async () => {
    const { themes } = await readContent();
    const unlinked = themes.flatMap((t) => t.questions).filter((q) => !q.reference);
    expect(unlinked.map((q) => q.id)).toEqual([]);
  });
});

/** A strip of `width` px with a 1 mm grid every 10 px, printed at 25 mm/s. */
const strip = (width: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 160">${Array.from(
    { length: width / 10 + 1 },
    (_, i) => `<line x1="${i * 10}" y1="0" x2="${i * 10}" y2="160"/>`,
  ).join("")}<text>Lead II · 25 mm/s</text></svg>`;

describe("rhythm strips", () => {
  it("reads the seconds a strip shows from its width, grid and paper speed", () => {
    expect(stripSeconds(strip(750))).toBe(3);
    expect(stripSeconds(strip(1500))).toBe(6);
    expect(stripSeconds('<svg viewBox="0 0 100 100"><circle r="4"/></svg>')).toBeNull();
    expect(statedSeconds("This strip shows 6 seconds of a patient's ECG")).toBe(6);
    expect(statedSeconds("Six-second rhythm strip at 25 mm per second")).toBe(6);
    expect(statedSeconds("Which rhythm is this?")).toBeNull();
  });

  it("refuses a strip whose grid shows other seconds than its question says", () => {
    const q = {
      id: "demo-001",
      stem: "This strip shows 6 seconds of a patient's ECG. Count the complexes.",
      image: { file: "strip.svg", alt: "Rhythm strip with narrow complexes" },
    };
    expect(stripProblem(q, strip(750))).toBe("demo-001: the stem says 6 seconds, but images/strip.svg shows 3 seconds at its paper speed");
    expect(stripProblem(q, strip(1500))).toBeNull();
    expect(stripProblem({ ...q, stem: "Which rhythm?", image: { ...q.image, alt: "A six-second strip" } }, strip(750))).toMatch(
      /picture's description says 6 seconds/,
    );
  });

  it("shows in the bank's strips the rates their keys give: 40 a minute in patient-assessment-047, 180 in circulation-cpr-047", async () => {
    const { themes } = await readContent();
    const all = new Map(themes.flatMap((t) => t.questions).map((q) => [q.id, q]));
    /** Complexes: runs of the trace above the line `top` (smaller y is higher), counted once each. */
    const complexes = (svg: string, top: number) => {
      const ys = /points="([^"]+)"/
        .exec(svg)![1]!
        .split(" ")
        .map((p) => Number(p.split(",")[1]));
      return ys.filter((y, i) => y < top && !(ys[i - 1]! < top)).length;
    };
    const read = (file: string) => readFile(path.join(import.meta.dirname, "../../../../../content/images", file), "utf8");
    const brady = all.get("patient-assessment-047")!;
    const svg1 = await read(brady.image!.file);
    expect(stripSeconds(svg1)).toBe(6);
    const rate1 = complexes(svg1, 50) * (60 / stripSeconds(svg1)!);
    expect(brady.type === "numeric" && Math.abs(rate1 - brady.answer!) <= brady.tolerance).toBe(true);
    const vt = all.get("circulation-cpr-047")!;
    const svg2 = await read(vt.image!.file);
    expect(complexes(svg2, 50) * (60 / stripSeconds(svg2)!)).toBe(180);
  });
});

describe("words only North America uses", () => {
  it("asks an item every region sees to name nitroglycerin and the EMT as other regions do, or to carry its region", () => {
    const mk = (stem: string, region = "global") => ({ ...single("demo-001", stem, "Key"), region }) as ReturnType<typeof single>;
    expect(regionalTermProblems([theme([mk("When may an EMT help with nitroglycerin?")])])).toEqual([
      'demo-001: shown in every region but writes nitroglycerin alone; write "nitroglycerin (GTN)", or tag the region',
    ]);
    expect(regionalTermProblems([theme([mk("Which checks do EMTs make?")])])[0]).toMatch(/writes EMT alone/);
    expect(regionalTermProblems([theme([mk("When may an EMT (ambulance technician) help with nitroglycerin (GTN)?")])])).toEqual([]);
    expect(regionalTermProblems([theme([mk("When may an EMT help with nitroglycerin?", "north-america")])])).toEqual([]);
  });
});
