import { asc, eq, ne, or } from "drizzle-orm";
import type { Db } from "./client.ts";
import { quizzes } from "./schema/quiz.ts";

/** Quizzes per read of their answers: each read stays far inside the statement timeout. */
export const QUIZ_BATCH = 2_000;

/**
 * Reads the answers of every quiz whose answers are final (practice at once, exams once closed),
 * a batch of quizzes at a time along the answers' primary key: a million answers never make one
 * statement that outlives the server's statement timeout. Used by the refit job and the item
 * statistics.
 */
export async function readFinalAnswers<T>(db: Db, read: (quizIds: number[]) => Promise<T[]>, batch = QUIZ_BATCH): Promise<T[]> {
  const final = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(or(ne(quizzes.status, "in_progress"), eq(quizzes.mode, "practice")))
    .orderBy(asc(quizzes.id));
  const out: T[] = [];
  for (let k = 0; k < final.length; k += batch) {
    const page = await read(final.slice(k, k + batch).map((q) => q.id));
    for (const r of page) out.push(r);
  }
  return out;
}
