import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "./fixtures";
import { openStaffArea, PORTS, PROJECT, STAFF_STATE, signIn, uniqueEmail } from "./helpers";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const API = "/v3/api/custom/rescue-academy";
const DAY = 86_400_000;

type Question = { questionId: string; type: string; options: { id: string }[] };

/** Signs a new candidate up through the form on `base`, and answers their token. */
async function signUp(page: Page, base = "") {
  const email = uniqueEmail("review");
  await page.goto(`${base}/user/signup`);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  return { email, token };
}

/** A call to the server at `base` as the candidate. */
async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${API}/${url}`, {
    method,
    headers: { "x-project": PROJECT, authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { model?: Record<string, unknown> } };
}

/** Any well-formed answer to a question, right or wrong. */
function anyResponse(q: Question) {
  if (q.type === "numeric") return { value: 1 };
  if (q.type === "ordering") return { order: q.options.map((o) => o.id) };
  if (q.type === "multiple") return { choices: [q.options[0]!.id, q.options[1]!.id] };
  return { choice: q.options[0]!.id };
}

/** Gives any valid answer to the question on screen, whatever its type (as a candidate would). */
async function answerCurrent(page: Page) {
  await expect(page.locator("#stem")).toBeVisible();
  const radio = page.locator("section").getByRole("radio").first();
  const checkbox = page
    .locator("section")
    .getByRole("checkbox", { name: /^(?!Not sure)/ })
    .first();
  const number = page.locator('section input[type="number"]');
  const keep = page.getByRole("button", { name: "Keep this order" });
  if (await radio.count()) await radio.check();
  else if (await checkbox.count()) await checkbox.check();
  else if (await number.count()) {
    await number.fill("1");
    await number.press("Enter");
  } else if (await keep.count()) await keep.click();
}

/**
 * A server of the journey's own, on a fresh database, whose clock the journey moves forward
 * (tests/e2e/server-clock.mjs): reviews fall due a day after a miss, and the journey cannot wait a day.
 */
async function startClockServer() {
  const port = PORTS.server + 5;
  const dataDir = path.join(ROOT, `test-results/e2e-data-clock-${port}`);
  const clockFile = path.join(ROOT, `test-results/e2e-clock-${port}.txt`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(clockFile), { recursive: true });
  writeFileSync(clockFile, "0");
  const child: ChildProcess = spawn(process.execPath, ["--import", "./tests/e2e/server-clock.mjs", "apps/server/dist/server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      SERVER_CLOCK_FILE: clockFile,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOGIN_RATE_LIMIT: "100",
      REGISTER_RATE_LIMIT: "1000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the journey's server stopped");
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) throw new Error("the journey's server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    /** Moves the server's clock `ms` ahead of real time. */
    async forward(ms: number) {
      writeFileSync(clockFile, String(ms));
      await new Promise((r) => setTimeout(r, 300));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

test.describe("spaced review on the dashboard", () => {
  let server: Awaited<ReturnType<typeof startClockServer>>;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startClockServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a candidate with due reviews sees 'Review N due', starts it and answers, and it takes none of the week's quizzes", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { base } = server;
    const me = await signUp(page, base);
    expect((await call(base, me.token, "PUT", "onboarding", { track: "ems", themes: ["airway-breathing"] })).status).toBe(200);
    // A practice quiz of five, every answer marked "not sure" and the first question flagged.
    const made = await call(base, me.token, "POST", "quiz/create", {
      themes: ["airway-breathing"],
      length: 5,
      mode: "practice",
      seed: 7,
      new: true,
    });
    expect(made.status).toBe(200);
    const quiz = made.json.model as { id: number; questions: Question[] };
    const saved = await call(base, me.token, "PUT", `quiz/update/${quiz.id}`, {
      answers: quiz.questions.map((q) => ({ questionId: q.questionId, response: anyResponse(q), unsure: true })),
      flags: [{ questionId: quiz.questions[0]!.questionId, flagged: true }],
    });
    expect(saved.status).toBe(200);
    const feedback = saved.json.feedback as { questionId: string; review: { isCorrect: boolean } }[];
    const missedOrFlagged = new Set([
      quiz.questions[0]!.questionId,
      ...feedback.filter((f) => !f.review.isCorrect).map((f) => f.questionId),
    ]);
    expect((await call(base, me.token, "POST", `quiz/submit/${quiz.id}`)).status).toBe(200);

    // The same day: nothing is due yet, but today's missed and flagged questions can be retried.
    await page.goto(`${base}/user/dashboard`);
    const card = page.getByTestId("review-card");
    await expect(card.getByTestId("review-text")).toHaveText("Nothing is due for review: a question you miss comes back the next day.");
    await expect(card.getByRole("button", { name: /^Review \d+ due$/ })).toHaveCount(0);
    await expect(page.getByText("2 of 3 quizzes left this week")).toBeVisible();
    await card.getByRole("button", { name: `Retry ${missedOrFlagged.size} missed or flagged today` }).click();
    await expect(page).toHaveURL(/\/user\/onboarding\/quiz\?id=\d+$/);
    await expect(page.getByRole("heading", { name: "Missed and flagged today" })).toBeVisible();
    await expect(page.getByText(`Question 1 of ${missedOrFlagged.size}`)).toBeVisible();

    // A day later every miss is due (a right answer marked "not sure" may come back later, as FSRS
    // schedules it). The old sign-in has run out by then: sign in again.
    await server.forward(DAY + 60 * 60_000);
    await page.evaluate(() => localStorage.clear());
    await signIn(page, "user", { email: me.email, password: "a strong passphrase" }, base);
    const fresh = (await page.evaluate(() => localStorage.getItem("token")))!;
    const board = (await call(base, fresh, "GET", "dashboard")).json.model as { dueForReview: number; review: { today: number } };
    const wrong = feedback.filter((f) => !f.review.isCorrect).length;
    const due = board.review.today;
    expect(due).toBe(board.dueForReview);
    expect(due).toBeGreaterThanOrEqual(Math.max(1, wrong));
    await expect(card.getByTestId("review-text")).toHaveText(
      `${due} question${due === 1 ? "" : "s"} you missed or were not sure of ${due === 1 ? "is" : "are"} back for review.`,
    );
    await expect(card.getByRole("button", { name: /Retry .* missed or flagged today/ })).toHaveCount(0);
    await card.getByRole("button", { name: `Review ${due} due` }).click();

    await expect(page).toHaveURL(/\/user\/onboarding\/quiz\?id=\d+$/);
    await expect(page.getByRole("heading", { name: "Spaced review" })).toBeVisible();
    for (let i = 0; i < due; i++) {
      await expect(page.getByText(`Question ${i + 1} of ${due}`)).toBeVisible();
      await answerCurrent(page);
      await page.getByRole("button", { name: "Check answer" }).click();
      await expect(
        page
          .getByRole("button", { name: "Why is this right?" })
          .or(page.getByText(/^Source:/))
          .first(),
      ).toBeVisible();
      if (i < due - 1) await page.getByRole("button", { name: "Next →" }).click();
    }
    await page.getByRole("button", { name: "Finish quiz" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/user\/onboarding\/singlequiz\/\d+$/);
    await expect(page.getByText(new RegExp(`of ${due} right`))).toBeVisible();

    // Done for now, and free: still two of the week's three quizzes left.
    await page.goto(`${base}/user/dashboard`);
    await expect(card.getByRole("button", { name: /^Review \d+ due$/ })).toHaveCount(0);
    await expect(page.getByText("2 of 3 quizzes left this week")).toBeVisible();
  });
});

test("an adaptive mock exam offers no finish before its minimum, and the server refuses one", async ({ page, baseURL }) => {
  const me = await signUp(page);
  expect((await call(baseURL!, me.token, "PUT", "onboarding", { track: "ems" })).status).toBe(200);
  await page.goto("/user/onboarding/mock-exam");
  await page.getByRole("button", { name: "Start the adaptive mock exam" }).click();
  await expect(page).toHaveURL(/\/user\/onboarding\/quiz\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get("id"));
  await expect(page.getByTestId("finish-note")).toHaveText("The exam decides after at least 70 answers: 70 more to go, 120 at most.");
  await answerCurrent(page);
  await page.getByRole("button", { name: "Confirm answer" }).click();
  await expect(page.getByText("Question 2 of 2 · 1 answered")).toBeVisible();
  await expect(page.getByTestId("finish-note")).toHaveText("The exam decides after at least 70 answers: 69 more to go, 120 at most.");
  for (const name of ["Finish quiz", "Finish exam now", "See your result", "Submit now"])
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  const early = await call(baseURL!, me.token, "POST", `quiz/submit/${id}`);
  expect(early.status).toBe(409);
  expect(early.json.message).toMatch(/at least 70 answers: you have given 1, 69 to go/);
});

test.describe("staff", () => {
  test.use({ storageState: STAFF_STATE });

  test("the question editor's preview fills a question's changing numbers, as the player does", async ({ page }) => {
    await openStaffArea(page);
    await page.goto("/admin/quizzes");
    await page.getByLabel("Theme").selectOption("ems-pharmacology");
    await page.getByRole("searchbox", { name: "Search" }).fill("giving set");
    await page.getByRole("button", { name: "Edit ems-pharmacology-048" }).click();
    const stem = page.getByRole("complementary", { name: "Preview" }).getByTestId("preview-stem");
    await expect(stem).toHaveText(/^You must run \d+ mL of saline over \d+ minutes through a giving set that delivers \d+ drops per mL\./);
    await expect(stem).not.toContainText("{");
    const first = await stem.textContent();
    await page.getByRole("button", { name: "Other numbers" }).click();
    await expect(stem).not.toHaveText(first!);
    await expect(page.getByRole("complementary", { name: "Preview" })).toContainText(/accepted: \d+ ± 1/);
  });
});

test("an ordering question is answered by dragging an item by its handle, and the arrow buttons still move it", async ({
  page,
  baseURL,
}) => {
  const me = await signUp(page);
  expect((await call(baseURL!, me.token, "PUT", "onboarding", { track: "ems" })).status).toBe(200);
  const made = await call(baseURL!, me.token, "POST", "quiz/create", {
    themes: ["ems-pharmacology"],
    length: 40,
    mode: "practice",
    seed: 3,
    new: true,
  });
  const quiz = made.json.model as { id: number; questions: Question[] };
  const at = quiz.questions.findIndex((q) => q.type === "ordering");
  expect(at).toBeGreaterThanOrEqual(0);
  await page.goto(`/user/onboarding/quiz?id=${quiz.id}`);
  await page.getByRole("button", { name: `Question ${at + 1}`, exact: true }).click();
  await expect(page.getByText(`Question ${at + 1} of ${quiz.questions.length}`)).toBeVisible();

  const items = page.getByTestId("ordering-item");
  const texts = () => items.locator("span.flex-1").allTextContents();
  const before = await texts();
  expect(before.length).toBeGreaterThanOrEqual(3);
  // Drag the last item by its handle onto the first.
  const from = (await items.last().getByTestId("drag-handle").boundingBox())!;
  const to = (await items.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 20, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  const dragged = [before.at(-1)!, ...before.slice(0, -1)];
  await expect.poll(texts).toEqual(dragged);
  await expect(page.getByRole("button", { name: "Check answer" })).toBeEnabled();

  // The arrow buttons move it one place, as before.
  await page.getByRole("button", { name: `Move "${dragged[0]}" down` }).click();
  await expect.poll(texts).toEqual([dragged[1], dragged[0], ...dragged.slice(2)]);
});
