import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { answers, questionReviews, questions } from "../../db/schema/quiz.ts";
import { createTestApp } from "../../test/app.ts";
import { wrongResponse } from "../../test/quiz-answers.ts";
import { type Q, quizHelpers } from "./test-helpers.ts";

const t = await createTestApp();
const { P, newUser, create, keyOf } = quizHelpers(t);
/** The first account to sign up as admin becomes it; later ones need an invitation. */
const admin = await t.signUp("admin");

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
