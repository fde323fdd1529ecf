import { formatFactor } from "@academy/contract/accommodation-terms";
import type { QuizModel } from "@academy/contract/quiz";

const minutes = (seconds: number) => Math.round(seconds / 60);

/**
 * What an exam taken under an accommodation says of its time, in the player and on the result:
 * "Extra time ×1.5: 180 minutes instead of 120". Empty for every other quiz.
 */
export function extraTimeLine(quiz: Pick<QuizModel, "extraTime" | "timeLimitSeconds">): string {
  const extra = quiz.extraTime;
  if (!extra || quiz.timeLimitSeconds === null) return "";
  const breaks = extra.break_minutes ? `, and ${extra.break_minutes} minutes of breaks that stop the clock` : "";
  return `Extra time ${formatFactor(extra.factor)}: ${minutes(quiz.timeLimitSeconds)} minutes instead of ${minutes(extra.base_seconds)}${breaks}`;
}
