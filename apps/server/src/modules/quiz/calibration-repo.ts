import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { readFinalAnswers } from "../../db/final-answers.ts";
import { answers, calibrationRuns, itemCalibrations, questions } from "../../db/schema/quiz.ts";

// The item fit's reads and writes: the evidence it fits, the levels it starts from, and its runs.

/** Every answer that counts as evidence, of every quiz whose answers are final, read in batches of quizzes. */
export const calibrationAnswers = (db: Db, batch?: number) =>
  readFinalAnswers(
    db,
    (ids) =>
      db
        .select({ userId: answers.userId, questionId: answers.questionId, isCorrect: answers.isCorrect })
        .from(answers)
        .where(and(inArray(answers.quizId, ids), eq(answers.evidence, true))),
    batch,
  );

export async function countCalibrationAnswers(db: Db) {
  const [row] = await db.select({ n: count() }).from(answers).where(eq(answers.evidence, true));
  return row?.n ?? 0;
}

export async function lastCalibrationRun(db: Db) {
  const [row] = await db.select().from(calibrationRuns).orderBy(desc(calibrationRuns.id)).limit(1);
  return row;
}

/** Every question's authored level (the fit's seed) and format (its fixed lower asymptote). */
export const questionLevels = (db: Db) =>
  db
    .select({
      id: questions.id,
      difficulty: questions.difficulty,
      type: questions.type,
      optionCount: sql<number>`jsonb_array_length(${questions.options})`.mapWith(Number),
    })
    .from(questions);

/** Replaces the fitted difficulties in one transaction, in batches. */
export async function saveCalibration(
  db: Db,
  rows: { questionId: number; difficulty: number; discrimination: number; standardError: number; answers: number; shareRight: number }[],
  run: { answers: number; candidates: number; items: number; iterations: number; milliseconds: number },
) {
  await db.transaction(async (tx) => {
    const now = new Date();
    for (let i = 0; i < rows.length; i += 1000) {
      const batch = rows.slice(i, i + 1000).map((r) => ({ ...r, fittedAt: now }));
      await tx
        .insert(itemCalibrations)
        .values(batch)
        .onConflictDoUpdate({
          target: itemCalibrations.questionId,
          set: {
            difficulty: sql`excluded.difficulty`,
            discrimination: sql`excluded.discrimination`,
            standardError: sql`excluded.standard_error`,
            answers: sql`excluded.answers`,
            shareRight: sql`excluded.share_right`,
            fittedAt: now,
          },
        });
    }
    await tx.insert(calibrationRuns).values(run);
  });
}

/** Key space of the lock that lets one instance at a time refit the items. */
const CALIBRATION_LOCK = 727_274_017;

/** Runs `work` unless another instance holds the refit lock (then answers false). */
export async function withCalibrationLock(db: Db, work: (tx: Db) => Promise<void>) {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${CALIBRATION_LOCK}) AS ok`)) as unknown as {
      rows: { ok: boolean }[];
    };
    if (!result.rows[0]?.ok) return false;
    await work(tx as unknown as Db);
    return true;
  });
}
