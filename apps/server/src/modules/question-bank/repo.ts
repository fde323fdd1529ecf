import { and, asc, count, desc, eq, ilike, inArray, isNull, max, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { readFinalAnswers } from "../../db/final-answers.ts";
import { answers, blueprints, type ItemFlagEvidence, itemFlags, questions, quizzes, themes } from "../../db/schema/quiz.ts";
import { containsPattern } from "../../lib/like.ts";

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionFilter = {
  q?: string;
  theme?: string;
  type?: QuestionRow["type"];
  difficulty?: number;
  status?: QuestionRow["status"];
};

function where(f: QuestionFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.theme) parts.push(eq(questions.themeSlug, f.theme));
  if (f.type) parts.push(eq(questions.type, f.type));
  if (f.difficulty) parts.push(eq(questions.difficulty, f.difficulty));
  if (f.status) parts.push(eq(questions.status, f.status));
  if (f.q) {
    // The search text is a bound value; % and _ in it are matched literally.
    const like = containsPattern(f.q);
    parts.push(or(ilike(questions.stem, like), ilike(questions.contentId, like))!);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listQuestions(db: Db, f: QuestionFilter, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(questions)
      .where(where(f))
      .orderBy(asc(questions.themeSlug), asc(questions.contentId))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(questions).where(where(f)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const allQuestions = (db: Db, f: QuestionFilter) =>
  db.select().from(questions).where(where(f)).orderBy(asc(questions.themeSlug), asc(questions.contentId));

export async function getQuestion(db: Db, id: number) {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  return row;
}

export async function getByContentIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select().from(questions).where(inArray(questions.contentId, ids));
}

/** Theme slug → the tracks it belongs to. */
export const themeSlugs = async (db: Db) =>
  new Map((await db.select({ slug: themes.slug, tracks: themes.tracks }).from(themes)).map((t) => [t.slug, t.tracks]));

export async function nextCustomNumber(db: Db, theme: string) {
  const rows = await db
    .select({ id: questions.contentId })
    .from(questions)
    .where(ilike(questions.contentId, `${theme}-custom-%`));
  return rows.reduce((n, r) => Math.max(n, Number(r.id.slice(-3)) || 0), 0) + 1;
}

export async function insertQuestion(db: Db, row: typeof questions.$inferInsert) {
  const [created] = await db.insert(questions).values(row).returning();
  return created!;
}

/** A status staff set is theirs: the content import no longer gives back the one from before a removal. */
export async function updateQuestion(db: Db, id: number, set: Partial<typeof questions.$inferInsert>) {
  const [updated] = await db
    .update(questions)
    .set({ ...set, ...(set.status !== undefined ? { statusBeforeRemoval: null } : {}), updatedAt: new Date() })
    .where(eq(questions.id, id))
    .returning();
  return updated;
}

/** Final answers (practice at once, exams once closed), for item statistics, read in batches of quizzes. */
export const finalAnswers = (db: Db) =>
  readFinalAnswers(db, (ids) =>
    db
      .select({
        questionId: answers.questionId,
        userId: answers.userId,
        isCorrect: answers.isCorrect,
        response: answers.response,
        quizId: answers.quizId,
      })
      .from(answers)
      .where(inArray(answers.quizId, ids)),
  );

/** Finished timed mock exams (blueprint at the real length): score and length, for the reliability estimate. */
export const finishedFixedExams = (db: Db) =>
  db
    .select({ id: quizzes.id, total: quizzes.total, correct: quizzes.correctCount })
    .from(quizzes)
    .where(and(ne(quizzes.status, "in_progress"), sql`${quizzes.settings}->>'mock' = 'fixed'`));

/** Takes active questions out of quizzes (status review) with the statistics' reason. */
export async function queueForReview(db: Db, flagged: { id: number; reason: string }[]) {
  let queued = 0;
  for (const f of flagged) {
    const rows = await db
      .update(questions)
      .set({ status: "review", reviewReason: f.reason, statusBeforeRemoval: null, updatedAt: new Date() })
      .where(and(eq(questions.id, f.id), eq(questions.status, "active")))
      .returning({ id: questions.id });
    queued += rows.length;
  }
  return queued;
}

export type ItemFlagRow = typeof itemFlags.$inferSelect;

export const allFlags = (db: Db) => db.select().from(itemFlags);

export async function getFlag(db: Db, questionId: number) {
  const [row] = await db.select().from(itemFlags).where(eq(itemFlags.questionId, questionId));
  return row;
}

/** Raises (or refreshes) the flag of a question with its current evidence; a closed flag opens again. */
export async function upsertFlag(
  db: Db,
  row: { questionId: number; flag: ItemFlagRow["flag"]; strong: boolean; reason: string; evidence: ItemFlagEvidence; at: Date },
) {
  const values = { questionId: row.questionId, flag: row.flag, strong: row.strong, reason: row.reason, evidence: row.evidence };
  await db
    .insert(itemFlags)
    .values({ ...values, flaggedAt: row.at })
    .onConflictDoUpdate({
      target: itemFlags.questionId,
      set: {
        ...values,
        // A refreshed open flag keeps when it was first raised.
        flaggedAt: sql`case when ${itemFlags.resolvedAt} is null then ${itemFlags.flaggedAt} else ${row.at.toISOString()}::timestamptz end`,
        resolvedAt: null,
        resolution: null,
      },
    });
}

export async function resolveFlag(db: Db, questionId: number, resolution: NonNullable<ItemFlagRow["resolution"]>) {
  await db
    .update(itemFlags)
    .set({ resolvedAt: new Date(), resolution })
    .where(and(eq(itemFlags.questionId, questionId), isNull(itemFlags.resolvedAt)));
}

export const listBlueprints = (db: Db) => db.select().from(blueprints).orderBy(asc(blueprints.trackSlug), desc(blueprints.version));

export async function insertBlueprint(db: Db, track: string, themesList: { theme: string; weight: number }[], note: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ v: max(blueprints.version) })
      .from(blueprints)
      .where(eq(blueprints.trackSlug, track));
    const [created] = await tx
      .insert(blueprints)
      .values({ trackSlug: track, version: (row?.v ?? 0) + 1, themes: themesList, note })
      .returning();
    return created!;
  });
}

