import { randomUUID } from "node:crypto";
import type { OfflinePack, OfflinePackItem } from "@academy/contract/offline";
import type { AnswerResponse } from "@academy/contract/quiz";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { answers, offlinePacks, questionReviews, questions } from "../../db/schema/quiz.ts";
import { createTestApp } from "../../test/app.ts";
import { adaptivePool } from "./mock-exam.ts";
import * as service from "./service.ts";
import { quizHelpers } from "./test-helpers.ts";

// Offline practice (decision 32): the pack call and the sync call, through HTTP.

const t = await createTestApp();
const { P, newUser, create } = quizHelpers(t);
await t.signUp("admin");

async function download(token: string, size: 50 | 100 = 50) {
  const res = await t.call("POST", `${P}/quiz/offline/pack`, { token, body: { size } });
  return { res, pack: res.json().model as OfflinePack };
}

const right = (item: OfflinePackItem): AnswerResponse => item.key.correct as AnswerResponse;
/** A response of the item's shape that its key marks wrong. */
function wrong(item: OfflinePackItem): AnswerResponse {
  const c = item.key.correct;
  if ("choice" in c) return { choice: item.options.find((o) => o.id !== c.choice)!.id };
  if ("choices" in c)
    return {
      choices: c.choices
        .slice(0, Math.max(1, c.choices.length - 1))
        .concat(c.choices.length === 1 ? [item.options.find((o) => !c.choices.includes(o.id))!.id] : []),
    };
  if ("order" in c) return { order: [...c.order].reverse() };
  return { value: c.value + (item.key.numeric?.tolerance ?? 0) + 1 };
}

function answer(pack: OfflinePack, item: OfflinePackItem, response: AnswerResponse, session: string, at = new Date()) {
  return { id: randomUUID(), packId: pack.id, session, questionId: item.questionId, response, answeredAt: at.toISOString(), seconds: 30 };
}

const sync = (token: string, batch: unknown[]) => t.call("POST", `${P}/quiz/offline/sync`, { token, body: { answers: batch } });

async function recordedFor(userId: number) {
  return t.db
    .select({
      clientId: answers.clientId,
      quizId: answers.quizId,
      isCorrect: answers.isCorrect,
      evidence: answers.evidence,
      questionId: answers.questionId,
    })
    .from(answers)
    .where(and(eq(answers.userId, userId), isNotNull(answers.clientId)));
}

