import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import * as repo from "./repo.ts";
import { DEFAULT_DAILY_REVIEWS, dueReviewSession } from "./schedule.ts";

/** The daily review session (docs/readiness-model.md, "Spaced repetition"). */

/** The start of the candidate's day (UTC) that the daily review cap counts from. */
export const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Today's review session: the due questions (active ones), oldest first, up to the candidate's daily
 * cap less the reviews already answered today.
 */
export async function todaysReviewSession(db: Db, userId: number, now: Date) {
  const [cards, profile, doneToday, active] = await readTogether(db, [
    () => repo.reviewStates(db, userId),
    () => repo.getProfile(db, userId),
    () => repo.countReviewAnswersSince(db, userId, startOfDay(now)),
    () => repo.countDue(db, userId, now),
  ]);
  const cap = profile?.dailyReviews ?? DEFAULT_DAILY_REVIEWS;
  const activeIds = await repo.activeOf(
    db,
    cards.map((c) => c.questionId),
  );
  const due = cards.filter((c) => activeIds.has(c.questionId));
  const ids = dueReviewSession(due, now, Math.min(100, cap - doneToday));
  return { ids, due: active, cap, doneToday };
}
