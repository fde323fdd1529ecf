import type { ItemStatistic } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { computeItemStatistics, kr20 } from "./item-statistics.ts";
import * as repo from "./repo.ts";

/** The statistics screen and the item quality loop, from the database. */

export async function itemStatistics(db: Db): Promise<ItemStatistic[]> {
  const given = await repo.finalAnswers(db);
  const ids = new Set(given.map((a) => a.questionId));
  const rows = (await repo.allQuestions(db, {})).filter((q) => ids.has(q.id));
  return computeItemStatistics(given, rows);
}

/** The statistics screen: item statistics, exam reliability and the review queue. */
export async function statistics(db: Db) {
  const [list, reliability, queue] = await Promise.all([itemStatistics(db), examReliability(db), repo.reviewQueue(db)]);
  return { list, reliability, queue };
}

/**
 * The item quality loop, run by the calibration job: questions the statistics judge doubtful
 * (after MIN_ANSWERS_FOR_FLAG answers) leave the active bank for staff review, with the reason.
 */
export async function queueDoubtfulQuestions(db: Db) {
  const doubtful = (await itemStatistics(db)).filter((s) => s.doubtful && s.reason);
  return repo.queueForReview(
    db,
    doubtful.map((s) => ({ id: s.id, reason: s.reason! })),
  );
}

export async function examReliability(db: Db) {
  const [exams, given] = await Promise.all([repo.finishedFixedExams(db), repo.finalAnswers(db)]);
  const share = new Map<number, { n: number; right: number }>();
  const itemsOf = new Map<number, number[]>();
  for (const a of given) {
    const s = share.get(a.questionId) ?? { n: 0, right: 0 };
    s.n += 1;
    if (a.isCorrect) s.right += 1;
    share.set(a.questionId, s);
    const list = itemsOf.get(a.quizId) ?? [];
    list.push(a.questionId);
    itemsOf.set(a.quizId, list);
  }
  const forms = exams.map((e) => ({ items: itemsOf.get(e.id) ?? [], correct: e.correct ?? 0 }));
  const p = (id: number) => {
    const s = share.get(id);
    return s ? s.right / s.n : 0.5;
  };
  return { exams: exams.length, kr20: kr20(forms, p) };
}