describe("practice packs", () => {
  it("carries what the player needs offline: stems, options, keys, explanations, pictures inline; due reviews first", async () => {
    const u = await newUser();
    // Two questions due for review, one of them with a picture: they lead the pack.
    const [pictured] = await t.db
      .select()
      .from(questions)
      .where(and(sql`${questions.image} is not null`, sql`${questions.tracks} @> '["ems"]'::jsonb`, eq(questions.status, "active")))
      .limit(1);
    const [plain] = await t.db
      .select()
      .from(questions)
      .where(and(sql`${questions.image} is null`, sql`${questions.tracks} @> '["ems"]'::jsonb`, eq(questions.status, "active")))
      .limit(1);
    const past = new Date(Date.now() - 3 * 86_400_000);
    for (const q of [pictured!, plain!])
      await t.db
        .insert(questionReviews)
        .values({ userId: u.user_id, questionId: q.id, card: {}, dueAt: past, lastCorrect: false, lastSeenAt: past });

    const { res, pack } = await download(u.token, 50);
    expect(res.statusCode, res.body).toBe(200);
    expect(pack.items).toHaveLength(50);
    expect(pack.track).toBe("ems");
    const ids = pack.items.map((i) => i.questionId);
    expect(new Set(ids).size).toBe(50);
    expect(ids).toEqual(expect.arrayContaining([pictured!.contentId, plain!.contentId]));
    const withPicture = pack.items.find((i) => i.questionId === pictured!.contentId)!;
    expect(withPicture.image?.url).toMatch(/^data:image\/(svg\+xml|png);base64,/);
    expect(withPicture.image?.alt).toBe(pictured!.image!.alt);
    for (const item of pack.items) {
      expect(item.stem).not.toMatch(/\{[a-z_]+\}/);
      expect(item.key.explanation.length).toBeGreaterThan(0);
      expect(item.key.correct).toBeTruthy();
      if (item.type !== "numeric") expect(item.options.length).toBeGreaterThan(1);
    }
    // The pack is the candidate's: stored on the server with its numbers, for grading synced answers.
    const [row] = await t.db.select().from(offlinePacks).where(eq(offlinePacks.id, pack.id));
    expect(row?.userId).toBe(u.user_id);
  });

  it("never carries a question of the candidate's unfinished mock exam", async () => {
    const u = await newUser();
    const mock = await create(u.token, { mock: "fixed", seed: 11 });
    expect(mock.res.statusCode).toBe(200);
    const mockIds = new Set(mock.quiz.questions.map((q) => q.questionId));
    expect(mockIds.size).toBe(120);
    const { res, pack } = await download(u.token, 100);
    expect(res.statusCode, res.body).toBe(200);
    expect(pack.items.length).toBeGreaterThan(0);
    expect(pack.items.filter((i) => mockIds.has(i.questionId))).toEqual([]);
    // A pack is never a way to a mock exam: the call takes a size and nothing else.
    const asMock = await t.call("POST", `${P}/quiz/offline/pack`, { token: u.token, body: { size: 50, mock: "fixed" } });
    expect(asMock.statusCode).toBe(400);
  });

  it("keeps a pack's questions out of the candidate's adaptive mock exams for 30 days, as practised ones", async () => {
    const u = await newUser();
    const { pack } = await download(u.token, 50);
    const packed = new Set(pack.items.map((i) => i.questionId));
    const contentIds = new Map(
      (await t.db.select({ id: questions.id, contentId: questions.contentId }).from(questions)).map((q) => [q.id, q.contentId]),
    );
    const track = (await service.listTracks(t.db)).find((x) => x.slug === "ems")!;
    const pool = await adaptivePool(t.db, track, undefined, u.user_id, new Date());
    expect(pool.length).toBeGreaterThan(0);
    expect(pool.filter((q) => packed.has(contentIds.get(q.id)!))).toEqual([]);
    const later = await adaptivePool(t.db, track, undefined, u.user_id, new Date(Date.now() + 31 * 86_400_000));
    expect(later.filter((q) => packed.has(contentIds.get(q.id)!)).length).toBe(packed.size);
  });

  it("takes one of the Free plan's weekly quizzes, and is refused when they are used up", async () => {
    const u = await newUser();
    expect((await download(u.token)).res.statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await create(u.token, { length: 5, new: true })).res.statusCode).toBe(200);
    const refused = await download(u.token);
    expect(refused.res.statusCode).toBe(402);
    expect(refused.res.json()).toMatchObject({
      code: "QUIZ_LIMIT",
      message: expect.stringMatching(/Free plan includes 3 quizzes per week/),
    });
    const oddSize = await t.call("POST", `${P}/quiz/offline/pack`, { token: u.token, body: { size: 75 } });
    expect(oddSize.statusCode).toBe(400);
    expect(oddSize.json().message).toBe("size: Choose a pack of 50 or 100 questions");
  });
});

