import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { answeredThemesMastery, dashboard } from "./progress.ts";
import * as repo from "./repo.ts";

/** How many weak themes the brief names. */
const WEAKEST = 3;

/**
 * What a coach should know before a session: readiness (the expected exam score, once there is
 * enough evidence), the weakest themes first, the latest quizzes and the questions missed most
 * recently. Readiness needs a track and enough answers, so it stays null after finished quizzes
 * too: `finishedQuizzes` says whether there are any (submitted or timed out, as the quiz list says
 * it), and the weak themes come from the answers so far even before a track is chosen.
 */
export async function coachingBrief(db: Db, userId: number, now = new Date()) {
  const [board, missed] = await readTogether(db, [() => dashboard(db, userId, now), () => repo.recentlyMissed(db, userId, 5)]);
  // After the dashboard, which has closed any quiz whose time ran out: the quiz list's "finished".
  const [quizzes, themes] = await readTogether(db, [
    () => repo.listQuizzes(db, userId),
    async () => (board.track ? board.mastery : await answeredThemesMastery(db, userId)),
  ]);
  const weakest = [...themes]
    .filter((m) => m.answered > 0)
    .sort((a, b) => a.mastery - b.mastery)
    .slice(0, WEAKEST)
    .map((m) => ({ theme: m.theme, themeName: m.themeName, mastery: m.mastery }));
  return {
    trackName: board.trackName,
    readiness: board.readiness?.estimate?.readiness ?? null,
    finishedQuizzes: quizzes.filter((q) => q.quiz.status !== "in_progress").length,
    weakestThemes: weakest,
    recentQuizzes: board.recent.map((q) => ({
      id: q.id,
      title: q.title,
      status: q.status,
      score: q.score,
      at: q.submittedAt ?? q.createdAt,
    })),
    missedQuestions: missed.map((m) => ({ theme: m.theme, stem: m.stem })),
  };
}
