import type { AnswerResponse } from "../db/schema/quiz.ts";
import type { ScorableQuestion } from "../modules/quiz/scoring.ts";

/** A response of the question's shape that scores as wrong, for tests that need a given score. */
export function wrongResponse(q: ScorableQuestion): AnswerResponse {
  switch (q.type) {
    case "single":
    case "true_false":
      return { choice: q.options.find((o) => !o.correct)!.id };
    case "multiple":
      return { choices: [q.options.find((o) => o.correct)!.id] };
    case "ordering":
      return { order: q.options.map((o) => o.id).reverse() };
    case "numeric":
      return { value: q.numeric!.answer + q.numeric!.tolerance + 1 };
  }
}
