import { and, count, desc, eq, inArray, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { readFinalAnswers } from "../../db/final-answers.ts";
import {
  answers,
  calibrationRuns,
  itemCalibrations,
  onboardingProfiles,
  questions,
  quizzes,
  trackAbilityPriors,
} from "../../db/schema/quiz.ts";

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

/**
 * The evidence of a track's candidates for its prior: of at most `limit` candidates whose chosen track
 * it is and who have `minAnswers` evidence answers or more, the most recently active first, every
 * evidence answer of a finished quiz or of practice (what their readiness counts), with the item's model.
 */
export async function trackCandidatesEvidence(db: Db, track: string, limit: number, minAnswers: number) {
  const people = db.$with("people").as(
    db
      .select({ userId: answers.userId })
      .from(answers)
      .innerJoin(onboardingProfiles, eq(onboardingProfiles.userId, answers.userId))
      .where(and(eq(answers.evidence, true), sql`${onboardingProfiles.data}->>'track' = ${track}`))
      .groupBy(answers.userId)
      .having(sql`count(*) >= ${minAnswers}`)
      .orderBy(sql`max(${answers.answeredAt}) DESC`)
      .limit(limit),
  );
  return db
    .with(people)
    .select({
      userId: answers.userId,
      theme: questions.themeSlug,
      difficulty: questions.difficulty,
      calibrated: itemCalibrations.difficulty,
      discrimination: itemCalibrations.discrimination,
      type: questions.type,
      optionCount: sql<number>`jsonb_array_length(${questions.options})`.mapWith(Number),
      isCorrect: answers.isCorrect,
    })
    .from(answers)
    .innerJoin(people, eq(people.userId, answers.userId))
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(quizzes, eq(quizzes.id, answers.quizId))
    .leftJoin(itemCalibrations, eq(itemCalibrations.questionId, answers.questionId))
    .where(and(eq(answers.evidence, true), or(ne(quizzes.status, "in_progress"), eq(quizzes.mode, "practice"))));
}

/** Replaces the tracks' priors: `priors` are kept, every other track's row goes (its default prior stands). */
export async function saveTrackPriors(db: Db, priors: { trackSlug: string; mean: number; sd: number; candidates: number }[]) {
  const slugs = priors.map((p) => p.trackSlug);
  await db.delete(trackAbilityPriors).where(slugs.length ? notInArray(trackAbilityPriors.trackSlug, slugs) : undefined);
  if (!priors.length) return;
  const now = new Date();
  await db
    .insert(trackAbilityPriors)
    .values(priors.map((p) => ({ ...p, estimatedAt: now })))
    .onConflictDoUpdate({
      target: trackAbilityPriors.trackSlug,
      set: { mean: sql`excluded.mean`, sd: sql`excluded.sd`, candidates: sql`excluded.candidates`, estimatedAt: now },
    });
}
