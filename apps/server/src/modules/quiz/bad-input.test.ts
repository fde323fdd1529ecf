import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { packages as packagesTable } from "../../db/schema/packages.ts";
import { answers, questions, quizzes } from "../../db/schema/quiz.ts";
import { createTestApp } from "../../test/app.ts";
import { quizHelpers } from "./test-helpers.ts";

const t = await createTestApp();
const { P, newUser, create, keyOf } = quizHelpers(t);
/** The first account to sign up as admin becomes it; later ones need an invitation. */
const admin = await t.signUp("admin");

describe("bad input: a clear 4xx and nothing changed", () => {
  it("refuses unknown themes, lengths out of range and an unknown track", async () => {
    const u = await newUser();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ themes: ["no-such-theme"] }, 400, /Unknown theme/],
      [{ themes: ["fire-behaviour"] }, 400, /Unknown theme for this track/],
      [{ length: 0 }, 400, /at least 5/],
      [{ length: 10_000 }, 400, /at most 100/],
      [{ track: "space" }, 400, /.+/],
      [{ length: 10, extra: 1 }, 400, /.+/],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call("POST", `${P}/quiz/create`, { token: u.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toBe(true);
      expect(res.json().message).toMatch(message);
    }
    const mine = await t.db.select().from(quizzes).where(eq(quizzes.userId, u.user_id));
    expect(mine).toHaveLength(0);
  });

  it("refuses answers to questions not in the quiz, wrong shapes, and answers after submit; a second submit is 409", async () => {
    const u = await newUser();
    const { quiz } = await create(u.token, { length: 5, mode: "exam", seed: 5 });
    const inQuiz = new Set(quiz.questions.map((q) => q.questionId));
    const [outside] = await t.db.select().from(questions).where(eq(questions.themeSlug, "fire-behaviour")).limit(1);
    expect(inQuiz.has(outside!.contentId)).toBe(false);
    const q0 = quiz.questions[0]!;
    const bad = [
      { answers: [{ questionId: outside!.contentId, response: { choice: "a" } }] },
      { answers: [{ questionId: q0.questionId, response: { choice: "zz" } }] },
      { answers: [{ questionId: q0.questionId, response: { value: 3 } }] },
      { flags: [{ questionId: "nope-001", flagged: true }] },
      { position: 5 },
    ];
    for (const body of bad) {
      const res = await t.call("PUT", `${P}/quiz/update/${quiz.id}`, { token: u.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.select().from(answers).where(eq(answers.quizId, quiz.id))).toHaveLength(0);

    expect((await t.call("POST", `${P}/quiz/submit/${quiz.id}`, { token: u.token })).statusCode).toBe(200);
    const second = await t.call("POST", `${P}/quiz/submit/${quiz.id}`, { token: u.token });
    expect(second.statusCode).toBe(409);
    const { right } = await keyOf(quiz.id, q0.questionId);
    const late = await t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
      token: u.token,
      body: { answers: [{ questionId: q0.questionId, response: right }] },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already submitted/);
    expect(await t.db.select().from(answers).where(eq(answers.quizId, quiz.id))).toHaveLength(0);
    // A finished quiz stays in the history.
    expect((await t.call("DELETE", `${P}/quiz/delete/${quiz.id}`, { token: u.token })).statusCode).toBe(409);
  });

  it("enforces an exam's time limit on the server and closes it on read", async () => {
    const u = await newUser();
    const { quiz } = await create(u.token, { length: 5, mode: "exam", seed: 8 });
    expect(quiz.deadlineAt).not.toBeNull();
    const q0 = quiz.questions[0]!;
    const { right } = await keyOf(quiz.id, q0.questionId);
    await t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
      token: u.token,
      body: { answers: [{ questionId: q0.questionId, response: right }] },
    });
    await t.db
      .update(quizzes)
      .set({ deadlineAt: new Date(Date.now() - 60_000) })
      .where(eq(quizzes.id, quiz.id));
    const q1 = quiz.questions[1]!;
    const late = await t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
      token: u.token,
      body: { answers: [{ questionId: q1.questionId, response: (await keyOf(quiz.id, q1.questionId)).right }] },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/time limit of this exam has passed/);
    const model = (await t.call("GET", `${P}/quiz/get/${quiz.id}`, { token: u.token })).json().model;
    expect(model.status).toBe("expired");
    expect(model.correctCount).toBe(1);
    expect(await t.db.select().from(answers).where(eq(answers.quizId, quiz.id))).toHaveLength(1);
  });

  it("answers 404 for another user's quiz on every call and changes nothing", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { quiz } = await create(owner.token, { length: 5, seed: 2 });
    const q0 = quiz.questions[0]!;
    const calls = [
      t.call("GET", `${P}/quiz/get/${quiz.id}`, { token: other.token }),
      t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
        token: other.token,
        body: { answers: [{ questionId: q0.questionId, response: { choice: "a" } }] },
      }),
      t.call("POST", `${P}/quiz/submit/${quiz.id}`, { token: other.token }),
      t.call("DELETE", `${P}/quiz/delete/${quiz.id}`, { token: other.token }),
      t.call("GET", `${P}/quiz/result/${quiz.id}/pdf`, { token: other.token }),
      t.call("POST", `${P}/quiz/create`, { token: other.token, body: { retryOf: quiz.id } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(q0.questionId);
    }
    const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(row!.status).toBe("in_progress");
    expect(await t.db.select().from(answers).where(eq(answers.quizId, quiz.id))).toHaveLength(0);
    const list = (await t.call("GET", `${P}/quiz/list`, { token: other.token })).json().list;
    expect(list.map((q: { id: number }) => q.id)).not.toContain(quiz.id);
  });

  it("answers 404 for another project's name, 401 without a token, 403 for an admin", async () => {
    const u = await newUser();
    expect((await t.call("GET", `/v3/api/custom/other-project/quiz/list`, { token: u.token })).statusCode).toBe(404);
    expect((await t.call("GET", `${P}/quiz/list`)).statusCode).toBe(401);
    expect((await t.call("GET", `${P}/quiz/list`, { token: admin.token })).statusCode).toBe(403);
  });

  it("holds the Free plan to its weekly allowance with a clear message", async () => {
    const u = await newUser();
    for (let i = 0; i < 3; i++) expect((await create(u.token, { length: 5, new: true })).res.statusCode).toBe(200);
    const res = await t.call("POST", `${P}/quiz/create`, { token: u.token, body: { length: 5, new: true } });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/Free plan includes 3 quizzes per week/);
    expect(await t.db.select().from(quizzes).where(eq(quizzes.userId, u.user_id))).toHaveLength(3);
  });

  it("does not give a discarded quiz's slot back to the weekly allowance", async () => {
    const u = await newUser();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await create(u.token, { length: 5, new: true }));
    const discard = await t.call("DELETE", `${P}/quiz/delete/${made[2]!.quiz.id}`, { token: u.token });
    expect(discard.statusCode, discard.body).toBe(200);
    expect(await t.db.select().from(quizzes).where(eq(quizzes.userId, u.user_id))).toHaveLength(2);
    const res = await t.call("POST", `${P}/quiz/create`, { token: u.token, body: { length: 5, new: true } });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().code).toBe("QUIZ_LIMIT");
    expect(await t.db.select().from(quizzes).where(eq(quizzes.userId, u.user_id))).toHaveLength(2);
  });

  it("never goes past the weekly allowance when creates arrive at once", async () => {
    const u = await newUser();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.call("POST", `${P}/quiz/create`, { token: u.token, body: { length: 5, new: true } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 402, 402, 402, 402, 402]);
    expect(await t.db.select().from(quizzes).where(eq(quizzes.userId, u.user_id))).toHaveLength(3);
  });

  it("resumes the unfinished quiz of the same choices instead of making another, unless asked for a new one", async () => {
    const u = await newUser();
    const first = await create(u.token, {});
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(first.res.json().resumed).toBe(false);
    // Revisiting the generate screen: the same quiz, not counted again.
    const again = await create(u.token, {});
    expect(again.res.json()).toMatchObject({ resumed: true, model: { id: first.quiz.id, status: "in_progress" } });
    expect(await t.db.select().from(quizzes).where(eq(quizzes.userId, u.user_id))).toHaveLength(1);

    // Other choices, or an explicit request, make a new one.
    const shorter = await create(u.token, { length: 5 });
    expect(shorter.res.json().resumed).toBe(false);
    expect(shorter.quiz.id).not.toBe(first.quiz.id);
    const fresh = await create(u.token, { new: true });
    expect(fresh.res.json().resumed).toBe(false);
    expect([first.quiz.id, shorter.quiz.id]).not.toContain(fresh.quiz.id);
    // At the allowance, the open quiz is still there to resume.
    expect((await create(u.token, { new: true })).res.statusCode).toBe(402);
    expect((await create(u.token, { length: 5 })).res.json()).toMatchObject({ resumed: true, model: { id: shorter.quiz.id } });
  });

  it("does not resume a finished quiz or an exam whose time is up, and resumes once when two visits race", async () => {
    const u = await newUser();
    // More quizzes than the Free plan's allowance, for this test only.
    const [free] = await t.db.select().from(packagesTable).where(eq(packagesTable.isDefault, true));
    await t.db.update(packagesTable).set({ quizzesPerWeek: null }).where(eq(packagesTable.id, free!.id));
    try {
      const { quiz } = await create(u.token, { length: 5, mode: "exam" });
      await t.db
        .update(quizzes)
        .set({ deadlineAt: new Date(Date.now() - 60_000) })
        .where(eq(quizzes.id, quiz.id));
      const afterDeadline = await create(u.token, { length: 5, mode: "exam" });
      expect(afterDeadline.res.json().resumed).toBe(false);
      expect((await t.call("POST", `${P}/quiz/submit/${afterDeadline.quiz.id}`, { token: u.token })).statusCode).toBe(200);
      const afterSubmit = await create(u.token, { length: 5, mode: "exam" });
      expect(afterSubmit.res.json().resumed).toBe(false);

      const visits = await Promise.all([1, 2, 3].map(() => create(u.token, { length: 6 })));
      expect(new Set(visits.map((v) => v.quiz.id)).size).toBe(1);
      expect(visits.map((v) => v.res.json().resumed).sort()).toEqual([false, true, true]);
    } finally {
      await t.db.update(packagesTable).set({ quizzesPerWeek: free!.quizzesPerWeek }).where(eq(packagesTable.id, free!.id));
    }
  });
});
