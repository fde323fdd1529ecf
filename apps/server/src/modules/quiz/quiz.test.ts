import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { packages as packagesTable } from "../../db/schema/packages.ts";
import { answers, questionReviews, questions, quizzes } from "../../db/schema/quiz.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { quizQuestion, wrongResponse } from "../../test/quiz-answers.ts";
import { correctResponse } from "./scoring.ts";

const t = await createTestApp();
const P = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;
/** The first account to sign up as admin becomes it; later ones need an invitation. */
const admin = await t.signUp("admin");

type Q = { questionId: string; type: string; options: { id: string; text: string }[]; review?: unknown; feedback?: unknown };

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

describe("content in the database", () => {
  it("has the tracks with blueprints and every theme's questions", async () => {
    const u = await newUser();
    const res = await t.call("GET", `${P}/quiz/tracks`, { token: u.token });
    expect(res.statusCode).toBe(200);
    const list = res.json().list as { slug: string; themes: { questionCount: number; weight: number }[] }[];
    expect(list.map((x) => x.slug).sort()).toEqual(["dispatch", "ems", "fire-rescue", "water-rescue"]);
    for (const track of list) {
      expect(track.themes.reduce((n, th) => n + th.weight, 0)).toBe(100);
      expect(track.themes.every((th) => th.questionCount >= 15)).toBe(true);
    }
  });
});

