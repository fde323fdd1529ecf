import { and, eq } from "drizzle-orm";
import { Rating } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { answers, calibrationRuns, itemCalibrations, questionReviews, questions, quizzes } from "../../db/schema/quiz.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { quizQuestion, rightResponse, wrongResponse } from "../../test/quiz-answers.ts";
import { refitDue } from "./calibration.ts";
import { calibrationAnswers, questionLevels } from "./calibration-repo.ts";
import { reviewShareFor } from "./generate.ts";
import { guessingOf, seedDifficulty } from "./irt.ts";
import { startOfReviewDay } from "./review-session.ts";
import { DAY_MS, dueReviewSession, isEvidence, MAX_INTERVAL_DAYS, nextCard, ratingFor, shouldSchedule } from "./schedule.ts";
import { correctResponse } from "./scoring.ts";
import { createQuiz, dashboard, refitItems, submitQuiz, updateQuiz } from "./service.ts";

describe("spaced-repetition rules", () => {
  it("rates wrong as Again, right as Good, right and fast as Easy (never Easy when unsure)", () => {
    expect(ratingFor({ isCorrect: false, unsure: false, seconds: 3, difficulty: 1 })).toBe(Rating.Again);
    expect(ratingFor({ isCorrect: true, unsure: false, seconds: null, difficulty: 3 })).toBe(Rating.Good);
    expect(ratingFor({ isCorrect: true, unsure: false, seconds: 40, difficulty: 3 })).toBe(Rating.Good);
    expect(ratingFor({ isCorrect: true, unsure: false, seconds: 10, difficulty: 3 })).toBe(Rating.Easy);
    expect(ratingFor({ isCorrect: true, unsure: true, seconds: 10, difficulty: 3 })).toBe(Rating.Good);
  });

  it("schedules misses and unsure answers only, with learning steps of a day", () => {
    expect(shouldSchedule({ isCorrect: true, unsure: false, seconds: 5, difficulty: 2 }, false)).toBe(false);
    expect(shouldSchedule({ isCorrect: false, unsure: false, seconds: 5, difficulty: 2 }, false)).toBe(true);
    expect(shouldSchedule({ isCorrect: true, unsure: true, seconds: 5, difficulty: 2 }, false)).toBe(true);
    expect(shouldSchedule({ isCorrect: true, unsure: false, seconds: 5, difficulty: 2 }, true)).toBe(true);
    const at = new Date("2026-11-01T10:00:00Z");
    const missed = nextCard(null, { isCorrect: false, unsure: false, seconds: null, difficulty: 3 }, at);
    expect(missed.due.getTime() - at.getTime()).toBe(DAY_MS);
    // A lapse again after a day: back a day later, never ten minutes.
    const again = nextCard(
      JSON.parse(JSON.stringify(missed)),
      { isCorrect: false, unsure: false, seconds: null, difficulty: 3 },
      missed.due,
    );
    expect(again.due.getTime() - missed.due.getTime()).toBeGreaterThanOrEqual(DAY_MS);
    // Right at the review: graduates to days ahead.
    const good = nextCard(JSON.parse(JSON.stringify(missed)), { isCorrect: true, unsure: false, seconds: null, difficulty: 3 }, missed.due);
    expect(good.due.getTime() - missed.due.getTime()).toBeGreaterThanOrEqual(DAY_MS);
  });

  it("caps every interval at a sane maximum and at the candidate's exam date", () => {
    const at = new Date("2026-11-01T10:00:00Z");
    const fast = { isCorrect: true, unsure: false, seconds: 3, difficulty: 3 };
    let card = nextCard(null, { ...fast, isCorrect: false }, at);
    let when = card.due;
    const gaps: number[] = [];
    for (let k = 0; k < 5; k++) {
      card = nextCard(JSON.parse(JSON.stringify(card)), fast, when);
      gaps.push((card.due.getTime() - when.getTime()) / DAY_MS);
      when = card.due;
    }
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MAX_INTERVAL_DAYS);
    // With the exam 20 days ahead, nothing is scheduled after it (yet at least a day ahead).
    const exam = new Date(at.getTime() + 20 * DAY_MS);
    const good = nextCard(null, fast, at, exam);
    const later = nextCard(JSON.parse(JSON.stringify(good)), fast, good.due, exam);
    expect(good.due.getTime()).toBeLessThan(exam.getTime());
    expect(later.due.getTime()).toBeLessThanOrEqual(exam.getTime());
    // Answered two days before the exam: due on the exam day at the latest, still a day or more ahead.
    const close = new Date(exam.getTime() - 2 * DAY_MS);
    const last = nextCard(JSON.parse(JSON.stringify(later)), fast, close, exam);
    expect(last.due.getTime()).toBeLessThanOrEqual(exam.getTime());
    expect(last.due.getTime() - close.getTime()).toBeGreaterThanOrEqual(DAY_MS);
    // An exam date in the past caps nothing.
    expect(nextCard(null, fast, at, new Date(at.getTime() - DAY_MS)).due).toEqual(nextCard(null, fast, at).due);
  });

  it("builds today's review session oldest first up to the cap, and lets reviews fill practice while they pile up", () => {
    const now = new Date("2026-11-10T10:00:00Z");
    const cards = [5, 1, 3, -2, 8].map((d, i) => ({ questionId: 10 + i, dueAt: new Date(now.getTime() - d * DAY_MS) }));
    expect(dueReviewSession(cards, now, 10)).toEqual([14, 10, 12, 11]);
    expect(dueReviewSession(cards, now, 2)).toEqual([14, 10]);
    expect(dueReviewSession(cards, now, 0)).toEqual([]);
    expect(reviewShareFor(10, 40)).toBeLessThan(0.5);
    expect(reviewShareFor(41, 40)).toBe(1);
  });

  it("counts only a question's first answer in a review period as evidence", () => {
    const t0 = new Date("2026-11-01T10:00:00Z");
    const later = (days: number) => new Date(t0.getTime() + days * DAY_MS);
    expect(isEvidence(null, null, t0)).toBe(true);
    expect(isEvidence(t0, null, later(1))).toBe(false);
    expect(isEvidence(t0, later(2), later(1))).toBe(false);
    expect(isEvidence(t0, later(1), later(1))).toBe(true);
    expect(isEvidence(t0, null, later(30))).toBe(true);
  });
});

