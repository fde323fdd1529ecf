import type { QuizModel } from "@academy/contract/quiz";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderResultPdf } from "../quiz/pdf.ts";

describe("the quiz result PDF", () => {
  it("links each explanation's library reference to the exact section", async () => {
    const question = {
      id: 1,
      position: 0,
      theme: "airway-breathing",
      themeName: "Airway and breathing",
      type: "single",
      difficulty: 1,
      stem: "How many back blows first?",
      options: [{ id: "a", text: "Up to 5" }],
      unit: "",
      flagged: false,
      response: { choice: "a" },
      review: {
        isCorrect: true,
        correct: { choice: "a" },
        explanation: "Up to 5 back blows, then up to 5 abdominal thrusts.",
        options: [{ id: "a", text: "Up to 5", correct: true, explanation: "Right." }],
        source: "ERC 2021",
        reference: { document: "airway-breathing", section: "choking" },
      },
    };
    const quiz = {
      id: 7,
      title: "Practice",
      mode: "practice",
      total: 1,
      correctCount: 1,
      score: 1,
      submittedAt: new Date().toISOString(),
      breakdown: [],
      questions: [question],
    } as unknown as QuizModel;
    const pdf = await renderResultPdf(quiz, "Alex Reader", "https://academy.example");
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
    expect(text).toContain("https://academy.example/user/document-library/airway-breathing#choking");
    // A clickable link annotation, not only the words.
    expect(pdf.toString("latin1")).toContain("/URI (https://academy.example/user/document-library/airway-breathing#choking)");
  });
});
