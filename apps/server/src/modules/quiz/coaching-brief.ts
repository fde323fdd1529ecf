import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { dashboard } from "./progress.ts";
import * as repo from "./repo.ts";

/**
 * What a coach should know before a session: readiness (the expected exam score, once there is
 * enough evidence), the weakest themes first, the latest quizzes and the questions missed most
 * recently.
 */
export async function coachingBrief(db: Db, userId: number, now = new Date()) {
  const [board, missed] = await readTogether(db, [() => dashboard(db, userId, now), () => repo.recentlyMissed(db, userId, 5)]);
  const weakest = [...board.mastery]
    .filter((m) => m.answered > 0)
    .sort((a, b) => a.mastery - b.mastery)
    .slice(0, 3)
    .map((m) => ({ theme: m.theme, themeName: m.themeName, mastery: m.mastery }));
  return {
    trackName: board.trackName,
    readiness: board.readiness?.estimate?.readiness ?? null,
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