describe("syncing answers given offline", () => {
  it("records each answer once: a replayed batch, or one cut off and sent again, doubles nothing", async () => {
    const u = await newUser();
    const { pack } = await download(u.token);
    const session = randomUUID();
    const [a, b, c, d] = pack.items;
    const start = Date.now() - 60_000;
    const batch = [
      answer(pack, a!, right(a!), session, new Date(start)),
      answer(pack, b!, wrong(b!), session, new Date(start + 1000)),
      answer(pack, c!, right(c!), session, new Date(start + 2000)),
      answer(pack, d!, wrong(d!), session, new Date(start + 3000)),
    ];
    // The first two arrive, then the connection drops; the device sends the whole batch again, twice.
    const first = await sync(u.token, batch.slice(0, 2));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ recorded: 2, skipped: 0 });
    const again = await sync(u.token, batch);
    expect(again.json()).toMatchObject({ recorded: 2, skipped: 2, ids: batch.map((x) => x.id) });
    expect((await sync(u.token, batch)).json()).toMatchObject({ recorded: 0, skipped: 4 });

    const rows = await recordedFor(u.user_id);
    expect(rows.map((r) => r.clientId).sort()).toEqual(batch.map((x) => x.id).sort());
    expect(rows.filter((r) => r.isCorrect)).toHaveLength(2);
    // One offline quiz: one finished practice quiz in the history, scored on what was answered.
    expect(new Set(rows.map((r) => r.quizId)).size).toBe(1);
    const list = (await t.call("GET", `${P}/quiz/list`, { token: u.token })).json().list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      title: "Offline practice",
      mode: "practice",
      status: "submitted",
      total: 4,
      answered: 4,
      correctCount: 2,
      score: 0.5,
    });
    const quiz = (await t.call("GET", `${P}/quiz/get/${list[0].id}`, { token: u.token })).json().model;
    expect(quiz.questions.map((q: { questionId: string }) => q.questionId)).toEqual([a, b, c, d].map((x) => x!.questionId));
    expect(quiz.questions[1].review.isCorrect).toBe(false);

    // The missed ones are on the review schedule, as a submitted practice quiz puts them.
    const reviews = await t.db.select().from(questionReviews).where(eq(questionReviews.userId, u.user_id));
    const missed = rows.filter((r) => !r.isCorrect).map((r) => r.questionId);
    expect(reviews.map((r) => r.questionId).sort()).toEqual(missed.sort());
    for (const r of reviews) expect(r.dueAt.getTime()).toBeGreaterThan(Date.now());
    // And every answer is evidence for readiness (first answers), which now counts them.
    expect(rows.every((r) => r.evidence)).toBe(true);
    const progress = (await t.call("GET", `${P}/quiz/progress`, { token: u.token })).json();
    expect(JSON.stringify(progress)).toContain(String(list[0].id));
  });

  it("records answers in order: a question answered in two offline quizzes is scheduled from both, the second not evidence", async () => {
    const u = await newUser();
    const { pack } = await download(u.token);
    const item = pack.items[0]!;
    const t0 = Date.now() - 120_000;
    const s1 = randomUUID();
    const s2 = randomUUID();
    const res = await sync(u.token, [
      answer(pack, item, wrong(item), s1, new Date(t0)),
      answer(pack, pack.items[1]!, right(pack.items[1]!), s1, new Date(t0 + 1000)),
      answer(pack, item, right(item), s2, new Date(t0 + 60_000)),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recorded).toBe(3);
    const rows = await t.db
      .select({ quizId: answers.quizId, evidence: answers.evidence, answeredAt: answers.answeredAt, rating: answers.rating })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(and(eq(answers.userId, u.user_id), eq(questions.contentId, item.questionId)))
      .orderBy(answers.answeredAt);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.quizId).not.toBe(rows[1]!.quizId);
    expect(rows.map((r) => r.evidence)).toEqual([true, false]);
    // Rated Again then Good: the second answer was scheduled on the card the first one made.
    expect(rows.map((r) => r.rating)).toEqual([1, 3]);
    const [card] = await t.db.select().from(questionReviews).where(eq(questionReviews.userId, u.user_id));
    expect(card!.lastCorrect).toBe(true);
    expect((card!.card as { reps: number }).reps).toBe(2);
    expect((await t.call("GET", `${P}/quiz/list`, { token: u.token })).json().list).toHaveLength(2);
  });

  it("refuses bad input with a message and records nothing of the batch", async () => {
    const u = await newUser();
    const { pack } = await download(u.token);
    const s = randomUUID();
    const good = answer(pack, pack.items[0]!, right(pack.items[0]!), s);
    const cases: [unknown[], RegExp][] = [
      [[{ ...good, id: "not-a-uuid" }], /UUID/],
      [[good, { ...answer(pack, pack.items[1]!, right(pack.items[1]!), s), questionId: "no-such-question" }], /not part of practice pack/],
      [[good, answer(pack, pack.items[1]!, { order: ["x"] }, s)], /./],
      [[good, { ...good }], /appears twice/],
      [[{ ...good, answeredAt: new Date(Date.now() + 3_600_000).toISOString() }], /future/],
    ];
    for (const [batch, message] of cases) {
      const res = await sync(u.token, batch);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.call("POST", `${P}/quiz/offline/sync`, { token: u.token, body: { answers: [] } })).statusCode).toBe(400);
    expect(await recordedFor(u.user_id)).toEqual([]);
    expect((await t.call("POST", `${P}/quiz/offline/sync`, { body: { answers: [good] } })).statusCode).toBe(401);
  });

  it("refuses another candidate's pack, and keeps each candidate's answer ids apart", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { pack } = await download(owner.token);
    const item = pack.items[0]!;
    const theirs = answer(pack, item, right(item), randomUUID());
    const refused = await sync(other.token, [theirs]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/not found/);
    expect(await recordedFor(other.user_id)).toEqual([]);
    expect(await recordedFor(owner.user_id)).toEqual([]);

    // The same device id from two candidates: each records their own, neither skips the other's.
    const own = await download(other.token);
    const ok = await sync(owner.token, [theirs]);
    expect(ok.json().recorded).toBe(1);
    const second = await sync(other.token, [
      { ...theirs, packId: own.pack.id, questionId: own.pack.items[0]!.questionId, response: right(own.pack.items[0]!) },
    ]);
    expect(second.json().recorded, second.body).toBe(1);
    expect((await recordedFor(owner.user_id)).map((r) => r.clientId)).toEqual([theirs.id]);
    expect((await recordedFor(other.user_id)).map((r) => r.clientId)).toEqual([theirs.id]);
  });
});
