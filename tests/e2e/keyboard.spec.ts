import { expect as baseExpect, type Locator, type Page, test } from "./fixtures";
import { PROJECT, signIn, uniqueEmail } from "./helpers";

// Each screen's first answers can take many seconds on a busy CI machine.
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ storageState: { cookies: [], origins: [] } });

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a person without a mouse moves
 * through a page, and checks that every stop on the way shows where the focus is: a focus ring
 * (outline or box shadow) on the focused element while it matches `:focus-visible`.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      return {
        visible: el.matches(":focus-visible") && ring,
        name: el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? el.tagName,
      };
    });
    if (stop) expect(stop.visible, `focus ring on "${stop.name}"`).toBe(true);
  }
  throw new Error(`${max} presses of ${back ? "Shift+Tab" : "Tab"} never reached ${target}`);
}

/** Tabs to `target` and presses `key` on it. */
async function press(page: Page, target: Locator, key = "Enter", options?: { back?: boolean }) {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/** Tabs to a text field and types into it, key by key. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

async function newCandidate(page: Page) {
  const email = uniqueEmail("keyboard");
  const password = "a strong passphrase";
  const made = await page.request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { email, password, first_name: "Kim", last_name: "Tabbing", role: "user" },
  });
  expect(made.ok()).toBe(true);
  await signIn(page, "user", { email, password });
}

test("a candidate pays for a plan and books a coaching session with the keyboard alone", async ({ page }) => {
  test.setTimeout(180_000);
  await newCandidate(page);

  // Checkout: the plan on the dashboard, the confirmation dialog, the card form.
  const plan = page.getByRole("region", { name: "Your plan" });
  await press(page, plan.getByRole("link", { name: "Choose: Premium monthly" }));
  const dialog = page.getByRole("dialog", { name: "Subscribe to Premium monthly?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await press(page, dialog.getByRole("button", { name: "Continue to payment" }));
  await expect(page).toHaveURL(/\/checkout\/cs_test_/);
  // Paying with nothing filled in: the first field in error takes the focus, its message with it.
  await press(page, page.getByRole("button", { name: "Pay €39.00" }));
  await expect(page.getByLabel("Card number")).toBeFocused();
  await expect(page.getByLabel("Card number")).toHaveAccessibleDescription("Enter your card number");
  await tabTo(page, page.getByLabel("Card number"), { back: true });
  await typeInto(page, page.getByLabel("Card number"), "4000000000000002");
  await typeInto(page, page.getByLabel("Expiry"), "1234");
  await typeInto(page, page.getByLabel("CVC"), "123");
  await press(page, page.getByRole("button", { name: "Pay €39.00" }));
  const declined = page.getByRole("alert").filter({ hasText: "Your card was declined." });
  await expect(declined).toBeVisible();
  // The button was busy (disabled) while the card went out: the message holds the focus now.
  await expect(page.locator("[data-form-message]")).toBeFocused();
  await expect(page.getByLabel("Expiry")).toHaveValue("12 / 34");
  await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
  // Back to the number, as the message says, and a card that pays.
  await tabTo(page, page.getByLabel("Card number"), { back: true });
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("4242424242424242");
  await press(page, page.getByRole("button", { name: "Pay €39.00" }));
  await expect(page).toHaveURL(/\/user\/card-details\?checkout=success$/, { timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Your plan" }).getByText("Premium", { exact: true })).toBeVisible();

  // Booking: the menu, a coach, a day, a time, a note, the button.
  await press(page, page.getByRole("navigation").getByRole("link", { name: "Coaching" }).first());
  await expect(page).toHaveURL(/\/user\/get-coaching$/);
  await expect(page.getByTestId("credits-left")).toContainText("2 of 2 left");
  const dana = page.getByRole("radio", { name: /Dana Okafor/ });
  await tabTo(page, page.getByRole("radio").first());
  for (let k = 0; k < 5 && !(await dana.isChecked()); k += 1) await page.keyboard.press("ArrowDown");
  await expect(dana).toBeChecked();
  await expect(page.getByText("Finding open days…")).toHaveCount(0, { timeout: 15_000 });
  // Next month has open days whatever today is, all more than a day ahead.
  await press(page, page.getByRole("button", { name: "Next month" }));
  const openDay = page.getByRole("button", { name: /, open$/ }).first();
  await expect(openDay).toBeVisible({ timeout: 15_000 });
  await press(page, openDay);
  await expect(openDay).toHaveAttribute("aria-pressed", "true");
  const time = page.getByRole("group", { name: "Open times" }).getByRole("button").first();
  await expect(time).toBeVisible({ timeout: 15_000 });
  const label = (await time.textContent())?.trim() ?? "";
  await press(page, time, "Space");
  await expect(time).toHaveAttribute("aria-pressed", "true");
  const note = page.getByLabel("Note for your coach");
  await tabTo(page, note);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Airway management, please.");
  await press(page, page.getByRole("button", { name: `Book ${label}` }));

  // The result is announced, and the focus goes to the list that holds it, not lost with the pressed button.
  await expect(page.locator("[aria-live]").filter({ hasText: /^Booked: .* with Dana/ })).toBeVisible();
  const upcoming = page.getByTestId("upcoming-session");
  await expect(upcoming).toHaveCount(1, { timeout: 15_000 });
  await expect(upcoming).toContainText(label);
  await expect(page.getByRole("heading", { name: "Upcoming sessions" })).toBeFocused();
});

type PlayerQuestion = { type: "single" | "multiple" | "true_false" | "ordering" | "numeric"; options: { id: string; text: string }[] };

test("a candidate answers each of the five kinds of question and hears the verdict, with the keyboard alone", async ({ page }) => {
  test.setTimeout(120_000);
  await newCandidate(page);
  const headers = { "x-project": PROJECT, authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}` };
  const api = "/v3/api/custom/rescue-academy";
  expect((await page.request.put(`${api}/onboarding`, { headers, data: { track: "ems" } })).ok()).toBe(true);
  const made = await page.request.post(`${api}/quiz/create`, {
    headers,
    data: { themes: ["ems-pharmacology"], length: 40, mode: "practice", seed: 3, new: true },
  });
  expect(made.ok()).toBe(true);
  const quiz = (await made.json()).model as { id: number; questions: PlayerQuestion[] };
  await page.goto(`/user/onboarding/quiz?id=${quiz.id}`);
  await expect(page.locator("#stem")).toBeVisible();

  const status = page.locator("section p.sr-only[role=status]");
  for (const type of ["single", "true_false", "multiple", "ordering", "numeric"] as const) {
    const at = quiz.questions.findIndex((q) => q.type === type);
    expect(at, `a ${type} question in the quiz`).toBeGreaterThanOrEqual(0);
    const question = quiz.questions[at]!;
    await press(
      page,
      page.getByRole("navigation", { name: "Questions" }).getByRole("button", { name: `Question ${at + 1}`, exact: true }),
      "Enter",
      {
        back: true,
      },
    );
    await expect(page.getByText(`Question ${at + 1} of ${quiz.questions.length}`)).toBeVisible();
    // Moving to a question puts the focus on its stem, where a screen reader starts reading; Tab goes on from there.
    await expect(page.locator("#stem")).toBeFocused();
    const card = page.locator("section[aria-labelledby=stem]");
    if (type === "single" || type === "true_false") {
      await tabTo(page, card.getByRole("radio").first());
      await page.keyboard.press("Space");
      await expect(card.getByRole("radio").first()).toBeChecked();
    } else if (type === "multiple") {
      for (const k of [0, 1]) {
        await tabTo(page, card.getByRole("checkbox", { name: question.options[k]!.text }));
        await page.keyboard.press("Space");
      }
      await expect(card.getByRole("checkbox", { checked: true })).toHaveCount(2);
    } else if (type === "ordering") {
      const first = question.options[0]!.text;
      await press(page, card.getByRole("button", { name: `Move "${first}" down` }));
      // Where the item went is said, and the focus stays on the list (its button moved with it).
      await expect(card.locator("[aria-live=polite]")).toHaveText(`${first} moved to position 2`);
      await expect(card.getByTestId("ordering-item").nth(1)).toContainText(first);
    } else {
      await typeInto(page, card.getByRole("spinbutton"), "1");
    }
    await press(page, card.getByRole("button", { name: "Check answer" }));
    await expect(status).toHaveText(/^(Right|Not quite)$/);
    // The checked question shows why, and the feedback holds the focus (the check button is gone).
    await expect(card.getByText(/Why is this right\?|Source:|Explanation/).first()).toBeVisible();
    await expect(card.getByRole("region", { name: "Feedback" }), `focus on the feedback after checking a ${type} question`).toBeFocused();
  }
});
