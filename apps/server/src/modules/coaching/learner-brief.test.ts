import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { quizQuestion, wrongResponse } from "../../test/quiz-answers.ts";
import { correctResponse } from "../quiz/scoring.ts";
import { coachingCalls, S, setUpCoaches } from "./test-helpers.ts";

// The brief a coach reads before a session: it tells "no finished quiz" from "not enough answers
// for a readiness figure", and names weak themes from the answers so far, track or none.

const t = await createTestApp();
const { candidate, monthSlots, book } = coachingCalls(t);
const quizPath = `/v3/api/custom/${TEST_ENV.PROJECT_ID}/quiz`;

let admin: Awaited<ReturnType<typeof t.signUp>>;
let sam: number;

beforeAll(async () => {
  ({ admin, sam } = await setUpCoaches(t));
});

/** A five-question exam of one theme, the first answered right and the rest wrong, submitted. */
async function finishQuiz(token: string, body: Record<string, unknown>) {
  const created = await t.call("POST", `${quizPath}/create`, { token, body: { length: 5, mode: "exam", ...body } });
  expect(created.statusCode, created.body).toBe(200);
  const quiz = created.json().model as { id: number; questions: { questionId: string }[] };
  const answers = [];
  for (const [i, q] of quiz.questions.entries()) {
    const graded = await quizQuestion(t.db, quiz.id, q.questionId);
    answers.push({ questionId: q.questionId, response: i === 0 ? correctResponse(graded) : wrongResponse(graded) });
  }
  expect((await t.call("PUT", `${quizPath}/update/${quiz.id}`, { token, body: { answers } })).statusCode).toBe(200);
  expect((await t.call("POST", `${quizPath}/submit/${quiz.id}`, { token })).statusCode).toBe(200);
  return quiz.id;
}

async function briefOf(user: { token: string; user_id: number }) {
  const [slot] = await monthSlots(sam, user.token);
  const made = await book(user.token, { user_id: user.user_id, coach_id: sam, meeting_start: slot!.start, meeting_end: slot!.end });
  expect(made.statusCode, made.body).toBe(200);
  const res = await t.call("GET", `${S}/bookings/${made.json().model.id}/learner`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().model;
}

describe("the learner brief", () => {
  it("says there is no finished quiz only when there is none", async () => {
    const user = await candidate();
    const brief = await briefOf(user);
    expect(brief).toMatchObject({ readiness: null, finished_quizzes: 0, weakest_themes: [], recent_quizzes: [] });
  });

  it("before a track is chosen: counts the finished quiz and names the weak theme from its answers", async () => {
    const user = await candidate();
    // No onboarding: the quiz names its track itself, the candidate has chosen none.
    const quizId = await finishQuiz(user.token, { track: "ems", themes: ["airway-breathing"] });
    const brief = await briefOf(user);
    expect(brief.track_name).toBeNull();
    // Five answers are too few for a readiness figure, yet the quiz is finished.
    expect(brief.readiness).toBeNull();
    expect(brief.finished_quizzes).toBe(1);
    expect(brief.recent_quizzes).toEqual([expect.objectContaining({ id: quizId, status: "submitted" })]);
    expect(brief.weakest_themes).toHaveLength(1);
    expect(brief.weakest_themes[0]).toMatchObject({ theme: "airway-breathing", theme_name: expect.stringMatching(/^Airway/) });
    // Weak: below the share a candidate at the pass mark is expected to get (0.7), guessing counted
    // as the exam counts it (decision 33); five answers leave much of it to the prior.
    expect(brief.weakest_themes[0].mastery).toBeLessThan(0.7);
  });

  it("with a track: a finished quiz with too few answers still counts as finished", async () => {
    const user = await candidate();
    const onboarded = await t.call("PUT", `/v3/api/custom/${TEST_ENV.PROJECT_ID}/onboarding`, {
      token: user.token,
      body: { track: "ems" },
    });
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    await finishQuiz(user.token, { themes: ["airway-breathing"] });
    const brief = await briefOf(user);
    expect(brief).toMatchObject({ track_name: expect.any(String), readiness: null, finished_quizzes: 1 });
    expect(brief.weakest_themes[0]).toMatchObject({ theme: "airway-breathing" });
  });
});