describe("creating and taking a quiz", () => {
  it("never sends keys or explanations before submit, in the create answer or on get", async () => {
    const u = await newUser();
    const { res, quiz } = await create(u.token, { length: 20, mode: "exam", seed: 7 });
    expect(res.statusCode).toBe(200);
    expect(quiz.questions).toHaveLength(20);
    const get = await t.call("GET", `${P}/quiz/get/${quiz.id}`, { token: u.token });
    for (const body of [res.body, get.body]) {
      expect(body).not.toMatch(/"correct"|"explanation"|"tolerance"|"answer":|"source"/);
    }
  });

  it("is reproducible for a seed and holds no duplicates", async () => {
    const a = await newUser();
    const b = await newUser();
    const qa = (await create(a.token, { length: 30, seed: 99 })).quiz;
    const qb = (await create(b.token, { length: 30, seed: 99 })).quiz;
    expect(qa.questions.map((q) => q.questionId)).toEqual(qb.questions.map((q) => q.questionId));
    expect(new Set(qa.questions.map((q) => q.questionId)).size).toBe(30);
  });

  it("scores every type right and wrong, resumes answers on reload, and reviews after submit", async () => {
    const u = await newUser({ track: "ems" });
    const { quiz } = await create(u.token, { length: 40, mode: "exam", seed: 3 });
    const types = new Set(quiz.questions.map((q) => q.type));
    expect([...types].sort()).toEqual(["multiple", "numeric", "ordering", "single", "true_false"]);
    // Right answers to the first of each type, wrong answers to the second of each type.
    const plan = new Map<string, boolean>();
    const seenType = new Map<string, number>();
    const batch = [];
    for (const q of quiz.questions) {
      const n = seenType.get(q.type) ?? 0;
      if (n >= 2) continue;
      seenType.set(q.type, n + 1);
      const { q: row, right } = await keyOf(quiz.id, q.questionId);
      const isRight = n === 0;
      plan.set(q.questionId, isRight);
      batch.push({ questionId: q.questionId, response: isRight ? right : wrongResponse(row) });
    }
    const save = await t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
      token: u.token,
      body: { answers: batch, position: 4, flags: [{ questionId: batch[0]!.questionId, flagged: true }] },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().feedback).toEqual([]);

    // A reload: everything given is there.
    const again = (await t.call("GET", `${P}/quiz/get/${quiz.id}`, { token: u.token })).json().model;
    expect(again.position).toBe(4);
    expect(again.answered).toBe(batch.length);
    const byId = new Map((again.questions as (Q & { response: unknown; flagged: boolean })[]).map((q) => [q.questionId, q]));
    for (const a of batch) expect(byId.get(a.questionId)!.response).toEqual(a.response);
    expect(byId.get(batch[0]!.questionId)!.flagged).toBe(true);

    const submit = await t.call("POST", `${P}/quiz/submit/${quiz.id}`, { token: u.token });
    expect(submit.statusCode).toBe(200);
    const result = submit.json().model;
    expect(result.status).toBe("submitted");
    expect(result.correctCount).toBe(5);
    expect(result.score).toBeCloseTo(5 / 40);
    for (const q of result.questions as (Q & { review: { isCorrect: boolean; explanation: string; options: unknown[] } })[]) {
      expect(q.review.explanation.length).toBeGreaterThan(0);
      if (plan.has(q.questionId)) expect(q.review.isCorrect).toBe(plan.get(q.questionId));
      else expect(q.review.isCorrect).toBe(false);
    }
    expect((result.breakdown as { total: number }[]).reduce((n, b) => n + b.total, 0)).toBe(40);

    // Only missed questions are scheduled (unanswered ones count as missed only in the score),
    // a day later, not minutes: a right first answer is not brought back.
    const cards = await t.db.select().from(questionReviews).where(eq(questionReviews.userId, u.user_id));
    const missed = [...plan.entries()].filter(([, right]) => !right).map(([id]) => id);
    expect(cards).toHaveLength(missed.length);
    expect(cards.every((c) => !c.lastCorrect)).toBe(true);
    for (const c of cards) expect(c.dueAt.getTime() - Date.now()).toBeGreaterThan(86_400_000 - 120_000);
    const rated = await t.db.select().from(answers).where(eq(answers.quizId, quiz.id));
    for (const a of rated) expect(a.rating).toBe(a.isCorrect ? null : 1);

    // PDF of the result.
    const pdf = await t.call("GET", `${P}/quiz/result/${quiz.id}/pdf`, { token: u.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toMatch(/attachment; filename="quiz-\d+-result\.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.rawPayload.toString("latin1")).toContain("Score 13%");
  });

  it("gives feedback at once in practice mode and keeps the answer final", async () => {
    const u = await newUser();
    const { quiz } = await create(u.token, { length: 5, mode: "practice", seed: 1 });
    const first = quiz.questions[0]!;
    const { right } = await keyOf(quiz.id, first.questionId);
    const res = await t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
      token: u.token,
      body: { answers: [{ questionId: first.questionId, response: right }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().feedback[0].review.isCorrect).toBe(true);
    // Only the answered question carries feedback; the others stay closed.
    const model = (await t.call("GET", `${P}/quiz/get/${quiz.id}`, { token: u.token })).json().model;
    expect(model.questions[0].feedback.isCorrect).toBe(true);
    expect(JSON.stringify(model.questions.slice(1))).not.toMatch(/"correct"|"explanation"/);
    const change = await t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
      token: u.token,
      body: { answers: [{ questionId: first.questionId, response: right }] },
    });
    expect(change.statusCode).toBe(409);
  });

  it("shows a candidate the global questions and their own region's, never another region's", async () => {
    const u = await newUser({ track: "fire-rescue", region: "europe" });
    const { quiz } = await create(u.token, { themes: ["extinguishing-agents"], length: 25, seed: 4 });
    const rows = await t.db
      .select()
      .from(questions)
      .where(
        inArray(
          questions.contentId,
          quiz.questions.map((q) => q.questionId),
        ),
      );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.region === "global" || r.region === "europe")).toBe(true);
  });

  it("a UK candidate also meets the European systems the UK follows; no region means only what holds everywhere", async () => {
    const regionsOf = async (quizQuestions: { questionId: string }[]) =>
      (
        await t.db
          .select({ region: questions.region })
          .from(questions)
          .where(
            inArray(
              questions.contentId,
              quizQuestions.map((q) => q.questionId),
            ),
          )
      ).map((r) => r.region);
    // The theme's whole pool for each candidate: 29 global, 4 European, 2 UK, 5 North American questions
    // (the NFPA 10 inspection item is North American).
    const uk = await newUser({ track: "fire-rescue", region: "uk" });
    const ukRegions = await regionsOf((await create(uk.token, { themes: ["extinguishing-agents"], length: 36, seed: 5 })).quiz.questions);
    expect(new Set(ukRegions)).toEqual(new Set(["global", "europe", "uk"]));
    const anywhere = await newUser({ track: "fire-rescue", region: "global" });
    const globalRegions = await regionsOf(
      (await create(anywhere.token, { themes: ["extinguishing-agents"], length: 30, seed: 5 })).quiz.questions,
    );
    expect(globalRegions.length).toBe(29);
    expect(new Set(globalRegions)).toEqual(new Set(["global"]));
  });

  it("retries only the missed questions", async () => {
    const u = await newUser();
    const { quiz } = await create(u.token, { length: 5, seed: 11 });
    const first = quiz.questions[0]!;
    const { right } = await keyOf(quiz.id, first.questionId);
    await t.call("PUT", `${P}/quiz/update/${quiz.id}`, {
      token: u.token,
      body: { answers: [{ questionId: first.questionId, response: right }] },
    });
    await t.call("POST", `${P}/quiz/submit/${quiz.id}`, { token: u.token });
    const retry = await create(u.token, { retryOf: quiz.id });
    expect(retry.res.statusCode).toBe(200);
    expect(retry.quiz.questions.map((q) => q.questionId).sort()).toEqual(
      quiz.questions
        .slice(1)
        .map((q) => q.questionId)
        .sort(),
    );
  });
});

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

