import { type Card, createEmptyCard, fsrs, Rating } from "ts-fsrs";

/**
 * Spaced repetition for exam preparation (docs/readiness-model.md, "Spaced repetition"):
 * only what the candidate missed, or got right but marked "not sure", is scheduled; learning
 * steps are days, not minutes; the rating comes from the answer itself.
 */

export const DAY_MS = 86_400_000;

/** One day before a missed question comes back, and one day again after a lapse. */
export const scheduler = fsrs({ learning_steps: ["1d"], relearning_steps: ["1d"] });

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

/** The card after this answer, from the stored one (or a new card). */
export function nextCard(stored: Record<string, unknown> | null, a: ScheduledAnswer, at: Date) {
  const card = stored ? reviveCard(stored) : createEmptyCard(at);
  return scheduler.next(card, at, ratingFor(a)).card;
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
