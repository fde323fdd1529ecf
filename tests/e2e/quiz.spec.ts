import { expect, type Page, test } from "./fixtures";
import { expiredCopyOf, PROJECT, uniqueEmail } from "./helpers";

async function signUpCandidate(page: Page) {
  await page.goto("/user/signup");
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Rivera");
  await page.getByLabel("Email").fill(uniqueEmail("quiz"));
  await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/** Walks the onboarding steps and ends in the player. */
async function onboard(page: Page, opts: { length: number; mode: "Practice" | "Timed exam" }) {
  await page.goto("/user/onboarding");
  await page.getByRole("link", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/user\/onboarding\/form$/);
  await page.getByRole("radio", { name: /Emergency Medical Services/ }).check();
  await page.getByLabel("Study hours per week").fill("8");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/user\/onboarding\/theme$/);
  await expect(page.getByRole("checkbox", { name: /Airway and breathing/i })).toBeChecked();
  await page.getByRole("button", { name: /Continue with \d+ themes/ }).click();

  await expect(page).toHaveURL(/\/user\/onboarding\/themecontd$/);
  await page.getByLabel("Number of questions").fill(String(opts.length));
  await page.getByRole("radio", { name: new RegExp(opts.mode) }).check();
  await page.getByRole("button", { name: "Preview my quiz" }).click();

  await expect(page).toHaveURL(/\/user\/onboarding\/themepreview$/);
  await expect(page.getByRole("img", { name: /^Themes/ })).toBeVisible();
  await expect(page.getByText("A sample question per theme")).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/user\/onboarding\/final-preview$/);
  await expect(page.getByText("Emergency Medical Services")).toBeVisible();
  await page.getByRole("link", { name: "Build my quiz" }).click();
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page).toHaveURL(/\/user\/onboarding\/quiz\?id=\d+$/, { timeout: 15_000 });
}

