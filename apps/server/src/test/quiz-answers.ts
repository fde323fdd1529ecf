import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type AnswerResponse, questions, quizQuestions, quizzes } from "../db/schema/quiz.ts";
import { correctResponse, type ScorableQuestion } from "../modules/quiz/scoring.ts";
import { resolveQuestion } from "../modules/quiz/variables.ts";

/**
 * A question of a quiz as that quiz grades it: a numeric question whose numbers vary has the
 * answer computed from the numbers drawn for this quiz.
 */
export async function quizQuestion(db: Db, quizId: number, contentId: string) {
  const [row] = await db
    .select({ q: questions, params: quizQuestions.params, seed: quizzes.seed })
    .from(quizQuestions)
    .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .where(and(eq(quizQuestions.quizId, quizId), eq(questions.contentId, contentId)));
  if (!row) throw new Error(`${contentId} is not part of quiz ${quizId}`);
  return resolveQuestion(row.q, row.params, row.seed);
}

/** The right response to a question of a quiz. */
export const rightResponse = async (db: Db, quizId: number, contentId: string) =>
  correctResponse(await quizQuestion(db, quizId, contentId));

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
