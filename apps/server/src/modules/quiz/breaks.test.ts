import { describe, expect, it } from "vitest";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { createQuiz, endBreak, getQuiz, startBreak, updateQuiz } from "./service.ts";

// Breaks of an exam accommodation (decision 30): they hide the questions and stop the clock.
const t = await createTestApp();
const founder = await t.signUp("admin");
const support = await t.staffMember(founder.token, "support");
const P = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;
const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const MIN = 60_000;

/** A candidate on the EMS track with an accommodation of 10 minutes of breaks (when `breakMinutes`). */
async function candidate(breakMinutes: number | null = 10) {
  const u = await t.signUp("user");
  expect(
    (await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { track: "ems", themes: ["airway-breathing"] } })).statusCode,
  ).toBe(200);
  const granted = await t.call("PUT", `/v2/api/lambda/admin/users/${u.user_id}/accommodation`, {
    token: support.token,
    body: { extra_time_factor: 1.25, break_minutes: breakMinutes, ends_on: inAMonth },
  });
  expect(granted.statusCode).toBe(200);
  return u;
}

const deadline = (q: { deadlineAt: string | null }) => Date.parse(q.deadlineAt!);

describe("breaks of a timed quiz", () => {
  it("stop the clock and hide the questions, spend the allowance across breaks, and end by themselves when it runs out", async () => {
    const u = await candidate(10);
    const t0 = new Date();
    const { quiz } = await createQuiz(t.db, u.user_id, { mode: "exam", length: 30, new: true }, t0);
    const first = quiz.questions[0]!;
    expect(deadline(quiz) - t0.getTime()).toBe(quiz.timeLimitSeconds! * 1000);

    // A break of 4 minutes, 1 minute in: the questions are away and answers wait.
    const onBreak = await startBreak(t.db, u.user_id, quiz.id, new Date(t0.getTime() + MIN));
    expect(onBreak.questions).toEqual([]);
    expect(onBreak.breaks).toEqual({
      allowance_seconds: 600,
      used_seconds: 0,
      on_break_until: new Date(t0.getTime() + 11 * MIN).toISOString(),
    });
    const during = new Date(t0.getTime() + 3 * MIN);
    expect((await getQuiz(t.db, u.user_id, quiz.id, during)).questions).toEqual([]);
    await expect(
      updateQuiz(t.db, u.user_id, quiz.id, { answers: [{ questionId: first.questionId, response: { choice: "x" } }] }, during),
    ).rejects.toMatchObject({ statusCode: 409, message: /You are on a break/ });
    await expect(startBreak(t.db, u.user_id, quiz.id, during)).rejects.toMatchObject({
      statusCode: 409,
      message: "You are already on a break",
    });
    const back = await endBreak(t.db, u.user_id, quiz.id, new Date(t0.getTime() + 5 * MIN));
    expect(back.questions).toHaveLength(30);
    expect(back.breaks).toEqual({ allowance_seconds: 600, used_seconds: 240, on_break_until: null });
    // The clock stood still for those 4 minutes: the deadline is 4 minutes later.
    expect(deadline(back) - deadline(quiz)).toBe(4 * MIN);

    // A second break outruns the 6 minutes left: it ends by itself at 6, and the rest is exam time.
    await startBreak(t.db, u.user_id, quiz.id, new Date(t0.getTime() + 6 * MIN));
    const overrun = await getQuiz(t.db, u.user_id, quiz.id, new Date(t0.getTime() + 20 * MIN));
    expect(overrun.questions).toHaveLength(30);
    expect(overrun.breaks).toEqual({ allowance_seconds: 600, used_seconds: 600, on_break_until: null });
    expect(deadline(overrun) - deadline(quiz)).toBe(10 * MIN);
    const saved = await updateQuiz(
      t.db,
      u.user_id,
      quiz.id,
      { answers: [{ questionId: first.questionId, response: anyAnswer(first) }] },
      new Date(t0.getTime() + 20 * MIN),
    );
    expect(saved.feedback).toEqual([]);
    const ended = await endBreak(t.db, u.user_id, quiz.id, new Date(t0.getTime() + 21 * MIN));
    expect(deadline(ended) - deadline(quiz)).toBe(10 * MIN);
    await expect(startBreak(t.db, u.user_id, quiz.id, new Date(t0.getTime() + 22 * MIN))).rejects.toMatchObject({
      statusCode: 409,
      message: "You have used all 10 minutes of your breaks",
    });
  });

  it("are refused without an allowance, in practice, for someone else's quiz and when not on one, over HTTP", async () => {
    const u = await candidate(10);
    const timed = (await t.call("POST", `${P}/quiz/create`, { token: u.token, body: { mode: "exam", length: 5, new: true } })).json().model;
    const other = await t.signUp("user");
    expect((await t.call("POST", `${P}/quiz/break/${timed.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call("POST", `${P}/quiz/break/${timed.id}`)).statusCode).toBe(401);
    const ending = await t.call("DELETE", `${P}/quiz/break/${timed.id}`, { token: u.token });
    expect(ending.statusCode).toBe(409);
    expect(ending.json().message).toBe("You are not on a break");
    const started = await t.call("POST", `${P}/quiz/break/${timed.id}`, { token: u.token });
    expect(started.statusCode).toBe(200);
    expect(started.json().model.questions).toEqual([]);
    expect(started.json().model.breaks.on_break_until).not.toBeNull();
    const ended = await t.call("DELETE", `${P}/quiz/break/${timed.id}`, { token: u.token });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().model.questions).toHaveLength(5);

    const practice = (await t.call("POST", `${P}/quiz/create`, { token: u.token, body: { mode: "practice", length: 5, new: true } })).json()
      .model;
    expect((await t.call("POST", `${P}/quiz/break/${practice.id}`, { token: u.token })).statusCode).toBe(409);
    const plain = await candidate(null);
    const noBreaks = (await t.call("POST", `${P}/quiz/create`, { token: plain.token, body: { mode: "exam", length: 5, new: true } })).json()
      .model;
    expect(noBreaks.breaks).toBeNull();
    const refused = await t.call("POST", `${P}/quiz/break/${noBreaks.id}`, { token: plain.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no breaks/);
  });
});

function anyAnswer(q: { type: string; options: { id: string }[] }) {
  if (q.type === "numeric") return { value: 1 };
  if (q.type === "ordering") return { order: q.options.map((o) => o.id) };
  if (q.type === "multiple") return { choices: [q.options[0]!.id] };
  return { choice: q.options[0]!.id };
}
