import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  type AnswerResponse,
  answers,
  blueprints,
  itemCalibrations,
  type OnboardingData,
  onboardingProfiles,
  questionReviews,
  questions,
  quizQuestions,
  quizStarts,
  quizzes,
  type StoredNumeric,
  themes,
  trackAbilityPriors,
  tracks,
} from "../../db/schema/quiz.ts";

export type QuestionRow = typeof questions.$inferSelect;
export type QuizRow = typeof quizzes.$inferSelect;

/** A track's empirical prior (the calibration job's estimate), or undefined while it has none. */
export async function trackPrior(db: Db, track: string) {
  const [row] = await db
    .select({ mean: trackAbilityPriors.mean, sd: trackAbilityPriors.sd, candidates: trackAbilityPriors.candidates })
    .from(trackAbilityPriors)
    .where(eq(trackAbilityPriors.trackSlug, track));
  return row;
}

export const listTracks = (db: Db) => db.select().from(tracks).orderBy(asc(tracks.id));
export const listThemes = (db: Db) => db.select().from(themes).orderBy(asc(themes.name));

export async function latestBlueprints(db: Db) {
  const rows = await db.select().from(blueprints).orderBy(asc(blueprints.trackSlug), desc(blueprints.version));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.trackSlug)) latest.set(r.trackSlug, r);
  return latest;
}

export async function getBlueprint(db: Db, track: string, version: number) {
  const [row] = await db
    .select()
    .from(blueprints)
    .where(and(eq(blueprints.trackSlug, track), eq(blueprints.version, version)));
  return row;
}

export async function activeQuestionCounts(db: Db) {
  const rows = await db
    .select({ theme: questions.themeSlug, n: count() })
    .from(questions)
    .where(eq(questions.status, "active"))
    .groupBy(questions.themeSlug);
  return new Map(rows.map((r) => [r.theme, r.n]));
}

/** Active questions of the given themes that fit the track (the generator's bank). */
export const bankFor = (db: Db, themeSlugs: string[], track: string) =>
  db
    .select({
      id: questions.id,
      theme: questions.themeSlug,
      difficulty: questions.difficulty,
      type: questions.type,
      options: questions.options,
      region: questions.region,
    })
    .from(questions)
    .where(
      and(
        eq(questions.status, "active"),
        inArray(questions.themeSlug, themeSlugs),
        track === undefined ? undefined : sql`${questions.tracks} @> ${JSON.stringify([track])}::jsonb`,
      ),
    );

export const questionsByIds = (db: Db, ids: number[]) =>
  ids.length ? db.select().from(questions).where(inArray(questions.id, ids)) : Promise.resolve([] as QuestionRow[]);

export async function getProfile(db: Db, userId: number): Promise<OnboardingData | null> {
  const [row] = await db.select().from(onboardingProfiles).where(eq(onboardingProfiles.userId, userId));
  return row?.data ?? null;
}

export async function saveProfile(db: Db, userId: number, data: OnboardingData) {
  await db
    .insert(onboardingProfiles)
    .values({ userId, data })
    .onConflictDoUpdate({ target: onboardingProfiles.userId, set: { data, updatedAt: new Date() } });
}

export const reviewStates = (db: Db, userId: number) =>
  db
    .select({
      questionId: questionReviews.questionId,
      dueAt: questionReviews.dueAt,
      lastCorrect: questionReviews.lastCorrect,
      lastSeenAt: questionReviews.lastSeenAt,
      card: questionReviews.card,
    })
    .from(questionReviews)
    .where(eq(questionReviews.userId, userId));

export async function countDue(db: Db, userId: number, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(questionReviews)
    .innerJoin(questions, eq(questions.id, questionReviews.questionId))
    .where(and(eq(questionReviews.userId, userId), lte(questionReviews.dueAt, now), eq(questions.status, "active")));
  return row?.n ?? 0;
}

