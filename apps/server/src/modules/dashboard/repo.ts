import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dayBucket, FIRST_COLUMN } from "../../db/day-bucket.ts";
import { answers, questions, quizQuestions, quizzes, themes } from "../../db/schema/quiz.ts";
import { users } from "../../db/schema/users.ts";

/** Quizzes that count as taken: submitted, or exams closed by their time limit. */
const FINISHED = ["submitted", "expired"] as const;

export async function countUsersByRole(db: Db): Promise<Record<"user" | "admin", number>> {
  const rows = await db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
  return { user: rows.find((r) => r.role === "user")?.n ?? 0, admin: rows.find((r) => r.role === "admin")?.n ?? 0 };
}

/** Candidate sign-ups per day of the grid (only days that had any). */
export async function signupsPerDay(db: Db, starts: readonly Date[]) {
  return db
    .select({ bucket: dayBucket(users.createdAt, starts), value: count() })
    .from(users)
    .where(and(eq(users.role, "user"), gte(users.createdAt, starts[0]!)))
    .groupBy(FIRST_COLUMN);
}

export async function countFinishedQuizzes(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(quizzes)
    .where(inArray(quizzes.status, [...FINISHED]));
  return row?.n ?? 0;
}

/** Finished quizzes per day of the grid, with the sum of their scores. */
export async function quizzesFinishedPerDay(db: Db, starts: readonly Date[]) {
  return db
    .select({
      bucket: dayBucket(quizzes.submittedAt, starts),
      value: count(),
      scoreSum: sql<number>`coalesce(sum(${quizzes.score}), 0)`.mapWith(Number),
    })
    .from(quizzes)
    .where(and(inArray(quizzes.status, [...FINISHED]), gte(quizzes.submittedAt, starts[0]!)))
    .groupBy(FIRST_COLUMN);
}

/**
 * Per theme, the questions of quizzes finished since `since` and how many were answered right;
 * an unanswered question counts as asked and not right, as it does in the quiz's score.
 */
export async function themeResults(db: Db, since: Date) {
  return db
    .select({
      slug: questions.themeSlug,
      name: sql<string>`coalesce(${themes.name}, ${questions.themeSlug})`,
      questions: count(),
      correct: sql<number>`count(*) filter (where ${answers.isCorrect})`.mapWith(Number),
    })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
    .leftJoin(themes, eq(themes.slug, questions.themeSlug))
    .leftJoin(answers, and(eq(answers.quizId, quizQuestions.quizId), eq(answers.questionId, quizQuestions.questionId)))
    .where(and(inArray(quizzes.status, [...FINISHED]), gte(quizzes.submittedAt, since)))
    .groupBy(questions.themeSlug, themes.name);
}