describe("onboarding, preview and dashboard", () => {
  it("saves the profile, refuses unknown themes, previews the mix without keys", async () => {
    const u = await newUser(null as never);
    const save = await t.call("PUT", `${P}/onboarding`, {
      token: u.token,
      body: { track: "water-rescue", targetExamDate: "2027-03-01", region: "europe", experience: "volunteer", weeklyHours: 6 },
    });
    expect(save.statusCode).toBe(200);
    expect((await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { themes: ["not-a-theme"] } })).statusCode).toBe(400);
    const got = (await t.call("GET", `${P}/onboarding`, { token: u.token })).json().model;
    expect(got).toMatchObject({ track: "water-rescue", region: "europe", weeklyHours: 6 });
    expect(got.themes).toBeUndefined();

    const themes = ["drowning-physiology", "water-rescue-techniques"];
    const preview = await t.call("POST", `${P}/quiz/preview`, { token: u.token, body: { themes, length: 10, difficulty: "adaptive" } });
    expect(preview.statusCode).toBe(200);
    const model = preview.json().model;
    expect(model.total).toBe(10);
    expect(model.mix.map((m: { theme: string }) => m.theme)).toEqual(themes);
    expect(model.samples).toHaveLength(2);
    expect(preview.body).not.toMatch(/"correct"|"explanation"/);
  });

  it("shows no readiness before 20 answers over the blueprint, then the figure with its band and pass probability", async () => {
    const u = await newUser();
    const before = (await t.call("GET", `${P}/dashboard`, { token: u.token })).json().model;
    expect(before.readiness).toMatchObject({ answered: 0, needed: 20, estimate: null, passMark: 0.7 });
    const { quiz } = await create(u.token, { length: 30, mode: "practice", seed: 21 });
    const batch = [];
    for (const q of quiz.questions) batch.push({ questionId: q.questionId, response: (await keyOf(quiz.id, q.questionId)).right });
    // 10 answers are not enough: still no figure.
    await t.call("PUT", `${P}/quiz/update/${quiz.id}`, { token: u.token, body: { answers: batch.slice(0, 10) } });
    const early = (await t.call("GET", `${P}/dashboard`, { token: u.token })).json().model;
    expect(early.readiness.answered).toBe(10);
    expect(early.readiness.estimate).toBeNull();
    await t.call("PUT", `${P}/quiz/update/${quiz.id}`, { token: u.token, body: { answers: batch.slice(10) } });
    await t.call("POST", `${P}/quiz/submit/${quiz.id}`, { token: u.token });
    const after = (await t.call("GET", `${P}/dashboard`, { token: u.token })).json().model;
    expect(after.readiness.answered).toBe(30);
    const e = after.readiness.estimate;
    // Thirty right answers: a high expected score, a band around it, a good chance to pass.
    expect(e.readiness).toBeGreaterThan(0.7);
    expect(e.low).toBeLessThan(e.readiness);
    expect(e.high).toBeGreaterThan(e.readiness);
    expect(e.passProbability).toBeGreaterThan(0.5);
    expect(e.se).toBeGreaterThan(0);
    expect(after.recent[0].id).toBe(quiz.id);
    expect(after.quota).toMatchObject({ packageName: "Free", quizzesPerWeek: 3, usedThisWeek: 1 });
    const progress = (await t.call("GET", `${P}/quiz/progress`, { token: u.token })).json();
    expect(progress.trend).toHaveLength(1);
    expect(progress.attempts).toHaveLength(1);
  });
});

describe("seed", () => {
  it("reloads the content only when the files changed", async () => {
    const { seedQuizContentIfChanged } = await import("../../db/seed/quiz-content.ts");
    expect(await seedQuizContentIfChanged(t.db)).toBe(true);
    expect(await seedQuizContentIfChanged(t.db)).toBe(false);
  });

  it("retires questions removed from the files, and gives them back the status they had when they return", async () => {
    const { seedQuizContent } = await import("../../db/seed/quiz-content.ts");
    const { readContent } = await import("../../db/seed/content.ts");
    const content = await readContent();
    const theme = content.themes[0]!;
    const [active, onReview, staffRetired] = theme.questions.slice(-3).map((q) => q.id);
    const statusOf = async (contentId: string) =>
      (await t.db.select({ status: questions.status }).from(questions).where(eq(questions.contentId, contentId)))[0]!.status;
    const setStatus = async (contentId: string, status: string) => {
      const [row] = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.contentId, contentId));
      const res = await t.call("PUT", `${P}/quiz/admin/questions/${row!.id}/status`, { token: admin.token, body: { status } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setStatus(onReview!, "review");
    await setStatus(staffRetired!, "retired");

    const removed = theme.questions.splice(-3);
    await seedQuizContent(t.db, content);
    for (const id of [active!, onReview!, staffRetired!]) expect(await statusOf(id), id).toBe("retired");
    // Past answers keep pointing at retired questions: they are never deleted.
    expect(
      await t.db
        .select()
        .from(questions)
        .where(inArray(questions.contentId, [active!, onReview!, staffRetired!])),
    ).toHaveLength(3);

    theme.questions.push(...removed);
    await seedQuizContent(t.db, content);
    expect(await statusOf(active!)).toBe("active");
    // Staff decisions stand: the files never overrule them.
    expect(await statusOf(onReview!)).toBe("review");
    expect(await statusOf(staffRetired!)).toBe("retired");

    // A question staff reactivate while it is out of the files is theirs too.
    theme.questions.splice(-3);
    await seedQuizContent(t.db, content);
    await setStatus(active!, "retired");
    theme.questions.push(...removed);
    await seedQuizContent(t.db, content);
    expect(await statusOf(active!)).toBe("retired");
    await setStatus(active!, "active");
  });
});
