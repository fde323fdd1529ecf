import type { ItemStatistic, ReviewQueueItem } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { computeItemStatistics, kr20 } from "./item-statistics.ts";
import { logStatusChange } from "./questions.ts";
import * as repo from "./repo.ts";

/** The statistics screen and the item review queue, from the database. */

export async function itemStatistics(db: Db): Promise<ItemStatistic[]> {
  const given = await repo.finalAnswers(db);
  const ids = new Set(given.map((a) => a.questionId));
  const rows = (await repo.allQuestions(db, {})).filter((q) => ids.has(q.id));
  return computeItemStatistics(given, rows);
}

type QueueRow = Awaited<ReturnType<typeof repo.reviewQueue>>[number];

function toQueueItem(r: QueueRow): ReviewQueueItem {
  return {
    id: r.id,
    contentId: r.contentId,
    stem: r.stem,
    status: r.status,
    inQuizzes: r.status === "active",
    flag: r.flag,
    strong: r.strong ?? false,
    reason: r.reason ?? r.reviewReason,
    evidence: r.evidence,
    flaggedAt: r.flaggedAt?.toISOString() ?? null,
  };
}

export async function reviewQueue(db: Db) {
  return (await repo.reviewQueue(db)).map(toQueueItem);
}

/** The statistics screen: item statistics, exam reliability and the review queue. */
export async function statistics(db: Db) {
  const [list, reliability, queue] = await Promise.all([itemStatistics(db), examReliability(db), reviewQueue(db)]);
  return { list, reliability, queue };
}

/**
 * The item quality loop, run by the calibration job (docs/readiness-model.md, "Item review"): an
 * item flagged on evidence joins the staff queue with that evidence and stays in quizzes; only
 * strong evidence takes it out (status review). A sign staff already looked at and kept does not
 * come back; an edit of the question closes its flag. Answers how many flags were newly raised.
 */
export async function queueDoubtfulQuestions(db: Db, now = new Date()) {
  const [stats, flags] = await Promise.all([itemStatistics(db), repo.allFlags(db)]);
  const byId = new Map(flags.map((f) => [f.questionId, f]));
  let raised = 0;
  const remove: { id: number; reason: string }[] = [];
  for (const s of stats) {
    if (!s.flag || !s.reason) continue;
    const prior = byId.get(s.id);
    if (prior?.resolution === "kept" || prior?.resolution === "retired") continue;
    const open = prior && !prior.resolvedAt;
    // Strong evidence once seen is kept until staff decide: more answers may blur it again.
    const strong = s.strong || (open === true && prior!.strong);
    await repo.upsertFlag(db, {
      questionId: s.id,
      flag: s.flag,
      strong,
      reason: s.reason,
      evidence: {
        answered: s.answered,
        shareRight: s.shareRight,
        key: s.discrimination !== null && s.discriminationInterval ? { r: s.discrimination, ...s.discriminationInterval } : null,
        distractors: s.distractors.filter((d) => !d.correct).map((d) => ({ id: d.id, share: d.share, correlation: d.correlation })),
      },
      at: now,
    });
    if (!open) raised += 1;
    if (s.strong) remove.push({ id: s.id, reason: s.reason });
  }
  await repo.queueForReview(db, remove);
  return raised;
}

/**
 * Staff's decision on a queued question: "keep" puts it back in quizzes and closes its flag (the
 * same sign does not raise it again); "retire" takes it out for good.
 */
export async function decideReview(db: Db, staffId: number, id: number, decision: "keep" | "retire") {
  const updated = await db.transaction(async (tx) => {
    const current = await repo.getQuestion(tx, id);
    const q = await repo.updateQuestion(tx, id, { status: decision === "keep" ? "active" : "retired" });
    if (!q || !current) throw notFound("Question not found");
    await logStatusChange(tx, staffId, q, current.status, q.status);
    await repo.resolveFlag(tx, id, decision === "keep" ? "kept" : "retired");
    return q;
  });
  const flag = await repo.getFlag(db, id);
  return toQueueItem({
    id: updated.id,
    contentId: updated.contentId,
    stem: updated.stem,
    status: updated.status,
    reviewReason: updated.reviewReason,
    flag: flag?.flag ?? null,
    strong: flag?.strong ?? false,
    reason: flag?.reason ?? null,
    evidence: flag?.evidence ?? null,
    flaggedAt: flag?.flaggedAt ?? null,
  });
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
