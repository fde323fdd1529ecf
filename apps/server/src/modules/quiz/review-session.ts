import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { dateIn, isTimeZone, startOfDay } from "../../lib/time-zone.ts";
import { findUserById } from "../auth/service.ts";
import * as repo from "./repo.ts";
import { DEFAULT_DAILY_REVIEWS, dueReviewSession } from "./schedule.ts";

/** The daily review session (docs/readiness-model.md, "Spaced repetition"). */

/**
 * The start of the candidate's day, in the time zone of their profile (UTC when they set none),
 * that the daily review cap counts from: a candidate in Sydney starts a new day at midnight there,
 * not at 11:00 when the UTC date changes.
 */
export function startOfReviewDay(now: Date, timeZone: string | undefined): Date {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : "UTC";
  return new Date(startOfDay(zone, dateIn(zone, now.getTime())));
}

/**
 * Today's review session: the due questions (active ones), oldest first, up to the candidate's daily
 * cap less the reviews already answered today (the candidate's own calendar day).
 */
export async function todaysReviewSession(db: Db, userId: number, now: Date) {
  const [cards, profile, account, active] = await readTogether(db, [
    () => repo.reviewStates(db, userId),
    () => repo.getProfile(db, userId),
    () => findUserById(db, userId),
    () => repo.countDue(db, userId, now),
  ]);
  const doneToday = await repo.countReviewAnswersSince(db, userId, startOfReviewDay(now, account?.timeZone));
  const cap = profile?.dailyReviews ?? DEFAULT_DAILY_REVIEWS;
  const activeIds = await repo.activeOf(
    db,
    cards.map((c) => c.questionId),
  );
  const due = cards.filter((c) => activeIds.has(c.questionId));
  const ids = dueReviewSession(due, now, Math.min(100, Math.max(0, cap - doneToday)));
  return { ids, due: active, cap, doneToday };
}
