import type { QuizModel } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../lib/http-error.ts";
import { DEADLINE_GRACE_MS, getQuiz, loadQuiz } from "./attempts.ts";
import { breakState } from "./break-state.ts";
import * as repo from "./repo.ts";

/**
 * Breaks of an exam accommodation (decision 30), as test centres run them: a break hides the
 * questions and stops the exam clock until the candidate ends it or the allowance runs out; the
 * allowance is spent a second at a time across as many breaks as the candidate likes.
 *
 * The clock is the deadline: when a break starts, the deadline moves on by all the allowance left
 * (so nothing that reads the deadline can close the exam during a break), and when it ends the
 * deadline gets back what was not used. A break that runs past the allowance has ended by itself
 * at that moment: the clock runs again from then, and answers are taken again.
 */

/** Starts a break of a timed quiz or mock exam in progress, holding back all the allowance left. */
export async function startBreak(db: Db, userId: number, id: number, now = new Date()): Promise<QuizModel> {
  await loadQuiz(db, userId, id, now);
  await db.transaction(async (tx) => {
    const quiz = await repo.lockQuiz(tx, userId, id);
    if (!quiz) throw notFound("Quiz not found");
    if (quiz.status !== "in_progress") throw conflict("This quiz is already submitted");
    const state = breakState(quiz, now);
    if (!state || !quiz.deadlineAt)
      throw conflict("This quiz has no breaks: they come with an exam accommodation, for timed quizzes and mock exams");
    if (now.getTime() > quiz.deadlineAt.getTime() + DEADLINE_GRACE_MS) throw conflict("The time limit of this exam has passed");
    if (state.onBreakUntil) throw conflict("You are already on a break");
    const left = state.allowanceSeconds - state.usedSeconds;
    if (left <= 0) throw conflict(`You have used all ${state.allowanceSeconds / 60} minutes of your breaks`);
    await repo.updateQuizRow(tx, id, {
      settings: { ...quiz.settings, breaks: { usedSeconds: state.usedSeconds, startedAt: now.toISOString(), heldSeconds: left } },
      deadlineAt: new Date(quiz.deadlineAt.getTime() + left * 1000),
    });
  });
  return getQuiz(db, userId, id, now);
}

/** Ends the break that runs: the clock goes on, and the deadline gets back the allowance not used. */
export async function endBreak(db: Db, userId: number, id: number, now = new Date()): Promise<QuizModel> {
  await loadQuiz(db, userId, id, now);
  await db.transaction(async (tx) => {
    const quiz = await repo.lockQuiz(tx, userId, id);
    if (!quiz) throw notFound("Quiz not found");
    const taken = quiz.settings.breaks;
    if (quiz.status !== "in_progress" || !taken?.startedAt || !quiz.deadlineAt) throw conflict("You are not on a break");
    const held = taken.heldSeconds ?? 0;
    const used = Math.min(held, Math.ceil((now.getTime() - Date.parse(taken.startedAt)) / 1000));
    await repo.updateQuizRow(tx, id, {
      settings: { ...quiz.settings, breaks: { usedSeconds: taken.usedSeconds + used } },
      deadlineAt: new Date(quiz.deadlineAt.getTime() - (held - used) * 1000),
    });
  });
  return getQuiz(db, userId, id, now);
}
