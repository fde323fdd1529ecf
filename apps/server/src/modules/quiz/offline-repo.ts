import { and, count, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  answers,
  type OfflinePackItem,
  offlinePacks,
  type QuizSettings,
  quizQuestions,
  quizStarts,
  quizzes,
} from "../../db/schema/quiz.ts";
import type { AnswerRecord } from "./repo.ts";

// The reads and writes of offline practice (decision 32): packs, and the answers synced from them.

export type OfflinePackRow = typeof offlinePacks.$inferSelect;

/** Stores a pack; it takes one of the plan's weekly quizzes, as generating a practice quiz does. */
export async function insertPack(
  db: Db,
  pack: { userId: number; trackSlug: string; seed: number; items: OfflinePackItem[]; createdAt: Date },
) {
  const [row] = await db.insert(offlinePacks).values(pack).returning();
  await db.insert(quizStarts).values({ userId: pack.userId, createdAt: pack.createdAt });
  return row!;
}

/** The candidate's own packs among these ids: another candidate's pack is indistinguishable from none. */
export const packsOf = (db: Db, userId: number, ids: number[]) =>
  db
    .select()
    .from(offlinePacks)
    .where(and(eq(offlinePacks.userId, userId), inArray(offlinePacks.id, ids)));

/** Which of these device ids the candidate's recorded answers already carry. */
export async function recordedClientIds(db: Db, userId: number, ids: string[]) {
  const rows = await db
    .select({ id: answers.clientId })
    .from(answers)
    .where(and(eq(answers.userId, userId), isNotNull(answers.clientId), inArray(answers.clientId, ids)));
  return new Set(rows.map((r) => r.id!));
}

/** The quiz that holds the answers of one offline quiz of the device, if an earlier sync made it. */
export async function findOfflineQuiz(db: Db, userId: number, session: string) {
  const [row] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.userId, userId), sql`${quizzes.settings}->'offline'->>'session' = ${session}`))
    .for("update");
  return row;
}

/** A finished quiz for the answers of an offline quiz, its items added as they arrive (`addItems`). */
export async function insertOfflineQuiz(db: Db, quiz: typeof quizzes.$inferInsert) {
  const [row] = await db.insert(quizzes).values(quiz).returning();
  return row!;
}

export async function addItems(
  db: Db,
  quizId: number,
  items: { questionId: number; position: number; optionOrder: string[]; params: Record<string, number> | null }[],
) {
  if (items.length) await db.insert(quizQuestions).values(items.map((i) => ({ ...i, quizId })));
}

/**
 * Records an answer given offline under the device's id. On the id already being there (a
 * concurrent sync got there first) nothing is written and false comes back.
 */
export async function insertOfflineAnswer(db: Db, row: AnswerRecord & { clientId: string }) {
  const inserted = await db.insert(answers).values(row).onConflictDoNothing().returning({ questionId: answers.questionId });
  return inserted.length > 0;
}

/** The quiz's score from its answers (total items, right answers, the last answer's time) and its themes. */
export async function rescoreOfflineQuiz(db: Db, quizId: number, settings: QuizSettings) {
  const [items] = await db.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  const [given] = await db
    .select({
      right: sql<number>`count(*) filter (where ${answers.isCorrect})`.mapWith(Number),
      last: sql<string | null>`max(${answers.answeredAt})`,
    })
    .from(answers)
    .where(eq(answers.quizId, quizId));
  const total = items?.n ?? 0;
  const right = given?.right ?? 0;
  await db
    .update(quizzes)
    .set({
      total,
      correctCount: right,
      score: total ? right / total : 0,
      submittedAt: given?.last ? new Date(given.last) : null,
      settings: { ...settings, length: total },
    })
    .where(eq(quizzes.id, quizId));
}

/** Questions of the packs the candidate downloaded since `since`: their keys are on a device. */
export async function packedSince(db: Db, userId: number, since: Date) {
  const rows = await db
    .select({ items: offlinePacks.items })
    .from(offlinePacks)
    .where(and(eq(offlinePacks.userId, userId), gte(offlinePacks.createdAt, since)));
  return new Set(rows.flatMap((r) => r.items.map((i) => i.questionId)));
}