const t = await createTestApp();
const P = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;
await t.signUp("admin");

describe("spaced review through the API", () => {
  it("brings back the missed and unsure questions a day later, counts only due ones, and repeats are not evidence", async () => {
    const u = await t.signUp("user");
    expect((await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { track: "ems" } })).statusCode).toBe(200);
    const t0 = new Date(Date.now() - 3 * DAY_MS);
    const { quiz } = await createQuiz(t.db, u.user_id, { length: 6, mode: "practice", seed: 11, new: true }, t0);
    const ids = quiz.questions.map((q) => q.questionId);
    const [missed, unsure, rightFast, rightSlow] = await Promise.all(ids.map((id) => quizQuestion(t.db, quiz.id, id)));
    await updateQuiz(
      t.db,
      u.user_id,
      quiz.id,
      {
        answers: [
          { questionId: missed!.contentId, response: wrongResponse(missed!) },
          { questionId: unsure!.contentId, response: correctResponse(unsure!), unsure: true, seconds: 5 },
          { questionId: rightFast!.contentId, response: correctResponse(rightFast!), seconds: 5 },
          { questionId: rightSlow!.contentId, response: correctResponse(rightSlow!), seconds: 300 },
        ],
      },
      t0,
    );
    await submitQuiz(t.db, u.user_id, quiz.id, t0);

    const cards = await t.db.select().from(questionReviews).where(eq(questionReviews.userId, u.user_id));
    expect(cards.map((c) => c.questionId).sort()).toEqual([missed!.id, unsure!.id].sort());
    const ratings = new Map((await t.db.select().from(answers).where(eq(answers.quizId, quiz.id))).map((a) => [a.questionId, a.rating]));
    expect(ratings.get(missed!.id)).toBe(Rating.Again);
    expect(ratings.get(unsure!.id)).toBe(Rating.Good);
    expect(ratings.get(rightFast!.id)).toBeNull();

    // Nothing is due the same day: the dashboard shows 0 (and the web hides the button).
    expect((await dashboard(t.db, u.user_id, new Date(t0.getTime() + 3_600_000))).dueForReview).toBe(0);
    // The miss is back the next day; the unsure right answer (rated Good) a few days later.
    const nextDay = new Date(t0.getTime() + DAY_MS + 60_000);
    expect((await dashboard(t.db, u.user_id, nextDay)).dueForReview).toBe(1);
    const unsureDue = cards.find((c) => c.questionId === unsure!.id)!.dueAt;
    expect(unsureDue.getTime()).toBeGreaterThan(nextDay.getTime());
    const reviewAt = new Date(unsureDue.getTime() + 60_000);
    expect((await dashboard(t.db, u.user_id, reviewAt)).dueForReview).toBe(2);

    // A retry of the missed question the same day is practice, not evidence.
    const retry = await createQuiz(t.db, u.user_id, { retryOf: quiz.id, new: true }, new Date(t0.getTime() + 60_000));
    const again = retry.quiz.questions.find((q) => q.questionId === missed!.contentId)!;
    await updateQuiz(
      t.db,
      u.user_id,
      retry.quiz.id,
      { answers: [{ questionId: again.questionId, response: await rightResponse(t.db, retry.quiz.id, missed!.contentId) }] },
      new Date(t0.getTime() + 120_000),
    );
    const [retried] = await t.db
      .select()
      .from(answers)
      .where(and(eq(answers.quizId, retry.quiz.id), eq(answers.questionId, missed!.id)));
    expect(retried!.evidence).toBe(false);
    await submitQuiz(t.db, u.user_id, retry.quiz.id, new Date(t0.getTime() + 120_000));

    // The spaced review holds the due questions, and their answers count again.
    const review = await createQuiz(t.db, u.user_id, { reviewDue: true, new: true }, reviewAt);
    expect(review.quiz.questions.map((q) => q.questionId).sort()).toContain(unsure!.contentId);
    await updateQuiz(
      t.db,
      u.user_id,
      review.quiz.id,
      { answers: [{ questionId: unsure!.contentId, response: await rightResponse(t.db, review.quiz.id, unsure!.contentId) }] },
      reviewAt,
    );
    const [reviewed] = await t.db
      .select()
      .from(answers)
      .where(and(eq(answers.quizId, review.quiz.id), eq(answers.questionId, unsure!.id)));
    expect(reviewed!.evidence).toBe(true);
  });
});