export async function upsertReview(
  db: Db,
  row: { userId: number; questionId: number; card: Record<string, unknown>; dueAt: Date; lastCorrect: boolean; lastSeenAt: Date },
) {
  await db
    .insert(questionReviews)
    .values(row)
    .onConflictDoUpdate({
      target: [questionReviews.userId, questionReviews.questionId],
      set: { card: row.card, dueAt: row.dueAt, lastCorrect: row.lastCorrect, lastSeenAt: row.lastSeenAt },
    });
}

/**
 * Evidence for mastery: answers that are final (practice answers at once, exam answers after submit)
 * and the first of their question in a review period (schedule.ts isEvidence).
 */
export const userEvidence = (db: Db, userId: number) =>
  db
    .select({
      questionId: answers.questionId,
      theme: questions.themeSlug,
      difficulty: questions.difficulty,
      calibrated: itemCalibrations.difficulty,
      discrimination: itemCalibrations.discrimination,
      type: questions.type,
      optionCount: sql<number>`jsonb_array_length(${questions.options})`.mapWith(Number),
      isCorrect: answers.isCorrect,
      answeredAt: answers.answeredAt,
      quizId: answers.quizId,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(quizzes, eq(quizzes.id, answers.quizId))
    .leftJoin(itemCalibrations, eq(itemCalibrations.questionId, answers.questionId))
    .where(and(eq(answers.userId, userId), eq(answers.evidence, true), or(ne(quizzes.status, "in_progress"), eq(quizzes.mode, "practice"))))
    .orderBy(asc(answers.answeredAt));

/** Quizzes generated since `since`, discarded ones included: what the weekly allowance counts. */
export async function countQuizzesSince(db: Db, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(quizStarts)
    .where(and(eq(quizStarts.userId, userId), gte(quizStarts.createdAt, since)));
  return row?.n ?? 0;
}

/** Key space of the per-candidate lock around quiz creation (the second key is the user id). */
const QUIZ_CREATION_LOCK = 727_274_003;

/**
 * Serialises one candidate's quiz creations until the transaction ends, so the weekly count
 * and the insert it allows are one step; other candidates are not held up.
 */
export async function lockQuizCreation(db: Db, userId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${QUIZ_CREATION_LOCK}, ${userId})`);
}

/** The candidate's unfinished quizzes, newest first. */
export const openQuizzes = (db: Db, userId: number) =>
  db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.userId, userId), eq(quizzes.status, "in_progress")))
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id));

/** Inserts a quiz with its items; `counted` quizzes also take one of the plan's weekly quizzes. */
export async function insertQuiz(db: Db, quiz: typeof quizzes.$inferInsert, items: QuizItemInsert[], counted = true) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(quizzes).values(quiz).returning();
    await tx.insert(quizQuestions).values(items.map((i) => ({ ...i, quizId: row!.id })));
    if (counted) await tx.insert(quizStarts).values({ userId: row!.userId, createdAt: row!.createdAt });
    return row!;
  });
}

/** The user's own quiz, or undefined: another user's quiz is indistinguishable from none. */
export async function findQuiz(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, id), eq(quizzes.userId, userId)));
  return row;
}

export async function lockQuiz(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, id), eq(quizzes.userId, userId)))
    .for("update");
  return row;
}

export type QuizItemInsert = { questionId: number; position: number; optionOrder: string[]; params?: Record<string, number> | null };

/** The numeric keys of those of these questions that are numeric (what drawing their numbers needs). */
export async function numericKeysOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, StoredNumeric | null>();
  const rows = await db
    .select({ id: questions.id, numeric: questions.numeric })
    .from(questions)
    .where(and(inArray(questions.id, ids), eq(questions.type, "numeric")));
  return new Map(rows.map((r) => [r.id, r.numeric]));
}

export const quizItems = (db: Db, quizId: number) =>
  db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position));

export const quizAnswers = (db: Db, quizId: number) => db.select().from(answers).where(eq(answers.quizId, quizId));

/** An answer as it is recorded: graded, timed, and whether it counts as evidence for readiness. */
export type AnswerRecord = {
  quizId: number;
  questionId: number;
  userId: number;
  response: AnswerResponse;
  isCorrect: boolean;
  answeredAt: Date;
  unsure: boolean;
  seconds: number | null;
  evidence: boolean;
};

export async function upsertAnswer(db: Db, row: AnswerRecord) {
  await db
    .insert(answers)
    .values(row)
    .onConflictDoUpdate({
      target: [answers.quizId, answers.questionId],
      set: {
        response: row.response,
        isCorrect: row.isCorrect,
        answeredAt: row.answeredAt,
        unsure: row.unsure,
        seconds: row.seconds,
        evidence: row.evidence,
      },
    });
}

export const setAnswerRating = (db: Db, quizId: number, questionId: number, rating: number) =>
  db
    .update(answers)
    .set({ rating })
    .where(and(eq(answers.quizId, quizId), eq(answers.questionId, questionId)));

/** Per question: when the candidate's last answer that counted as evidence was given (other quizzes only). */
export async function lastEvidence(db: Db, userId: number, questionIds: number[], exceptQuizId: number) {
  if (!questionIds.length) return new Map<number, Date>();
  const rows = await db
    .select({ questionId: answers.questionId, at: sql<string>`max(${answers.answeredAt})` })
    .from(answers)
    .where(
      and(
        eq(answers.userId, userId),
        inArray(answers.questionId, questionIds),
        eq(answers.evidence, true),
        ne(answers.quizId, exceptQuizId),
      ),
    )
    .groupBy(answers.questionId);
  return new Map(rows.map((r) => [r.questionId, new Date(r.at)]));
}

/** When the candidate last answered each question they have answered. */
export async function lastSeen(db: Db, userId: number) {
  const rows = await db
    .select({
      questionId: answers.questionId,
      at: sql<string>`max(${answers.answeredAt})`,
      right: sql<boolean>`bool_or(${answers.isCorrect})`,
    })
    .from(answers)
    .where(eq(answers.userId, userId))
    .groupBy(answers.questionId);
  return rows.map((r) => ({ questionId: r.questionId, lastSeenAt: new Date(r.at), everRight: r.right }));
}

export const setFlag = (db: Db, quizId: number, questionId: number, flagged: boolean) =>
  db
    .update(quizQuestions)
    .set({ flagged })
    .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.questionId, questionId)));

export const updateQuizRow = (db: Db, id: number, set: Partial<typeof quizzes.$inferInsert>) =>
  db.update(quizzes).set(set).where(eq(quizzes.id, id));

export const deleteQuizRow = (db: Db, id: number) => db.delete(quizzes).where(eq(quizzes.id, id));

export const listQuizzes = (db: Db, userId: number, limit = 200) =>
  db
    .select({
      quiz: quizzes,
      answered: sql<number>`(select count(*)::int from ${answers} where ${answers.quizId} = ${quizzes.id})`,
    })
    .from(quizzes)
    .where(eq(quizzes.userId, userId))
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
    .limit(limit);

/** Item difficulties of the active questions of these themes (that fit the track, when named): fitted, or null to use the authored level. */
export const themeItemDifficulties = (db: Db, themeSlugs: string[], track?: string) =>
  db
    .select({
      id: questions.id,
      theme: questions.themeSlug,
      difficulty: questions.difficulty,
      calibrated: itemCalibrations.difficulty,
      discrimination: itemCalibrations.discrimination,
      // The format fixes the item's lower asymptote (irt.ts guessingOf).
      type: questions.type,
      optionCount: sql<number>`jsonb_array_length(${questions.options})`.mapWith(Number),
    })
    .from(questions)
    .leftJoin(itemCalibrations, eq(itemCalibrations.questionId, questions.id))
    .where(
      and(
        eq(questions.status, "active"),
        inArray(questions.themeSlug, themeSlugs),
        track === undefined ? undefined : sql`${questions.tracks} @> ${JSON.stringify([track])}::jsonb`,
      ),
    );

/** Adds the next item of an adaptive exam and counts it in the quiz's total. */
export async function appendQuizItem(db: Db, quizId: number, item: QuizItemInsert) {
  await db.insert(quizQuestions).values({ ...item, quizId });
  await db
    .update(quizzes)
    .set({ total: sql`${quizzes.total} + 1` })
    .where(eq(quizzes.id, quizId));
}

/** Fitted difficulties and discriminations of these questions (absent: not fitted yet). */
export async function calibratedOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { difficulty: number; discrimination: number }>();
  const rows = await db.select().from(itemCalibrations).where(inArray(itemCalibrations.questionId, ids));
  return new Map(rows.map((r) => [r.questionId, { difficulty: r.difficulty, discrimination: r.discrimination }]));
}

/** The questions a person answered wrong most recently, newest first (one row per question). */
export async function recentlyMissed(db: Db, userId: number, limit: number) {
  const rows = await db
    .select({ questionId: answers.questionId, stem: questions.stem, theme: questions.themeSlug, at: answers.answeredAt })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(answers.userId, userId), eq(answers.isCorrect, false)))
    .orderBy(desc(answers.answeredAt))
    .limit(limit * 3);
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.questionId) && seen.add(r.questionId)).slice(0, limit);
}

/** Questions the candidate answered in practice (feedback shown) since `since`: the mock exam leaves them out. */
export async function practisedSince(db: Db, userId: number, since: Date) {
  const rows = await db
    .selectDistinct({ questionId: answers.questionId })
    .from(answers)
    .innerJoin(quizzes, eq(quizzes.id, answers.quizId))
    .where(and(eq(answers.userId, userId), eq(quizzes.mode, "practice"), gte(answers.answeredAt, since)));
  return new Set(rows.map((r) => r.questionId));
}

/** Adaptive mock exams started since `since`, and per question how many of them showed it (exposure control). */
export async function mockExposure(db: Db, since: Date) {
  const mock = and(sql`${quizzes.settings}->>'mock' = 'adaptive'`, gte(quizzes.createdAt, since));
  // One after the other: this runs inside the answer's transaction too.
  const [total] = await db.select({ n: count() }).from(quizzes).where(mock);
  const rows = await db
    .select({ questionId: quizQuestions.questionId, n: count() })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .where(mock)
    .groupBy(quizQuestions.questionId);
  return { exams: total?.n ?? 0, shown: new Map(rows.map((r) => [r.questionId, r.n])) };
}

/** Answers the candidate gave since `since` in review sessions: what the daily cap has used. */
export async function countReviewAnswersSince(db: Db, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(answers)
    .innerJoin(quizzes, eq(quizzes.id, answers.quizId))
    .where(and(eq(answers.userId, userId), gte(answers.answeredAt, since), sql`${quizzes.settings}->>'review' = 'true'`));
  return row?.n ?? 0;
}

/** Questions the candidate missed (final answers) or flagged since `since`, the most recent first. */
export async function missedOrFlaggedSince(db: Db, userId: number, since: Date) {
  const missed = await db
    .select({ questionId: answers.questionId, at: answers.answeredAt })
    .from(answers)
    .innerJoin(quizzes, eq(quizzes.id, answers.quizId))
    .where(
      and(
        eq(answers.userId, userId),
        eq(answers.isCorrect, false),
        gte(answers.answeredAt, since),
        or(ne(quizzes.status, "in_progress"), eq(quizzes.mode, "practice")),
      ),
    );
  const flagged = await db
    .select({ questionId: quizQuestions.questionId, at: quizzes.createdAt })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .where(and(eq(quizzes.userId, userId), eq(quizQuestions.flagged, true), gte(quizzes.createdAt, since)));
  const latest = new Map<number, number>();
  for (const r of [...missed, ...flagged]) latest.set(r.questionId, Math.max(latest.get(r.questionId) ?? 0, r.at.getTime()));
  return [...latest].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
}

/** Which of these questions are active. */
export async function activeOf(db: Db, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(inArray(questions.id, ids), eq(questions.status, "active")));
  return new Set(rows.map((r) => r.id));
}
