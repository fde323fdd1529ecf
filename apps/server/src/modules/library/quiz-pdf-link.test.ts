import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { answeredQuiz } from "../../test/answered-quiz.ts";
import { renderResultPdf } from "../quiz/pdf.ts";

describe("the quiz result PDF", () => {
  it("links each explanation's library reference to the exact section", async () => {
    const quiz = answeredQuiz({ review: { reference: { document: "airway-breathing", section: "choking" } } });
    const pdf = await renderResultPdf(quiz, "Alex Reader", "https://academy.example");
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
    expect(text).toContain("https://academy.example/user/document-library/airway-breathing#choking");
    // A clickable link annotation, not only the words.
    expect(pdf.toString("latin1")).toContain("/URI (https://academy.example/user/document-library/airway-breathing#choking)");
  });
});
