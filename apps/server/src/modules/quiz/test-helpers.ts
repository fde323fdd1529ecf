import { expect } from "vitest";
import { TEST_ENV, type TestApp } from "../../test/app.ts";
import { quizQuestion } from "../../test/quiz-answers.ts";
import { correctResponse } from "./scoring.ts";

// What the quiz module's tests share: the candidate API's prefix, a candidate with a profile, a
// quiz made for them, and a question's right response.

export type Q = { questionId: string; type: string; options: { id: string; text: string }[]; review?: unknown; feedback?: unknown };

export function quizHelpers(t: TestApp) {
  const P = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;

  async function newUser(profile: Record<string, unknown> = { track: "ems" }) {
    const u = await t.signUp("user");
    if (profile) expect((await t.call("PUT", `${P}/onboarding`, { token: u.token, body: profile })).statusCode).toBe(200);
    return u;
  }

  async function create(token: string, body: Record<string, unknown>) {
    const res = await t.call("POST", `${P}/quiz/create`, { token, body });
    return { res, quiz: res.json().model as { id: number; questions: Q[]; status: string; mode: string; deadlineAt: string | null } };
  }

  /** A question of a quiz as the quiz grades it (its numbers drawn for the quiz), and its right response. */
  async function keyOf(quizId: number, contentId: string) {
    const q = await quizQuestion(t.db, quizId, contentId);
    return { q, right: correctResponse(q) };
  }

  return { P, newUser, create, keyOf };
}
