import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { PROJECT, signIn, signInAsNewStaff, staffHeaders, uniqueEmail } from "./helpers";

// Exam accommodations (decision 30): support grant a candidate extra time in the candidate's
// panel; the candidate sees it before starting a mock exam, and the exam's timer counts it.

const API = "/v3/api/custom/rescue-academy";

test("support grant a candidate ×1.5 extra time; the candidate's mock exam shows and counts the longer time, in Larger text", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const candidate = { email: uniqueEmail("extra-time"), password: "a strong passphrase" };
  const reg = await request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { ...candidate, first_name: "Noor", last_name: "Haddad", role: "user" },
  });
  expect(reg.ok()).toBe(true);
  const endsOn = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

  // Support open the candidate's panel and grant the accommodation.
  await signInAsNewStaff(page, "support", { first: "Sam", last: "Support" });
  await page.goto("/admin/users");
  await page.getByLabel("Search by email").fill(candidate.email);
  await page.getByRole("button", { name: `View ${candidate.email}` }).click();
  const panel = page.getByRole("dialog", { name: "User details" }).getByRole("region", { name: "Accommodations" });
  await expect(panel).toContainText("No accommodation");
  await panel.getByRole("button", { name: "Grant accommodation" }).click();
  const form = panel.getByRole("form", { name: "Exam accommodation" });
  await form.getByLabel("Extra time").selectOption({ label: "×1.5 the time limit" });
  // A day already past is refused, with the reason next to the field.
  await form.getByLabel("Last day it applies").fill("2020-01-01");
  await form.getByRole("button", { name: "Grant accommodation" }).click();
  await expect(form.getByText("Must not be in the past")).toBeVisible();
  await expect(form.getByLabel("Last day it applies")).toHaveAttribute("aria-invalid", "true");
  expect(await axeViolations(page, "accommodations", panel)).toEqual([]);
  await form.getByLabel("Last day it applies").fill(endsOn);
  await form.getByLabel("Note for staff (optional)").fill("Agreed for the state exam");
  await form.getByRole("button", { name: "Grant accommodation" }).click();
  await expect(panel).toContainText("Extra time ×1.5");
  await expect(panel).toContainText("In force");
  expect(await axeViolations(page, "accommodations", panel)).toEqual([]);

  // The candidate, in a session of their own, sees it before starting and in the running exam.
  const context = await browser.newContext();
  const learner = await context.newPage();
  await signIn(learner, "user", candidate);
  const token = (await learner.evaluate(() => localStorage.getItem("token")))!;
  const onboard = await learner.request.put(`${API}/onboarding`, {
    headers: { "x-project": PROJECT, authorization: `Bearer ${token}` },
    data: { track: "ems" },
  });
  expect(onboard.ok()).toBe(true);
  // They read with Larger text: the player follows it.
  await learner.goto("/user/profile");
  await learner.getByRole("radio", { name: "Larger" }).check();
  await learner.goto("/user/onboarding/mock-exam");
  await expect(learner.getByText("Your exam accommodation applies: ×1.5 the time")).toBeVisible();
  const timed = learner.getByRole("region", { name: "Timed mock exam" });
  await expect(timed).toContainText("120 questions in 180 minutes with your extra time (×1.5; usually 120)");
  expect(await axeViolations(learner, "accommodations", learner.getByRole("main"))).toEqual([]);
  await timed.getByRole("button", { name: "Start the timed mock exam" }).click();
  await expect(learner).toHaveURL(/\/user\/onboarding\/quiz\?id=\d+$/);
  await expect(learner.getByText("Extra time ×1.5: 180 minutes instead of 120")).toBeVisible();
  // Three hours, not two: the timer starts just under 180:00.
  await expect(learner.getByRole("timer")).toHaveText(/^1(79|80):\d\d$/);
  const line = learner.getByText("Extra time ×1.5: 180 minutes instead of 120");
  expect(await line.evaluate((el) => getComputedStyle(el).fontSize)).toBe("21px"); // text-sm, 14 px × 1.5
  await learner.setViewportSize({ width: 390, height: 800 });
  // (Polled: the layout's padding eases out for 200 ms after the window narrows.)
  await expect.poll(() => learner.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();
});