export const themeNames = (db: Db) =>
  db.select({ slug: themes.slug, name: themes.name, tracks: themes.tracks }).from(themes).orderBy(asc(themes.name));

/** Questions whose explanation cites a section of this library document. */
export async function questionsCiting(db: Db, document: string) {
  return db
    .select({
      id: questions.id,
      contentId: questions.contentId,
      stem: questions.stem,
      reference: questions.reference,
      status: questions.status,
    })
    .from(questions)
    .where(sql`${questions.reference}->>'document' = ${document}`)
    .orderBy(questions.contentId);
}

/**
 * The review queue: questions with an open flag (whatever their status) and questions in review,
 * strong evidence first, then other flags, then the rest, oldest flag first.
 */
export const reviewQueue = (db: Db) =>
  db
    .select({
      id: questions.id,
      contentId: questions.contentId,
      stem: questions.stem,
      status: questions.status,
      reviewReason: questions.reviewReason,
      flag: itemFlags.flag,
      strong: itemFlags.strong,
      reason: itemFlags.reason,
      evidence: itemFlags.evidence,
      flaggedAt: itemFlags.flaggedAt,
    })
    .from(questions)
    .leftJoin(itemFlags, and(eq(itemFlags.questionId, questions.id), isNull(itemFlags.resolvedAt)))
    .where(or(eq(questions.status, "review"), sql`${itemFlags.questionId} is not null`))
    .orderBy(
      sql`coalesce(${itemFlags.strong}, false) desc`,
      sql`${itemFlags.questionId} is null`,
      asc(itemFlags.flaggedAt),
      asc(questions.id),
    )
    .limit(200);
