import { REVIEW_DAILY_DEFAULT } from "@academy/contract/quiz";
import { type Card, createEmptyCard, fsrs, Rating } from "ts-fsrs";

/**
 * Spaced repetition for exam preparation (docs/readiness-model.md, "Spaced repetition"):
 * only what the candidate missed, or got right but marked "not sure", is scheduled; learning
 * steps are days, not minutes; the rating comes from the answer itself.
 */

export const DAY_MS = 86_400_000;

/**
 * The longest interval between two reviews: an exam candidate studies for weeks or months, and a
 * question pushed out for years (FSRS's own maximum is 100 years) would never come back before it.
 */
export const MAX_INTERVAL_DAYS = 60;

/** One day before a missed question comes back, and one day again after a lapse. */
export const scheduler = fsrs({ learning_steps: ["1d"], relearning_steps: ["1d"], maximum_interval: MAX_INTERVAL_DAYS });

/** A right answer within this many seconds rates Easy: 12 s for a recall item, 28 s for a scenario. */
export const fastSeconds = (difficulty: number) => 8 + 4 * difficulty;

export type ScheduledAnswer = { isCorrect: boolean; unsure: boolean; seconds: number | null; difficulty: number };

/** Wrong = Again; right = Good; right, sure and fast = Easy. */
export function ratingFor(a: ScheduledAnswer): Rating.Again | Rating.Good | Rating.Easy {
  if (!a.isCorrect) return Rating.Again;
  if (!a.unsure && a.seconds !== null && a.seconds <= fastSeconds(a.difficulty)) return Rating.Easy;
  return Rating.Good;
}

/**
 * Whether an answer (re)schedules its question: a miss, a right answer marked "not sure", or any
 * answer to a question already on the schedule. A right first answer is not brought back.
 */
export const shouldSchedule = (a: ScheduledAnswer, hasCard: boolean) => hasCard || !a.isCorrect || a.unsure;

/**
 * The card after this answer, from the stored one (or a new card). Its review is never later than
 * MAX_INTERVAL_DAYS, nor than the candidate's exam date while that is ahead: the last review falls
 * before the exam, not after it.
 */
export function nextCard(stored: Record<string, unknown> | null, a: ScheduledAnswer, at: Date, examAt?: Date | null) {
  const card = stored ? reviveCard(stored) : createEmptyCard(at);
  const next = scheduler.next(card, at, ratingFor(a)).card;
  let due = Math.min(next.due.getTime(), at.getTime() + MAX_INTERVAL_DAYS * DAY_MS);
  if (examAt && examAt.getTime() > at.getTime()) due = Math.max(Math.min(due, examAt.getTime()), Math.min(at.getTime() + DAY_MS, due));
  if (due === next.due.getTime()) return next;
  return { ...next, due: new Date(due), scheduled_days: Math.max(0, Math.round((due - at.getTime()) / DAY_MS)) };
}

/** The daily cap of the review session when the candidate has not set one. */
export const DEFAULT_DAILY_REVIEWS = REVIEW_DAILY_DEFAULT;

/** The exam date of the profile (a calendar date) as the start of that day, UTC; null without one. */
export const examDateOf = (targetExamDate: string | null | undefined) => (targetExamDate ? new Date(`${targetExamDate}T00:00:00Z`) : null);

/**
 * Today's review session: the questions due by `now`, the longest overdue first, at most `cap`
 * (the candidate's daily cap less the reviews already done today).
 */
export function dueReviewSession(cards: readonly { questionId: number; dueAt: Date }[], now: Date, cap: number): number[] {
  return cards
    .filter((c) => c.dueAt.getTime() <= now.getTime())
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.questionId - b.questionId)
    .slice(0, Math.max(0, cap))
    .map((c) => c.questionId);
}

/** Cards are stored as JSON: dates come back as strings. */
function reviveCard(stored: Record<string, unknown>): Card {
  const c = stored as unknown as Card;
  return { ...c, due: new Date(c.due), last_review: c.last_review ? new Date(c.last_review) : undefined };
}

/** A question answered again within this many days of the last answer that counted is practice, not evidence. */
export const EVIDENCE_PERIOD_DAYS = 30;

/**
 * Only a question's first answer in a review period is evidence for readiness: its first answer
 * ever, an answer once its scheduled review is due, or one a full period after the last that counted.
 */
export function isEvidence(lastEvidenceAt: Date | null, dueAt: Date | null, answeredAt: Date): boolean {
  if (!lastEvidenceAt) return true;
  if (dueAt && dueAt.getTime() <= answeredAt.getTime()) return true;
  return answeredAt.getTime() - lastEvidenceAt.getTime() >= EVIDENCE_PERIOD_DAYS * DAY_MS;
}