test("with reduced motion nothing animates, and the Larger text size enlarges the library's reading pages and the study assistant", async ({
  browser,
}) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  const email = uniqueEmail("reader");
  const reg = await page.request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { email, password: "a strong passphrase", first_name: "Lee", last_name: "Park", role: "user" },
  });
  expect(reg.ok()).toBe(true);
  await signIn(page, "user", { email, password: "a strong passphrase" });
  const sidebar = page.getByTestId("sidebar");
  const motion = await sidebar.evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(Number.parseFloat(motion)).toBeLessThan(0.001);

  await page.goto("/user/document-library");
  const heading = page.getByRole("heading", { level: 1 });
  const standard = await heading.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  await page.goto("/user/assistant");
  const assistantStandard = await page
    .getByRole("heading", { level: 1, name: "Study assistant" })
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  await page.goto("/user/profile");
  await page.getByRole("radio", { name: "Larger" }).check();
  expect(await axeViolations(page, "accommodations", page.getByRole("region", { name: "Text size" }))).toEqual([]);
  await page.goto("/user/document-library");
  const larger = await heading.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(larger / standard).toBeCloseTo(1.5, 1);
  // The study assistant and the blog's posts follow it as well.
  await page.goto("/user/assistant");
  const assistantHeading = page.getByRole("heading", { level: 1, name: "Study assistant" });
  expect((await assistantHeading.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))) / assistantStandard).toBeCloseTo(
    1.5,
    1,
  );
  await page.goto("/user/document-library");
  // Kept on this device: a reload keeps it.
  await page.reload();
  expect(await heading.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeCloseTo(larger, 1);
  // Larger text reflows: the reading page never scrolls sideways on a phone.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();
});

test("a candidate with breaks takes one in a timed exam: the questions go away, the clock stops, and the time comes back", async ({
  page,
  request,
}) => {
  const candidate = { email: uniqueEmail("breaks"), password: "a strong passphrase" };
  const reg = await request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { ...candidate, first_name: "Ines", last_name: "Moreau", role: "user" },
  });
  expect(reg.ok()).toBe(true);
  const id = (await reg.json()).user_id as number;
  const endsOn = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const granted = await request.put(`/v2/api/lambda/admin/users/${id}/accommodation`, {
    headers: staffHeaders(),
    data: { extra_time_factor: 1.25, break_minutes: 10, ends_on: endsOn },
  });
  expect(granted.ok()).toBe(true);

  await signIn(page, "user", candidate);
  const headers = { "x-project": PROJECT, authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}` };
  expect((await request.put(`${API}/onboarding`, { headers, data: { track: "ems" } })).ok()).toBe(true);
  const made = await request.post(`${API}/quiz/create`, { headers, data: { mode: "exam", length: 20, new: true } });
  const quiz = (await made.json()).model as { id: number; deadlineAt: string; timeLimitSeconds: number };
  // 20 questions' time × 1.25, the breaks apart.
  await page.goto(`/user/onboarding/quiz?id=${quiz.id}`);
  await expect(
    page.getByText(/^Extra time ×1\.25: \d+ minutes instead of \d+, and 10 minutes of breaks that stop the clock$/),
  ).toBeVisible();
  await expect(page.locator("#stem")).toBeVisible();

  await page.getByRole("button", { name: "Take a break (10 min left)" }).click();
  await expect(page.getByRole("heading", { name: "On a break", level: 1 })).toBeFocused();
  await expect(page.locator("#stem")).toHaveCount(0);
  await expect(page.getByRole("timer", { name: /^Break left (9|10) minutes/ })).toBeVisible();
  expect(await axeViolations(page, "accommodations", page.getByRole("main"))).toEqual([]);
  // A reload keeps the break: the questions stay on the server until it ends.
  await page.reload();
  await expect(page.getByRole("heading", { name: "On a break" })).toBeVisible();
  await page.getByRole("button", { name: "End break and go on" }).click();
  await expect(page.locator("#stem")).toBeVisible();
  await expect(page.getByRole("button", { name: "Take a break (9 min left)" })).toBeVisible();

  // The server moved the deadline on by exactly the seconds the break took.
  const now = (await (await request.get(`${API}/quiz/get/${quiz.id}`, { headers })).json()).model as {
    deadlineAt: string;
    breaks: { used_seconds: number; on_break_until: string | null };
  };
  expect(now.breaks.on_break_until).toBeNull();
  expect(now.breaks.used_seconds).toBeGreaterThanOrEqual(1);
  expect(now.breaks.used_seconds).toBeLessThan(60);
  expect(Date.parse(now.deadlineAt) - Date.parse(quiz.deadlineAt)).toBe(now.breaks.used_seconds * 1000);
});
