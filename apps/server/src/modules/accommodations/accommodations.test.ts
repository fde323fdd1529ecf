import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { accommodations } from "../../db/schema/accommodations.ts";
import { activityLog } from "../../db/schema/activity.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { whileActivityLogRefuses } from "../../test/refused-activity.ts";
import { createQuiz, resultPdf } from "../quiz/service.ts";

const t = await createTestApp();
const founder = await t.signUp("admin");
const support = await t.staffMember(founder.token, "support");
const coach = await t.staffMember(founder.token, "coach");
const editor = await t.staffMember(founder.token, "editor");
const P = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;
const DAY = 86_400_000;
const url = (id: number) => `/v2/api/lambda/admin/users/${id}/accommodation`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const inAMonth = day(Date.now() + 30 * DAY);

async function candidate() {
  const u = await t.signUp("user");
  const onboard = await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { track: "ems", themes: ["airway-breathing"] } });
  expect(onboard.statusCode).toBe(200);
  return u;
}
const grant = (token: string, id: number, body: unknown) => t.call("PUT", url(id), { token, body });
const entriesOf = (id: number) =>
  t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.subjectUserId, id), eq(activityLog.kind, "account.accommodation")));

describe("exam accommodations", () => {
  it("support grant, change and withdraw one, each logged for the candidate without the note", async () => {
    const u = await candidate();
    const res = await grant(support.token, u.user_id, {
      extra_time_factor: 1.5,
      break_minutes: 10,
      note: "Dyslexia report 2026",
      ends_on: inAMonth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model).toMatchObject({ extra_time_factor: 1.5, break_minutes: 10, ends_on: inAMonth, in_force: true });
    expect((await t.call("GET", url(u.user_id), { token: founder.token })).json().model.note).toBe("Dyslexia report 2026");

    const changed = await grant(founder.token, u.user_id, { extra_time_factor: 2, ends_on: inAMonth, note: "Dyslexia report 2026" });
    expect(changed.json().model).toMatchObject({ extra_time_factor: 2, break_minutes: null });
    expect((await t.call("DELETE", url(u.user_id), { token: support.token })).statusCode).toBe(200);
    expect((await t.call("GET", url(u.user_id), { token: support.token })).json().model).toBeNull();
    expect((await t.call("DELETE", url(u.user_id), { token: support.token })).statusCode).toBe(404);

    const entries = await entriesOf(u.user_id);
    expect(entries.map((e) => e.summary)).toEqual([
      `Exam accommodation granted: extra time ×1.5, 10 minutes of breaks, until ${inAMonth}`,
      `Exam accommodation changed: extra time ×2, no breaks, until ${inAMonth}`,
      "Exam accommodation withdrawn",
    ]);
    expect(entries[1]).toMatchObject({
      before: { extra_time_factor: 1.5, break_minutes: 10 },
      after: { extra_time_factor: 2, break_minutes: null },
    });
    expect(JSON.stringify(entries)).not.toContain("Dyslexia");
    // The candidate's own "Changes by the academy" lists them.
    const own = (await t.call("GET", "/v2/api/lambda/profile/activity", { token: u.token })).json().list as { summary: string }[];
    expect(own.map((e) => e.summary)).toContain("Exam accommodation withdrawn");
  });

  it("refuses bad terms with a message, and staff accounts", async () => {
    const u = await candidate();
    const bad = [
      { extra_time_factor: 3, ends_on: inAMonth },
      { extra_time_factor: 1.5, ends_on: "next week" },
      { extra_time_factor: 1.5, ends_on: inAMonth, break_minutes: 0 },
      { extra_time_factor: 1.5, ends_on: inAMonth, break_minutes: 500 },
      { extra_time_factor: 1.5, ends_on: day(Date.now() - 3 * DAY) },
      { extra_time_factor: 1.5, ends_on: day(Date.now() + 6 * 366 * DAY) },
      { extra_time_factor: 1.5, ends_on: inAMonth, note: "x".repeat(501) },
    ];
    for (const body of bad) {
      const res = await grant(support.token, u.user_id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await grant(support.token, coach.user_id, { extra_time_factor: 1.5, ends_on: inAMonth })).statusCode).toBe(409);
    expect((await grant(support.token, 999_999, { extra_time_factor: 1.5, ends_on: inAMonth })).statusCode).toBe(404);
    expect(await entriesOf(u.user_id)).toEqual([]);
  });

  it("answers 403 to coaches, editors and candidates", async () => {
    const u = await candidate();
    for (const token of [coach.token, editor.token, u.token]) {
      expect((await grant(token, u.user_id, { extra_time_factor: 1.5, ends_on: inAMonth })).statusCode).toBe(403);
      expect((await t.call("GET", url(u.user_id), { token })).statusCode).toBe(403);
      expect((await t.call("DELETE", url(u.user_id), { token })).statusCode).toBe(403);
    }
    expect(await t.db.select().from(accommodations).where(eq(accommodations.userId, u.user_id))).toEqual([]);
  });

  it("undoes the grant when its log entry cannot be written", async () => {
    const u = await candidate();
    await whileActivityLogRefuses(t.db, async () => {
      expect((await grant(support.token, u.user_id, { extra_time_factor: 1.5, ends_on: inAMonth })).statusCode).toBe(500);
    });
    expect(await t.db.select().from(accommodations).where(eq(accommodations.userId, u.user_id))).toEqual([]);
  });

  it("gives a 1.5× candidate's mock exam 1.5 times the time, kept after a withdrawal, and says so", async () => {
    const plain = await candidate();
    const base = (await t.call("POST", `${P}/quiz/create`, { token: plain.token, body: { mock: "fixed", seed: 3 } })).json().model;
    expect(base.extraTime).toBeNull();
    const baseSpan = Date.parse(base.deadlineAt) - Date.parse(base.createdAt);

    const u = await candidate();
    const own0 = await t.call("GET", "/v2/api/lambda/profile/accommodation", { token: u.token });
    expect(own0.json().model).toBeNull();
    await grant(support.token, u.user_id, { extra_time_factor: 1.5, ends_on: inAMonth, note: "private" });
    const own = (await t.call("GET", "/v2/api/lambda/profile/accommodation", { token: u.token })).json().model;
    expect(own).toEqual({ extra_time_factor: 1.5, break_minutes: null, ends_on: inAMonth });

    const res = await t.call("POST", `${P}/quiz/create`, { token: u.token, body: { mock: "fixed", seed: 3 } });
    const quiz = res.json().model;
    expect(quiz.timeLimitSeconds).toBe(base.timeLimitSeconds * 1.5);
    expect(Date.parse(quiz.deadlineAt) - Date.parse(quiz.createdAt)).toBe(baseSpan * 1.5);
    expect(quiz.extraTime).toEqual({ factor: 1.5, break_minutes: null, base_seconds: base.timeLimitSeconds });

    // Withdrawn mid-exam: the exam keeps the time it was started with, and its result says so.
    await t.call("DELETE", url(u.user_id), { token: support.token });
    const submitted = (await t.call("POST", `${P}/quiz/submit/${quiz.id}`, { token: u.token })).json().model;
    expect(submitted.timeLimitSeconds).toBe(base.timeLimitSeconds * 1.5);
    expect(submitted.extraTime.factor).toBe(1.5);
    const { pdf } = await resultPdf(t.db, u.user_id, quiz.id);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
    expect(text).toContain("Extra time ×1.5 (exam accommodation)");
  });

  it("gives a timed quiz its breaks apart from its time, and no longer applies after its end date", async () => {
    const u = await candidate();
    const tomorrow = day(Date.now() + DAY);
    await grant(support.token, u.user_id, { extra_time_factor: 1.25, break_minutes: 15, ends_on: tomorrow });
    const timed = await createQuiz(t.db, u.user_id, { mode: "exam", length: 10, new: true });
    // Breaks stop the clock when taken (quiz/breaks.test.ts): they are not answering time.
    expect(timed.quiz.timeLimitSeconds).toBe(Math.round(timed.quiz.extraTime!.base_seconds * 1.25));
    expect(timed.quiz.breaks).toEqual({ allowance_seconds: 15 * 60, used_seconds: 0, on_break_until: null });

    // Three days on (the app's clock, as the quiz calls take it), the end date has passed.
    const later = new Date(Date.now() + 3 * DAY);
    const after = await createQuiz(t.db, u.user_id, { mock: "fixed", new: true }, later);
    expect(after.quiz.extraTime).toBeNull();
    expect(Date.parse(after.quiz.deadlineAt!) - later.getTime()).toBe(after.quiz.timeLimitSeconds! * 1000);
    expect((await t.call("GET", url(u.user_id), { token: support.token })).json().model.in_force).toBe(true);
  });

  it("leaves practice quizzes untimed", async () => {
    const u = await candidate();
    await grant(support.token, u.user_id, { extra_time_factor: 2, ends_on: inAMonth });
    const practice = await createQuiz(t.db, u.user_id, { mode: "practice", length: 5, new: true });
    expect(practice.quiz.timeLimitSeconds).toBeNull();
    expect(practice.quiz.extraTime).toBeNull();
  });
});
