import { and, count, eq, gte, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { packages } from "../../db/schema/packages.ts";
import { stripeCharges, stripePrices, stripeProducts, stripeSubscriptions } from "../../db/schema/payments.ts";
import { answers, questions, quizQuestions, quizzes, themes } from "../../db/schema/quiz.ts";
import { users } from "../../db/schema/users.ts";
import { LIVE_STATUSES } from "../payments/repo.ts";

/** Quizzes that count as taken: submitted, or exams closed by their time limit. */
const FINISHED = ["submitted", "expired"] as const;

/**
 * The 1-based day of `column` among `starts` (the instants the grid's days begin). The array
 * goes as one text parameter, so the statement is the same for any number of days.
 */
function dayBucket(column: SQLWrapper, starts: readonly Date[]): SQL<number> {
  const thresholds = `{${starts.map((d) => d.toISOString()).join(",")}}`;
  return sql<number>`width_bucket(${column}, ${thresholds}::timestamptz[])`.mapWith(Number);
}
// The bucket expression carries a parameter, so grouping repeats it by position, not by text.
const FIRST_COLUMN = sql`1`;

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

/** Subscriptions that give access now, by package (the price's name when it sells none), status and cancel flag. */
export async function liveSubscriptions(db: Db) {
  return db
    .select({
      package: sql<string>`coalesce(${packages.name}, ${stripePrices.name}, 'Other')`,
      status: stripeSubscriptions.status,
      cancelAtPeriodEnd: stripeSubscriptions.cancelAtPeriodEnd,
      n: count(),
    })
    .from(stripeSubscriptions)
    .leftJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .leftJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
    .leftJoin(packages, eq(packages.id, stripeProducts.packageId))
    .where(inArray(stripeSubscriptions.status, [...LIVE_STATUSES]))
    .groupBy(sql`1`, stripeSubscriptions.status, stripeSubscriptions.cancelAtPeriodEnd);
}

/** Subscriptions created per day of the grid, whatever became of them since. */
export async function subscriptionsStartedPerDay(db: Db, starts: readonly Date[]) {
  return db
    .select({ bucket: dayBucket(stripeSubscriptions.createAt, starts), value: count() })
    .from(stripeSubscriptions)
    .where(gte(stripeSubscriptions.createAt, starts[0]!))
    .groupBy(FIRST_COLUMN);
}

/** Paying subscriptions (status active) on licensed recurring prices, grouped by what they cost. */
export async function payingSubscriptionPrices(db: Db) {
  return db
    .select({
      amount: stripePrices.amount,
      currency: stripePrices.currency,
      interval: stripePrices.interval,
      intervalCount: stripePrices.intervalCount,
      n: count(),
    })
    .from(stripeSubscriptions)
    .innerJoin(stripePrices, eq(stripePrices.id, stripeSubscriptions.priceId))
    .where(and(eq(stripeSubscriptions.status, "active"), eq(stripePrices.type, "recurring"), eq(stripePrices.isUsageMetered, false)))
    .groupBy(stripePrices.amount, stripePrices.currency, stripePrices.interval, stripePrices.intervalCount);
}

/** Sums of succeeded card payments per currency and day of the grid. */
export async function chargesPerDay(db: Db, starts: readonly Date[]) {
  return db
    .select({
      bucket: dayBucket(stripeCharges.createAt, starts),
      currency: stripeCharges.currency,
      value: sql<number>`sum(${stripeCharges.amount})`.mapWith(Number),
    })
    .from(stripeCharges)
    .where(and(eq(stripeCharges.status, "succeeded"), gte(stripeCharges.createAt, starts[0]!)))
    .groupBy(FIRST_COLUMN, stripeCharges.currency);
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
