import type { QuizModel } from "@academy/contract/quiz";
import type { QuizSettings } from "../../db/schema/quiz.ts";
import { conflict } from "../../lib/http-error.ts";

/**
 * Where the breaks of a quiz stand at a moment (decision 30): pure, read by the quiz's model and
 * by each save (answers wait while a break runs); breaks.ts starts and ends them.
 */

export type BreakState = { allowanceSeconds: number; usedSeconds: number; onBreakUntil: Date | null };

/** The breaks of a quiz at `now`, with a break that outran its allowance counted as ended; null without an allowance. */
export function breakState(quiz: { settings: QuizSettings }, now: Date): BreakState | null {
  const allowanceSeconds = (quiz.settings.extraTime?.breakMinutes ?? 0) * 60;
  if (allowanceSeconds === 0) return null;
  const taken = quiz.settings.breaks ?? { usedSeconds: 0 };
  if (!taken.startedAt) return { allowanceSeconds, usedSeconds: taken.usedSeconds, onBreakUntil: null };
  const held = taken.heldSeconds ?? 0;
  const until = new Date(Date.parse(taken.startedAt) + held * 1000);
  if (now < until) return { allowanceSeconds, usedSeconds: taken.usedSeconds, onBreakUntil: until };
  return { allowanceSeconds, usedSeconds: taken.usedSeconds + held, onBreakUntil: null };
}

/** The model's view of the breaks. */
export function breaksOf(quiz: { settings: QuizSettings }, now: Date): QuizModel["breaks"] {
  const state = breakState(quiz, now);
  return state
    ? {
        allowance_seconds: state.allowanceSeconds,
        used_seconds: state.usedSeconds,
        on_break_until: state.onBreakUntil?.toISOString() ?? null,
      }
    : null;
}

/** Answers are refused while a break runs: the questions are away. */
export function assertNotOnBreak(quiz: { settings: QuizSettings }, now: Date) {
  if (breakState(quiz, now)?.onBreakUntil) throw conflict("You are on a break: end it to see the questions and answer again");
}
