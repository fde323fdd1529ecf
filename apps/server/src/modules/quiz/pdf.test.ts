import { inflateSync } from "node:zlib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { answeredQuiz } from "../../test/answered-quiz.ts";
import { contentImage } from "./images.ts";
import { renderResultPdf } from "./pdf.ts";

const URL = "/content/images/rhythm-strip-1.svg";

const quizWithPicture = answeredQuiz({
  question: {
    theme: "cardiac",
    themeName: "Cardiac",
    stem: "What rhythm does the strip show?",
    image: { url: URL, alt: "Rhythm strip: chaotic baseline with no organised QRS complexes" },
    options: [{ id: "a", text: "Ventricular fibrillation" }],
  },
  review: {
    explanation: "No organised complexes.",
    options: [],
    source: "ERC Guidelines 2025, Adult Advanced Life Support",
    guideline: { edition: "ERC Guidelines 2025", reviewed: "2026-11-24" },
  },
});

/** How many straight path segments (the `l` operator) the PDF's content streams draw. */
function lineSegments(pdf: Buffer) {
  const raw = pdf.toString("latin1");
  let count = 0;
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const bytes = Buffer.from(m[1]!, "latin1");
    let text: string;
    try {
      text = inflateSync(bytes).toString("latin1");
    } catch {
      text = bytes.toString("latin1");
    }
    count += (text.match(/ l\n/g) ?? []).length;
  }
  return count;
}

describe("the quiz result PDF's pictures", () => {
  it("draws a question's picture above its text alternative", async () => {
    const withPicture = await renderResultPdf(
      quizWithPicture,
      "Alex Reader",
      "",
      new Map([[URL, await contentImage("rhythm-strip-1.svg")]]),
    );
    const withoutPicture = await renderResultPdf(quizWithPicture, "Alex Reader", "", new Map());
    // The strip's grid and trace are dozens of lines: the page with the picture draws far more.
    expect(lineSegments(withPicture)).toBeGreaterThan(lineSegments(withoutPicture) + 50);
    // Both still carry the text alternative (a reader of the printout, or a screen reader, gets it).
    for (const pdf of [withPicture, withoutPicture]) {
      const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, " ");
      expect(text).toContain("Picture: Rhythm strip: chaotic baseline");
      expect(text).toContain("What rhythm does the strip show?");
      expect(text).toContain("follows ERC Guidelines 2025, checked 2026-11-24");
    }
  });
});