describe("item calibration job", () => {
  it("refits answered questions from the evidence, seeded from their level, and records the run", async () => {
    const summary = await refitItems(t.db);
    expect(summary).not.toBeNull();
    expect(summary!.answers).toBeGreaterThan(0);
    const fitted = await t.db.select().from(itemCalibrations);
    expect(fitted.length).toBe(summary!.items);
    const levels = new Map((await t.db.select().from(questions)).map((q) => [q.id, q.difficulty]));
    for (const f of fitted) {
      expect(Number.isFinite(f.difficulty)).toBe(true);
      // A handful of answers moves an item less than two prior sds from its authored level.
      expect(Math.abs(f.difficulty - seedDifficulty(levels.get(f.questionId)!))).toBeLessThan(2);
      expect(f.answers).toBeGreaterThan(0);
    }
    const runs = await t.db.select().from(calibrationRuns);
    expect(runs.at(-1)!.answers).toBe(summary!.answers);
    // Nothing new since: no refit due.
    expect(await refitDue(t.db)).toBe(false);
  });

  it("reads each question's format for the lower asymptote the fit gives it (decision 0033)", async () => {
    const stored = new Map((await t.db.select().from(questions)).map((q) => [q.id, q]));
    const levels = await questionLevels(t.db);
    expect(levels.length).toBe(stored.size);
    const guesses = new Set<number>();
    for (const l of levels) {
      const q = stored.get(l.id)!;
      expect(l.type).toBe(q.type);
      expect(l.optionCount).toBe(q.options.length);
      guesses.add(guessingOf(l.type, l.optionCount));
    }
    // The bank holds guessable and unguessable formats: true/false, single choices, and the rest.
    expect(guesses.has(0.5)).toBe(true);
    expect(guesses.has(0)).toBe(true);
    expect([...guesses].some((c) => c > 0 && c < 0.5)).toBe(true);
  });

  it("reads the evidence in batches of quizzes, missing and repeating nothing", async () => {
    const whole = await calibrationAnswers(t.db, 1_000_000);
    expect(whole.length).toBeGreaterThan(3);
    const paged = await calibrationAnswers(t.db, 1);
    expect(paged).toHaveLength(whole.length);
    const key = (a: { userId: number; questionId: number }) => `${a.userId}/${a.questionId}`;
    expect(paged.map(key).sort()).toEqual(whole.map(key).sort());
  });
});

