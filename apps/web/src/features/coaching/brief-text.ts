import type { LearnerBrief } from "@academy/contract/coaching";

const pct = (share: number) => `${Math.round(share * 100)}%`;
const quizzes = (n: number) => `${n} finished quiz${n === 1 ? "" : "zes"}`;

/**
 * The learner brief's readiness line. Readiness needs a track and enough answers, so a candidate
 * with finished quizzes may have none yet: "No finished quiz yet" only when there is no finished
 * quiz, never above one.
 */
export function readinessText(brief: Pick<LearnerBrief, "readiness" | "finished_quizzes" | "track_name">): string {
  if (brief.readiness !== null) return `${pct(brief.readiness)} ready${brief.track_name ? ` for ${brief.track_name}` : ""}`;
  if (brief.finished_quizzes === 0) return "No finished quiz yet.";
  return brief.track_name
    ? `${quizzes(brief.finished_quizzes)}; not enough answers yet for a readiness figure for ${brief.track_name}.`
    : `${quizzes(brief.finished_quizzes)}; no track chosen yet, so no readiness figure.`;
}
