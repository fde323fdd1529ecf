import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stripeSubscriptions } from "../../db/schema/payments.ts";
import { quizzes } from "../../db/schema/quiz.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { quizQuestion, wrongResponse } from "../../test/quiz-answers.ts";
import { CARDS, paymentsHelpers } from "../payments/test-helpers.ts";
import { correctResponse } from "../quiz/scoring.ts";
import { dayGrid, fillSeries } from "./days.ts";
import { monthlyRecurringRevenue } from "./service.ts";

const t = await createTestApp();
const pay = paymentsHelpers(t);
const url = `/v3/api/custom/${TEST_ENV.PROJECT_ID}/dashboard`;
const quizPath = `/v3/api/custom/${TEST_ENV.PROJECT_ID}/quiz`;
// The first admin of a fresh database may register itself.
const admin = await t.signUp("admin");

type Point = { date: string; value: number };
const sumOf = (series: Point[]) => series.reduce((n, p) => n + p.value, 0);
const figures = async (days = 30) => {
  const res = await t.call("GET", url, { token: admin.token, query: { days: String(days) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().model;
};

async function subscribe(priceName: string) {
  const u = await t.signUp("user");
  expect((await pay.addCard(u.token, CARDS.visa)).statusCode).toBe(200);
  const res = await t.call("POST", `${pay.P}/customer/subscription`, { token: u.token, body: { price_id: await pay.priceId(priceName) } });
  expect(res.statusCode, res.body).toBe(200);
  return { user: u, subscriptionId: res.json().model.id as number };
}

/** Takes a quiz of one theme through the API, answering the first `right` questions right and the next `wrong` wrong. */
async function takeQuiz(token: string, theme: string, right: number, wrong: number, submit = true) {
  const created = await t.call("POST", `${quizPath}/create`, { token, body: { themes: [theme], length: 5, mode: "exam" } });
  expect(created.statusCode, created.body).toBe(200);
  const quiz = created.json().model as { id: number; questions: { questionId: string }[] };
  const batch = [];
  for (const [i, q] of quiz.questions.slice(0, right + wrong).entries()) {
    const row = await quizQuestion(t.db, quiz.id, q.questionId);
    expect(row.themeSlug).toBe(theme);
    const key = correctResponse(row);
    batch.push({ questionId: q.questionId, response: i < right ? key : wrongResponse(row!) });
  }
  expect((await t.call("PUT", `${quizPath}/update/${quiz.id}`, { token, body: { answers: batch } })).statusCode).toBe(200);
  if (submit) expect((await t.call("POST", `${quizPath}/submit/${quiz.id}`, { token })).statusCode).toBe(200);
  return quiz.id;
}

const moveQuiz = (id: number, daysAgo: number) =>
  t.db
    .update(quizzes)
    .set({
      createdAt: sql`now() - make_interval(days => ${daysAgo})`,
      submittedAt: sql`now() - make_interval(days => ${daysAgo})`,
    })
    .where(eq(quizzes.id, id));

describe("admin dashboard", () => {
  it("counts candidates and staff, and sign-ups per day", async () => {
    const a = await t.signUp("user");
    await t.signUp("user");
    const old = await t.signUp("user");
    await t.db.update(users).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(users.id, old.user_id));
    await t.db.update(users).set({ createdAt: sql`now() - interval '90 days'` }).where(eq(users.id, a.user_id));

    const model = await figures();
    expect(model.time_zone).toBe("UTC");
    expect(model.users).toMatchObject({ candidates: 3, staff: 1, newInPeriod: 2 });
    expect(model.users.signups).toHaveLength(30);
    const series = model.users.signups as Point[];
    expect(series.at(-1)!.value).toBe(1);
    expect(series.at(-4)!.value).toBe(1);
    expect(sumOf(series)).toBe(2);
    expect(series.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
  });

  it("counts live subscriptions by package, the recurring revenue of paying ones, and payments collected per day", async () => {
    const before = await figures();
    expect(before.subscriptions).toMatchObject({ active: 0, trialing: 0, endingAtPeriodEnd: 0, byPackage: [], newInPeriod: 0 });
    // The academy's currency is always there, at zero before the first payment.
    expect(before.revenue.mrr).toEqual([{ currency: "eur", amount: 0 }]);
    expect(before.revenue.collected).toHaveLength(1);
    expect(before.revenue.collected[0]).toMatchObject({ currency: "eur", amount: 0 });
    expect(sumOf(before.revenue.collected[0].series)).toBe(0);
    expect(before.revenue.collected[0].series).toHaveLength(30);
    expect(before.coaching).toEqual({ upcoming: 0 });

    const monthly = await subscribe("Premium monthly"); // 39.00 a month, charged now
    await subscribe("Premium yearly"); // 390.00 a year: 32.50 a month
    await subscribe("Core monthly"); // a 7-day trial: live, not paying yet
    const ending = await subscribe("Premium monthly");
    expect(
      (await t.call("DELETE", `${pay.P}/customer/subscription/${ending.subscriptionId}`, { token: ending.user.token })).statusCode,
    ).toBe(200);
    const ended = await subscribe("Premium monthly");
    expect((await t.call("DELETE", `${pay.P}/subscription/${ended.subscriptionId}`, { token: admin.token })).statusCode).toBe(200);
    await t.db
      .update(stripeSubscriptions)
      .set({ createAt: sql`now() - interval '10 days'` })
      .where(eq(stripeSubscriptions.id, monthly.subscriptionId));

    const model = await figures();
    expect(model.subscriptions).toMatchObject({
      active: 4,
      trialing: 1,
      endingAtPeriodEnd: 1,
      byPackage: [
        { package: "Premium", count: 3 },
        { package: "Core", count: 1 },
      ],
      newInPeriod: 5,
    });
    const started = model.subscriptions.started as Point[];
    expect(started).toHaveLength(30);
    expect(started.at(-1)!.value).toBe(4);
    expect(started.at(-11)!.value).toBe(1);
    // Two monthly Premiums (one ending with its period still pays) and the yearly one; the trial and the ended one do not.
    expect(model.revenue.mrr).toEqual([{ currency: "eur", amount: 3900 + 3250 + 3900 }]);
    // Four first payments went through today: three monthly Premiums and the yearly one.
    const collected = model.revenue.collected as { currency: string; amount: number; series: Point[] }[];
    expect(collected.map((c) => [c.currency, c.amount])).toEqual([["eur", 3 * 3900 + 39000]]);
    expect(collected[0]!.series).toHaveLength(30);
    expect(collected[0]!.series.at(-1)!.value).toBe(3 * 3900 + 39000);
    expect(sumOf(collected[0]!.series)).toBe(3 * 3900 + 39000);
  });

  it("counts quizzes taken per day, their average score and the share of right answers per theme", async () => {
    const a = await t.signUp("user");
    const b = await t.signUp("user");
    for (const u of [a, b])
      expect(
        (await t.call("PUT", `/v3/api/custom/${TEST_ENV.PROJECT_ID}/onboarding`, { token: u.token, body: { track: "ems" } })).statusCode,
      ).toBe(200);
    await takeQuiz(a.token, "airway-breathing", 3, 1); // 60 %, today
    const threeDaysAgo = await takeQuiz(b.token, "circulation-cpr", 1, 1); // 20 %, three questions unanswered
    await moveQuiz(threeDaysAgo, 3);
    const longAgo = await takeQuiz(a.token, "circulation-cpr", 5, 0); // outside the period
    await moveQuiz(longAgo, 40);
    await takeQuiz(b.token, "airway-breathing", 2, 0, false); // not finished: not taken

    const model = await figures();
    expect(model.quizzes).toMatchObject({ total: 3, inPeriod: 2 });
    expect(model.quizzes.averageScore).toBeCloseTo(0.4, 6);
    const taken = model.quizzes.taken as Point[];
    expect(taken).toHaveLength(30);
    expect(taken.at(-1)!.value).toBe(1);
    expect(taken.at(-4)!.value).toBe(1);
    expect(sumOf(taken)).toBe(2);
    expect(model.themes.map((th: { slug: string }) => th.slug).sort()).toEqual(["airway-breathing", "circulation-cpr"]);
    const bySlug = Object.fromEntries(model.themes.map((th: { slug: string }) => [th.slug, th]));
    expect(bySlug["airway-breathing"]).toMatchObject({ questions: 5, correct: 3, averageScore: 0.6 });
    expect(bySlug["circulation-cpr"]).toMatchObject({ questions: 5, correct: 1, averageScore: 0.2 });
    expect(bySlug["airway-breathing"].name).toEqual(expect.stringMatching(/airway/i));

    // Over 7 days the 40-day-old quiz stays out, the one of three days ago is in.
    const week = await figures(7);
    expect(week.quizzes.taken).toHaveLength(7);
    expect(week.quizzes.inPeriod).toBe(2);
  });

  it("counts days in the admin's own time zone, and in UTC when that zone is unknown", async () => {
    const zone = "Pacific/Kiritimati"; // UTC+14: its day starts ten hours before UTC's
    await t.db.update(users).set({ timeZone: zone }).where(eq(users.id, admin.user_id));
    const early = await t.signUp("user");
    const late = await t.signUp("user");
    const before = (await figures()) as { time_zone: string; users: { signups: Point[] } };
    expect(before.time_zone).toBe(zone);
    const grid = dayGrid(30, new Date(), zone);
    expect(before.users.signups.map((p) => p.date)).toEqual(grid.dates);

    // The last instant of yesterday and the first of today, local time.
    const today = grid.starts.at(-1)!;
    await t.db
      .update(users)
      .set({ createdAt: new Date(today.getTime() - 1) })
      .where(eq(users.id, early.user_id));
    await t.db.update(users).set({ createdAt: today }).where(eq(users.id, late.user_id));
    const after = (await figures()).users.signups as Point[];
    expect(after.at(-1)!.value).toBe(before.users.signups.at(-1)!.value - 1);
    expect(after.at(-2)!.value).toBe(before.users.signups.at(-2)!.value + 1);

    await t.db.update(users).set({ timeZone: "Mars/Olympus" }).where(eq(users.id, admin.user_id));
    expect((await figures()).time_zone).toBe("UTC");
    await t.db.update(users).set({ timeZone: "UTC" }).where(eq(users.id, admin.user_id));
  });

  it("gives a candidate their own dashboard, never the academy's figures, under the project's own name", async () => {
    const u = await t.signUp("user");
    expect((await t.call("GET", url)).statusCode).toBe(401);
    const asUser = await t.call("GET", url, { token: u.token });
    expect(asUser.statusCode).toBe(200);
    expect(asUser.json().model.readiness).toBeDefined();
    for (const word of ["candidates", "signups", "mrr", "byPackage", "collected"]) expect(asUser.body).not.toContain(word);
    const other = await t.call("GET", "/v3/api/custom/another-project/dashboard", { token: admin.token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: true, message: "Unknown project" });
  });

  it("refuses periods out of range", async () => {
    for (const days of ["5", "366", "abc"]) {
      const res = await t.call("GET", url, { token: admin.token, query: { days } });
      expect(res.statusCode).toBe(400);
      expect(res.json().validation.days).toEqual(expect.any(String));
    }
  });
});

describe("calendar days", () => {
  it("fills every day of the period, oldest first, from the buckets that had rows", () => {
    const grid = dayGrid(3, new Date("2026-03-02T10:00:00Z"), "UTC");
    expect(grid.dates).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(grid.starts.map((d) => d.toISOString())).toEqual([
      "2026-02-28T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
      "2026-03-02T00:00:00.000Z",
    ]);
    expect(fillSeries(grid, [{ bucket: 2, value: 4 }])).toEqual([
      { date: "2026-02-28", value: 0 },
      { date: "2026-03-01", value: 4 },
      { date: "2026-03-02", value: 0 },
    ]);
  });

  it("takes today from the time zone, and starts each day at local midnight across clock changes", () => {
    // 22:00 on 1 March in New York is already 2 March in UTC.
    expect(dayGrid(1, new Date("2026-03-02T03:00:00Z"), "America/New_York").dates).toEqual(["2026-03-01"]);
    // Berlin moves from UTC+1 to UTC+2 on 29 March 2026.
    const berlin = dayGrid(3, new Date("2026-03-30T12:00:00Z"), "Europe/Berlin");
    expect(berlin.dates).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    expect(berlin.starts.map((d) => d.toISOString())).toEqual([
      "2026-03-27T23:00:00.000Z",
      "2026-03-28T23:00:00.000Z",
      "2026-03-29T22:00:00.000Z",
    ]);
    expect(dayGrid(2, new Date("2026-06-01T12:00:00Z"), "Nowhere/Special").timeZone).toBe("UTC");
  });
});

describe("monthly recurring revenue", () => {
  it("normalizes every interval to a month per currency and rounds once, after summing", () => {
    expect(
      monthlyRecurringRevenue([
        { amount: 3900, currency: "eur", interval: "month", intervalCount: 1, n: 2 },
        { amount: 39000, currency: "eur", interval: "year", intervalCount: 1, n: 1 },
        { amount: 9000, currency: "eur", interval: "month", intervalCount: 3, n: 1 },
        // 10.00 every two weeks: 1000 × 52 / 24 = 2166.67 a month
        { amount: 1000, currency: "usd", interval: "week", intervalCount: 2, n: 1 },
        // 1.00 a day: 100 × 365 / 12 = 3041.67 a month, three times
        { amount: 100, currency: "usd", interval: "day", intervalCount: 1, n: 3 },
        { amount: 5000, currency: "usd", interval: "lifetime", intervalCount: 1, n: 4 },
      ]),
    ).toEqual([
      { currency: "eur", amount: 7800 + 3250 + 3000 },
      { currency: "usd", amount: 11292 },
    ]);
    expect(monthlyRecurringRevenue([])).toEqual([]);
  });
});

describe("the dashboard in the API documentation", () => {
  it("shows both answers, the admin's and the candidate's, with their fields", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const schema = doc.paths["/v3/api/custom/{name}/dashboard"].get.responses["200"].content["application/json"].schema;
    const models = (schema.anyOf ?? schema.oneOf).map((s: { properties: { model: { properties: object } } }) =>
      Object.keys(s.properties.model.properties),
    );
    expect(models).toContainEqual(expect.arrayContaining(["users", "subscriptions", "revenue", "quizzes", "themes", "coaching"]));
    expect(models).toContainEqual(
      expect.arrayContaining(["track", "readiness", "mastery", "dueForReview", "recent", "quota", "targetExamDate"]),
    );
  });
});