describe("question pictures", () => {
  it("serves only well-named files from content/images, and 404 for anything else", async () => {
    for (const file of ["missing-picture.svg", "..%2Fpackage.json", "Placard.SVG", "x.js"]) {
      const res = await t.call("GET", `/content/images/${file}`);
      expect(res.statusCode, file).toBe(404);
    }
  });

  it("runs a free daily review session up to the candidate's cap, and a free quiz of today's missed and flagged questions", async () => {
    const u = await t.signUp("user");
    expect((await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { track: "ems", dailyReviews: 5 } })).statusCode).toBe(200);
    expect((await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { dailyReviews: 2 } })).statusCode).toBe(400);
    const t0 = new Date(Date.now() - 2 * DAY_MS);
    // Eight misses today, one of them flagged.
    const { quiz } = await createQuiz(t.db, u.user_id, { length: 8, mode: "practice", seed: 21, new: true }, t0);
    const items = await Promise.all(quiz.questions.map((q) => quizQuestion(t.db, quiz.id, q.questionId)));
    await updateQuiz(
      t.db,
      u.user_id,
      quiz.id,
      {
        answers: items.map((q) => ({ questionId: q!.contentId, response: wrongResponse(q!) })),
        flags: [{ questionId: items[0]!.contentId, flagged: true }],
      },
      t0,
    );
    await submitQuiz(t.db, u.user_id, quiz.id, t0);
    // The same day: a quiz of the missed and flagged questions, which takes none of the weekly quizzes.
    const sameDay = await dashboard(t.db, u.user_id, t0);
    // The dashboard offers it: eight missed (one of them also flagged); none the day after next.
    expect(sameDay.missedToday).toBe(8);
    expect((await dashboard(t.db, u.user_id, new Date(t0.getTime() + 2 * DAY_MS))).missedToday).toBe(0);
    const before = sameDay.quota.usedThisWeek;
    const missed = await createQuiz(t.db, u.user_id, { missedToday: true, new: true }, new Date(t0.getTime() + 60_000));
    expect(missed.quiz.title).toBe("Missed and flagged today");
    expect(missed.quiz.questions.map((q) => q.questionId).sort()).toEqual(items.map((q) => q!.contentId).sort());
    expect((await dashboard(t.db, u.user_id, t0)).quota.usedThisWeek).toBe(before);
    await t.db.delete(quizzes).where(eq(quizzes.id, missed.quiz.id));

    // The next day all eight are due; the session holds the candidate's cap of five, and is free too.
    const nextDay = new Date(t0.getTime() + DAY_MS + 60_000);
    const board = await dashboard(t.db, u.user_id, nextDay);
    expect(board.dueForReview).toBe(8);
    expect(board.review).toEqual({ today: 5, dailyCap: 5, doneToday: 0 });
    const session = await createQuiz(t.db, u.user_id, { reviewDue: true, new: true }, nextDay);
    expect(session.quiz.questions).toHaveLength(5);
    expect((await dashboard(t.db, u.user_id, nextDay)).quota.usedThisWeek).toBe(before);
    const sessionItems = await Promise.all(session.quiz.questions.map((q) => quizQuestion(t.db, session.quiz.id, q.questionId)));
    await updateQuiz(
      t.db,
      u.user_id,
      session.quiz.id,
      { answers: sessionItems.map((q) => ({ questionId: q!.contentId, response: correctResponse(q!) })) },
      nextDay,
    );
    await submitQuiz(t.db, u.user_id, session.quiz.id, nextDay);
    // The cap is used up for today: the other three wait for tomorrow.
    expect((await dashboard(t.db, u.user_id, nextDay)).review).toEqual({ today: 0, dailyCap: 5, doneToday: 5 });
    await expect(createQuiz(t.db, u.user_id, { reviewDue: true, new: true }, nextDay)).rejects.toThrow(/today's 5 reviews/);
    const dayAfter = new Date(nextDay.getTime() + DAY_MS);
    expect((await dashboard(t.db, u.user_id, dayAfter)).review.today).toBe(3);
  }, 60_000);

  it("counts the daily cap over the candidate's own day, in the time zone of their profile", async () => {
    const u = await t.signUp("user");
    await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { track: "ems", dailyReviews: 5 } });
    const zone = (time_zone: string) =>
      t
        .call("POST", "/v2/api/lambda/profile", { token: u.token, body: { payload: { time_zone } } })
        .then((r) => expect(r.statusCode).toBe(200));
    await zone("Pacific/Auckland");
    // 10:00 UTC, three days ago: 23:00 in Auckland (UTC+13 in November).
    const midnight = new Date(Date.now() - 3 * DAY_MS);
    midnight.setUTCHours(0, 0, 0, 0);
    const t0 = new Date(midnight.getTime() + 10 * 3_600_000);
    const { quiz } = await createQuiz(t.db, u.user_id, { length: 8, mode: "practice", seed: 5, new: true }, t0);
    const items = await Promise.all(quiz.questions.map((q) => quizQuestion(t.db, quiz.id, q.questionId)));
    await updateQuiz(
      t.db,
      u.user_id,
      quiz.id,
      { answers: items.map((q) => ({ questionId: q!.contentId, response: wrongResponse(q!) })) },
      t0,
    );
    await submitQuiz(t.db, u.user_id, quiz.id, t0);

    // A day later, at 23:01 in Auckland: the day's five reviews are done.
    const late = new Date(t0.getTime() + DAY_MS + 60_000);
    const session = await createQuiz(t.db, u.user_id, { reviewDue: true, new: true }, late);
    expect(session.quiz.questions).toHaveLength(5);
    const sessionItems = await Promise.all(session.quiz.questions.map((q) => quizQuestion(t.db, session.quiz.id, q.questionId)));
    await updateQuiz(
      t.db,
      u.user_id,
      session.quiz.id,
      { answers: sessionItems.map((q) => ({ questionId: q!.contentId, response: correctResponse(q!) })) },
      late,
    );
    await submitQuiz(t.db, u.user_id, session.quiz.id, late);
    expect((await dashboard(t.db, u.user_id, late)).review).toEqual({ today: 0, dailyCap: 5, doneToday: 5 });

    // 90 minutes later it is 00:31 in Auckland, a new day there while the UTC date has not changed:
    // the cap starts afresh and the other three are offered.
    const afterMidnight = new Date(late.getTime() + 90 * 60_000);
    expect(afterMidnight.getUTCDate()).toBe(late.getUTCDate());
    expect((await dashboard(t.db, u.user_id, afterMidnight)).review).toEqual({ today: 3, dailyCap: 5, doneToday: 0 });
    expect((await createQuiz(t.db, u.user_id, { reviewDue: true, new: true }, afterMidnight)).quiz.questions).toHaveLength(3);

    // The same instant for a candidate on UTC is still the day of those five reviews.
    await zone("UTC");
    expect((await dashboard(t.db, u.user_id, afterMidnight)).review).toMatchObject({ today: 0, doneToday: 5 });
  }, 60_000);

  it("starts the review day at local midnight, through clock changes, and at UTC midnight without a known zone", () => {
    expect(startOfReviewDay(new Date("2026-11-10T11:30:00Z"), "Pacific/Auckland").toISOString()).toBe("2026-11-10T11:00:00.000Z");
    expect(startOfReviewDay(new Date("2026-11-10T10:30:00Z"), "Pacific/Auckland").toISOString()).toBe("2026-11-09T11:00:00.000Z");
    expect(startOfReviewDay(new Date("2026-11-10T03:00:00Z"), "America/Los_Angeles").toISOString()).toBe("2026-11-09T08:00:00.000Z");
    // The day the clocks go back in Berlin starts at 22:00 UTC the evening before (still summer time).
    expect(startOfReviewDay(new Date("2026-10-25T12:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(startOfReviewDay(new Date("2026-11-10T23:59:00Z"), undefined).toISOString()).toBe("2026-11-10T00:00:00.000Z");
    expect(startOfReviewDay(new Date("2026-11-10T23:59:00Z"), "Mars/Olympus").toISOString()).toBe("2026-11-10T00:00:00.000Z");
  });

  it("refuses a daily review limit out of range with a message saying the range", async () => {
    const u = await t.signUp("user");
    for (const dailyReviews of [4, 201, 12.5, "forty"]) {
      const res = await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { dailyReviews } });
      expect(res.statusCode, String(dailyReviews)).toBe(400);
      expect(res.json().message, String(dailyReviews)).toMatch(/daily review limit/);
      expect(res.json().validation.dailyReviews).toMatch(/daily review limit/);
    }
    const ok = await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { dailyReviews: 200 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().model.dailyReviews).toBe(200);
  });
});
