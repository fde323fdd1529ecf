import type { QuizModel } from "@academy/contract/quiz";

/** What the player offers to end a quiz: whether "Finish" is shown, its words, and what to say instead. */
export interface FinishOffer {
  canFinish: boolean;
  label: string;
  /** Shown in place of the button (an adaptive exam before its minimum length). */
  note: string | null;
}

/**
 * An adaptive mock exam, as the real one, cannot be cut short: nothing finishes it before its
 * minimum length (the server refuses with 409 too). Once it has decided it asks to see the result;
 * between the minimum and a decision the candidate may still stop, and the final estimate decides.
 * Every other quiz can be finished at any time.
 */
export function finishOffer(quiz: Pick<QuizModel, "mock" | "complete" | "minQuestions" | "maxQuestions">, answered: number): FinishOffer {
  if (quiz.mock !== "adaptive") return { canFinish: true, label: "Finish quiz", note: null };
  if (quiz.complete) return { canFinish: true, label: "See your result", note: null };
  const min = quiz.minQuestions ?? 0;
  if (answered < min) {
    const left = min - answered;
    return {
      canFinish: false,
      label: "",
      note: `The exam decides after at least ${min} answers: ${left} more to go${quiz.maxQuestions ? `, ${quiz.maxQuestions} at most` : ""}.`,
    };
  }
  return { canFinish: true, label: "Finish exam now", note: null };
}
