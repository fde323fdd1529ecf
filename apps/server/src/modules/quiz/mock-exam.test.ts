import { describe, expect, it } from "vitest";
import { questions } from "../../db/schema/quiz.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { rightResponse } from "../../test/quiz-answers.ts";
import { adaptivePool } from "./mock-exam.ts";
import * as service from "./service.ts";

const t = await createTestApp();
const P = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;
await t.signUp("admin");

async function candidate() {
  const u = await t.signUp("user");
  expect(
    (await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { track: "ems", themes: ["airway-breathing"] } })).statusCode,
  ).toBe(200);
  return u;
}

const rightAnswer = (quizId: number, contentId: string) => rightResponse(t.db, quizId, contentId);

describe("mock exams", () => {
  it("a fixed mock follows the blueprint exactly with the real exam's length and time, whatever themes onboarding chose", async () => {
    const u = await candidate();
    const tracks = (await t.call("GET", `${P}/quiz/tracks`, { token: u.token })).json().list as {
      slug: string;
      exam: { questions: number; minutes: number; passMark: number };
      themes: { slug: string; weight: number; questionCount: number }[];
    }[];
    const ems = tracks.find((x) => x.slug === "ems")!;
    expect(ems.exam).toMatchObject({ questions: 120, minutes: 120, passMark: 0.7 });
    const res = await t.call("POST", `${P}/quiz/create`, { token: u.token, body: { mock: "fixed", seed: 5 } });
    expect(res.statusCode).toBe(200);
    const quiz = res.json().model;
    expect(quiz.mock).toBe("fixed");
    expect(quiz.mode).toBe("exam");
    expect(quiz.timeLimitSeconds).toBe(120 * 60);
    expect(quiz.questions).toHaveLength(120);
    const count = (theme: string) => quiz.questions.filter((q: { theme: string }) => q.theme === theme).length;
    // Every blueprint theme at its weight's share of 120 (largest remainder), no weak-theme boost.
    for (const th of ems.themes) expect(Math.abs(count(th.slug) - (th.weight * 120) / 100)).toBeLessThan(1);
    expect(quiz.settings.themes.sort()).toEqual(ems.themes.map((x) => x.slug).sort());

    // Submitting answers 60 right: the result has a scaled score and a chance to pass.
    const batch = [];
    for (const q of quiz.questions.slice(0, 60))
      batch.push({ questionId: q.questionId, response: await rightAnswer(quiz.id, q.questionId) });
    expect((await t.call("PUT", `${P}/quiz/update/${quiz.id}`, { token: u.token, body: { answers: batch } })).statusCode).toBe(200);
    const done = (await t.call("POST", `${P}/quiz/submit/${quiz.id}`, { token: u.token })).json().model;
    expect(done.examResult.passMark).toBe(0.7);
    expect(done.examResult.scaled).toBeGreaterThan(0.2);
    expect(done.examResult.scaled).toBeLessThan(0.8);
    expect(done.examResult.passProbability).toBeLessThan(0.5);
    expect(done.examResult.se).toBeGreaterThan(0);
  });

  it("an adaptive mock adds one question per answer, keeps answers final, and scores ability at the end", async () => {
    const u = await candidate();
    const res = await t.call("POST", `${P}/quiz/create`, { token: u.token, body: { mock: "adaptive" } });
    expect(res.statusCode).toBe(200);
    let quiz = res.json().model;
    expect(quiz.mock).toBe("adaptive");
    expect(quiz.questions).toHaveLength(1);
    expect(quiz.timeLimitSeconds).toBe(120 * 60);
    expect(quiz.complete).toBe(false);
    for (let k = 0; k < 5; k++) {
      const q = quiz.questions.at(-1);
      const saved = await t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
        token: u.token,
        body: { answers: [{ questionId: q.questionId, response: await rightAnswer(quiz.id, q.questionId) }] },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().complete).toBe(false);
      quiz = (await t.call("GET", `${P}/quiz/get/${quiz.id}`, { token: u.token })).json().model;
      expect(quiz.questions).toHaveLength(k + 2);
    }
    // The questions so far are all different, and five right answers lead to harder ones.
    expect(new Set(quiz.questions.map((q: { questionId: string }) => q.questionId)).size).toBe(6);
    const first = quiz.questions[0];
    const again = await t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
      token: u.token,
      body: { answers: [{ questionId: first.questionId, response: await rightAnswer(quiz.id, first.questionId) }] },
    });
    expect(again.statusCode).toBe(409);
    // Resuming: the same open adaptive exam comes back.
    const resumed = await t.call("POST", `${P}/quiz/create`, { token: u.token, body: { mock: "adaptive" } });
    expect(resumed.json()).toMatchObject({ resumed: true, model: { id: quiz.id } });
    expect(quiz).toMatchObject({ minQuestions: 70, maxQuestions: 120 });
    // No finishing before the minimum: the server says why and how far there is to go.
    const early = await t.call("POST", `${P}/quiz/submit/${quiz.id}`, { token: u.token });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/at least 70 answers: you have given 5, 65 to go/);
    // Every answer right: after the minimum the interval lies above the cut and the exam is complete.
    let complete = false;
    while (!complete) {
      const q = quiz.questions.at(-1);
      const saved = await t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
        token: u.token,
        body: { answers: [{ questionId: q.questionId, response: await rightAnswer(quiz.id, q.questionId) }] },
      });
      complete = saved.json().complete;
      quiz = (await t.call("GET", `${P}/quiz/get/${quiz.id}`, { token: u.token })).json().model;
      expect(quiz.questions.length).toBeLessThanOrEqual(120);
    }
    expect(quiz.questions).toHaveLength(70);
    expect(quiz.complete).toBe(true);
    const done = (await t.call("POST", `${P}/quiz/submit/${quiz.id}`, { token: u.token })).json().model;
    expect(done.examResult).toMatchObject({ decision: "pass", decidedBy: "confidence" });
    expect(done.examResult.ability).toBeGreaterThan(done.examResult.cut);
    expect(done.examResult.confidence).toBeGreaterThan(0.95);
    expect(done.examResult.summary).toMatch(/^Likely pass: \d+ % sure/);
    expect(done.examResult.studyNext.length).toBeGreaterThan(0);
  }, 120_000);

  it("leaves out what the candidate practised in the last 30 days, and starts near the cut at random", async () => {
    const u = await candidate();
    const practice = (
      await t.call("POST", `${P}/quiz/create`, { token: u.token, body: { mode: "practice", length: 20, themes: ["airway-breathing"] } })
    ).json().model;
    for (const q of practice.questions)
      await t.call("PUT", `${P}/quiz/update/${practice.id}`, {
        token: u.token,
        body: { answers: [{ questionId: q.questionId, response: await rightAnswer(practice.id, q.questionId) }] },
      });
    const practised = new Set(practice.questions.map((q: { questionId: string }) => q.questionId));
    const track = (await service.listTracks(t.db)).find((x) => x.slug === "ems")!;
    const pool = await adaptivePool(t.db, track, undefined, u.user_id, new Date());
    const ids = new Set(
      (await t.db.select({ id: questions.id, contentId: questions.contentId }).from(questions))
        .map((r) => [r.id, r.contentId])
        .filter(([id]) => pool.some((p) => p.id === id))
        .map(([, c]) => c),
    );
    for (const c of practised) expect(ids.has(c as string)).toBe(false);
    expect(ids.size).toBeGreaterThan(300);
    // Thirty days later they are back.
    const later = await adaptivePool(t.db, track, undefined, u.user_id, new Date(Date.now() + 31 * 86_400_000));
    expect(later.length).toBe(pool.length + practised.size);
    // Different candidates start on different questions.
    const firsts = new Set<string>();
    for (let k = 0; k < 6; k++) {
      const c = await candidate();
      firsts.add(
        (await t.call("POST", `${P}/quiz/create`, { token: c.token, body: { mock: "adaptive" } })).json().model.questions[0].questionId,
      );
    }
    expect(firsts.size).toBeGreaterThan(1);
  }, 60_000);

  it("gives every item of the adaptive pool the lower asymptote of its format (decision 0033)", async () => {
    const u = await candidate();
    const track = (await service.listTracks(t.db)).find((x) => x.slug === "ems")!;
    const pool = await adaptivePool(t.db, track, undefined, u.user_id, new Date());
    const byType = (type: string) => pool.filter((q) => q.type === type);
    for (const type of ["single", "true_false", "numeric", "ordering", "multiple"]) expect(byType(type).length).toBeGreaterThan(0);
    for (const q of byType("single")) expect(q.c).toBeCloseTo(1 / q.optionIds.length, 9);
    for (const q of byType("true_false")) expect(q.c).toBe(0.5);
    for (const type of ["numeric", "ordering", "multiple"]) for (const q of byType(type)) expect(q.c).toBe(0);
  });
});
