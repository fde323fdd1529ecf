import type { PlayerQuestion, QuestionReview, QuizModel } from "@academy/contract/quiz";

/**
 * A finished practice quiz of one single-choice question answered right, as the result PDF gets
 * it. Each test overrides the parts it looks at: the quiz, the question, or the question's review.
 */
export function answeredQuiz({
  quiz,
  question,
  review,
}: {
  quiz?: Partial<QuizModel>;
  question?: Partial<PlayerQuestion>;
  review?: Partial<QuestionReview>;
} = {}): QuizModel {
  const now = new Date().toISOString();
  return {
    id: 7,
    title: "Practice",
    track: "first-aid",
    mode: "practice",
    status: "submitted",
    total: 1,
    answered: 1,
    correctCount: 1,
    score: 1,
    createdAt: now,
    submittedAt: now,
    deadlineAt: null,
    missed: 0,
    blueprintVersion: 1,
    settings: { themes: [], length: 1, difficulty: "adaptive" },
    position: 0,
    timeLimitSeconds: null,
    serverNow: now,
    mock: null,
    breakdown: [],
    ...quiz,
    questions: [
      {
        questionId: "q-1",
        position: 0,
        theme: "airway-breathing",
        themeName: "Airway and breathing",
        type: "single",
        difficulty: 1,
        stem: "How many back blows first?",
        image: null,
        options: [{ id: "a", text: "Up to 5" }],
        unit: "",
        flagged: false,
        response: { choice: "a" },
        ...question,
        review: {
          isCorrect: true,
          correct: { choice: "a" },
          explanation: "Up to 5 back blows, then up to 5 abdominal thrusts.",
          options: [{ id: "a", text: "Up to 5", correct: true, explanation: "Right." }],
          source: "ERC 2021",
          reference: null,
          guideline: null,
          ...review,
        },
      },
    ],
  };
}