/** Answers the current question with any valid answer, whatever its type. */
async function answerCurrent(page: Page) {
  const stem = page.locator("#stem");
  await expect(stem).toBeVisible();
  const radio = page.locator("section").getByRole("radio").first();
  // An option to tick, not the "Not sure" box every question has.
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

test("the whole onboarding journey ends on a result page with a score and a PDF", async ({ page }) => {
  await signUpCandidate(page);
  await onboard(page, { length: 5, mode: "Timed exam" });
  await expect(page.getByRole("timer")).toBeVisible();
  for (let i = 0; i < 5; i++) {
    await answerCurrent(page);
    await expect(page.getByText("All answers saved")).toBeVisible();
    if (i < 4) await page.getByRole("button", { name: "Next →" }).click();
  }
  await page.getByRole("button", { name: "Finish quiz" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/user\/onboarding\/singlequiz\/\d+$/);
  await expect(page.getByTestId("score")).toHaveText(/^\d+%$/);
  await expect(page.getByText(/of 5 right/)).toBeVisible();
  await expect(page.getByText(/^Source:/).first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  expect((await download).suggestedFilename()).toMatch(/^quiz-\d+-result\.pdf$/);

  await page.goto("/user/dashboard");
  // Five answers are not enough evidence for a readiness figure: the dashboard says what is needed.
  await expect(page.getByTestId("readiness-pending")).toContainText("so far 5 answers");
  await page.goto("/user/onboarding/allquizzes");
  await expect(page.getByRole("link", { name: "View result" })).toBeVisible();
  await page.goto("/user/prev");
  await expect(page.getByText(/Your trend starts once you have answered 20 questions/)).toBeVisible();
});

test("a reload resumes the quiz where the candidate was, with every answer kept", async ({ page }) => {
  await signUpCandidate(page);
  await onboard(page, { length: 6, mode: "Timed exam" });
  const player = page.url();
  await answerCurrent(page);
  await expect(page.getByText("All answers saved")).toBeVisible();
  const first = await page.locator("#stem").textContent();
  // Keyboard only: leave the answer, move on with the arrow key, flag with f.
  await page.locator("#stem").focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("Question 2 of 6")).toBeVisible();
  await page.keyboard.press("f");
  await expect(page.getByRole("button", { name: /Flagged for review/ })).toBeVisible();
  // Keys pressed back to back on a slow device act on the question on screen: → then f flags the
  // third question, not the second (the listener never lags behind the render).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 12 });
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("f");
  await expect(page.getByText("Question 3 of 6")).toBeVisible();
  await expect(page.getByRole("button", { name: "Question 3, flagged" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Question 2, flagged" })).toBeVisible();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText("Question 2 of 6")).toBeVisible();
  await expect(page.getByText("All answers saved")).toBeVisible();
  const second = await page.locator("#stem").textContent();
  expect(second).not.toBe(first);

  await page.reload();
  await expect(page.getByText("Question 2 of 6 · 1 answered")).toBeVisible();
  await expect(page.locator("#stem")).toHaveText(second!);
  await expect(page.getByRole("button", { name: "Question 1, answered" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Question 2, flagged" })).toBeVisible();

  // Coming back to the generate screen opens the same quiz, not a new one.
  await page.goto("/user/onboarding/generatequiz");
  await expect(page).toHaveURL(player);
  await expect(page.getByText("Question 2 of 6 · 1 answered")).toBeVisible();
  await page.goto("/user/onboarding/allquizzes");
  await expect(page.getByRole("link", { name: "Resume" })).toHaveCount(1);
});

test("no answer is lost: one sent as the connection drops and one sent as the token ends both reach the server", async ({ page }) => {
  await signUpCandidate(page);
  await onboard(page, { length: 5, mode: "Timed exam" });
  // The first save never arrives (the network drops it); the player sends it again by itself.
  let dropped = 0;
  await page.route("**/quiz/update/**", (route) => (dropped++ === 0 ? route.abort("internetdisconnected") : route.continue()));
  await answerCurrent(page);
  await expect(page.getByText("All answers saved")).toBeVisible();
  expect(dropped).toBeGreaterThanOrEqual(2);
  await page.unroute("**/quiz/update/**");

  // The token ends as the next answer goes out: the session renews (the candidate is active) and the save goes through.
  await page.getByRole("button", { name: "Next →" }).click();
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const expired = await expiredCopyOf(token!);
  await page.evaluate((t) => localStorage.setItem("token", t), expired);
  // The session renews either when the save meets the ended token (401, then the save again) or,
  // if the renewal timer's half-life check comes first, before the save goes out.
  const saves: number[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/quiz/update/")) saves.push(r.status());
  });
  const renewed = page.waitForResponse((r) => r.url().endsWith("/token/refresh") && r.status() === 200);
  await answerCurrent(page);
  await renewed;
  await expect(page.getByText("All answers saved")).toBeVisible();
  expect(saves.at(-1)).toBe(200);
  expect(saves.every((status) => status === 200 || status === 401)).toBe(true);
  await expect(page.getByRole("dialog", { name: "Session Expired" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByText("Question 2 of 5 · 2 answered")).toBeVisible();
});

test("the quiz player fits a 375 px wide screen and practice mode explains each answer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpCandidate(page);
  await onboard(page, { length: 5, mode: "Practice" });
  await answerCurrent(page);
  await page.getByRole("button", { name: "Check answer" }).click();
  await expect(page.getByText(/^(✓ Right|✗ Not quite)$/)).toBeVisible();
  await expect(page.getByText(/^Source:/)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a picture question shows its picture, and a question's numbers change from one quiz to the next", async ({ page }) => {
  await signUpCandidate(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { "x-project": PROJECT, authorization: `Bearer ${token}` };
  const custom = "/v3/api/custom/rescue-academy";
  // Every question of two EMS themes: the rhythm strips and the oxygen-cylinder question whose
  // numbers are drawn per quiz are all in it. Two quizzes, two seeds.
  const create = async (seed: number) => {
    const res = await page.request.post(`${custom}/quiz/create`, {
      headers,
      data: { track: "ems", themes: ["circulation-cpr", "airway-breathing"], length: 90, mode: "practice", seed, new: true },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).model as {
      id: number;
      questions: { questionId: string; position: number; stem: string; image: { alt: string } | null }[];
    };
  };
  const first = await create(11);
  const second = await create(12);
  const dose = (quiz: typeof first) => quiz.questions.find((q) => q.questionId === "airway-breathing-046")!;
  // The stem carries the drawn numbers, never a placeholder; another quiz drew other numbers.
  const drawn = /^An oxygen cylinder with a water capacity of (\d+) litres reads (\d+) bar\. At (\d+) L\/min/;
  expect(dose(first).stem).toMatch(drawn);
  expect(dose(second).stem).toMatch(drawn);
  const numbers = [first, second].map((quiz) => drawn.exec(dose(quiz).stem)!.slice(1).join(" "));
  // Two draws from 81 sets of numbers agree about one time in 81: these two seeds draw different ones.
  expect(numbers[0]).not.toBe(numbers[1]);

  // In the player: the dosing question shows this quiz's numbers…
  await page.goto(`/user/onboarding/quiz?id=${second.id}`);
  const questions = page.getByRole("navigation", { name: "Questions" });
  await questions.getByRole("button", { name: new RegExp(`^Question ${dose(second).position + 1}(,|$)`) }).click();
  await expect(page.locator("#stem")).toHaveText(dose(second).stem);
  // …and a rhythm-strip question shows its picture, loaded, with its text alternative.
  const pictured = second.questions.find((q) => q.image)!;
  await questions.getByRole("button", { name: new RegExp(`^Question ${pictured.position + 1}(,|$)`) }).click();
  const picture = page.locator("section").getByRole("img", { name: pictured.image!.alt });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});
