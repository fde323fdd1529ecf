import { type APIRequestContext, expect as baseExpect, type Page, test } from "./fixtures";
import { MAIL_URL, openStaffArea, STAFF_STATE, uniqueEmail } from "./helpers";

// Each screen's first answers can take many seconds on a busy CI machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** A new candidate on the Premium plan (two coaching sessions a month), paid on the checkout page with the test card. */
async function premiumCandidate(page: Page): Promise<string> {
  const email = uniqueEmail("coachee");
  await page.goto("/user/signup");
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Achterberg");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.getByRole("region", { name: "Your plan" }).getByRole("link", { name: "Choose: Premium monthly" }).click();
  await page.getByRole("dialog", { name: "Subscribe to Premium monthly?" }).getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/user\/card-details\?checkout=success$/, { timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Your plan" }).getByText("Premium", { exact: true })).toBeVisible();
  return email;
}

/**
 * Opens the first day with open times at least two days ahead (this month, else the next ones),
 * so every slot on it is outside the 24-hour cancel window whatever the time of day, and answers
 * the month shown.
 */
async function openFirstDay(page: Page): Promise<string> {
  const open = page.getByRole("button", { name: /, open$/ });
  const now = new Date();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  for (let shown = 0; shown < 3; shown += 1) {
    await expect(page.getByText("Finding open days…")).toHaveCount(0, { timeout: 15_000 });
    const count = await open.count();
    for (let k = 0; k < count; k += 1) {
      const day = Number((await open.nth(k).textContent())?.trim());
      const date = new Date(now.getFullYear(), now.getMonth() + shown, day).getTime();
      if ((date - today) / 86_400_000 >= 2) {
        const month = (await page.getByRole("heading", { level: 3 }).first().textContent()) ?? "";
        await open.nth(k).click();
        return month;
      }
    }
    await page.getByRole("button", { name: "Next month" }).click();
  }
  throw new Error("no open day two or more days ahead in three months");
}

/**
 * The page does not scroll sideways at a phone's 390 px nor a small laptop's 1024 px, once the
 * layout has followed the new width (on a busy machine that can take more than a frame or two).
 */
async function fitsPhoneAndLaptop(page: Page, what: string) {
  const size = page.viewportSize();
  for (const width of [390, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth), {
        message: `${what} at ${width} px scrolls sideways`,
        timeout: 10_000,
      })
      .toBeLessThanOrEqual(0);
  }
  if (size) await page.setViewportSize(size);
}

async function mailsTo(request: APIRequestContext, to: string) {
  return (await (await request.get(MAIL_URL, { params: { to } })).json()) as { subject: string; text: string }[];
}

test("a candidate chooses a coach, books with a note, sees it upcoming, moves it and cancels it", async ({ page, request }) => {
  test.setTimeout(240_000);
  const email = await premiumCandidate(page);

  await page.goto("/user/get-coaching");
  await expect(page).toHaveTitle(/Coaching/);
  await expect(page.getByRole("heading", { name: "Coaching", level: 1 })).toBeVisible();
  await expect(page.getByTestId("credits-left")).toContainText("2 of 2 left");
  await expect(page.getByText("Nothing booked yet.")).toBeVisible();

  // Choose a coach, a day and a time.
  await page.getByRole("radio", { name: /Dana Okafor/ }).check();
  const shownMonth = await openFirstDay(page);
  const times = page.getByRole("group", { name: "Open times" }).getByRole("button");
  await expect(times.first()).toBeVisible({ timeout: 15_000 });
  const firstTime = (await times.first().textContent())?.trim() ?? "";
  await times.first().click();
  await expect(
    page.getByText(/You can cancel up to 24 hours before \(your credit comes back\) and move it up to 12 hours before/),
  ).toBeVisible();
  await page.getByLabel("Note for your coach").fill("I would like to work on airway management.");
  await fitsPhoneAndLaptop(page, "the slot picker");
  await page.getByRole("button", { name: `Book ${firstTime}` }).click();

  // It is upcoming, with its windows, and the credit is spent (this month's, when it is this month).
  const upcoming = page.getByTestId("upcoming-session");
  await expect(upcoming).toHaveCount(1, { timeout: 15_000 });
  await expect(upcoming).toContainText("with Dana Okafor");
  await expect(upcoming).toContainText(firstTime);
  await expect(upcoming).toContainText(/Cancel until .* for your credit back\. Move it until/);
  const thisMonth = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric" }).format(new Date());
  if (shownMonth === thisMonth) await expect(page.getByTestId("credits-left")).toContainText("1 of 2 left");
  const booked = (await upcoming.textContent()) ?? "";
  await fitsPhoneAndLaptop(page, "an upcoming session");

  // Both people get the invite by mail.
  await expect
    .poll(async () => (await mailsTo(request, email)).some((m) => /^Coaching session with Dana Okafor/.test(m.subject)), {
      timeout: 20_000,
    })
    .toBe(true);
  const invite = (await mailsTo(request, email)).find((m) => /^Coaching session with Dana/.test(m.subject))!;
  expect(invite.text).toMatch(/Content-Type: text\/calendar/i);

  // Move it to the day's last time: the credit stays spent once.
  await upcoming.getByRole("button", { name: "Reschedule" }).click();
  await expect(page.getByRole("heading", { name: "Choose a new time with Dana Okafor" })).toBeVisible();
  await openFirstDay(page);
  await expect(times.first()).toBeVisible({ timeout: 15_000 });
  const lastTime = (await times.last().textContent())?.trim() ?? "";
  expect(lastTime).not.toBe(firstTime);
  await times.last().click();
  await page.getByRole("button", { name: `Move to ${lastTime}` }).click();
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming).toContainText(lastTime, { timeout: 15_000 });
  expect(await upcoming.textContent()).not.toBe(booked);
  if (shownMonth === thisMonth) await expect(page.getByTestId("credits-left")).toContainText("1 of 2 left");

  // Cancel it: the credit comes back, and it is listed as cancelled.
  await upcoming.getByRole("button", { name: "Cancel" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this session?" });
  await dialog.getByRole("button", { name: "Cancel session" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Nothing booked yet.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("credits-left")).toContainText("2 of 2 left");
  await expect(page.getByRole("region", { name: "Past and cancelled sessions" })).toContainText("Cancelled");
  await expect
    .poll(async () => (await mailsTo(request, email)).some((m) => /^Cancelled: coaching session/.test(m.subject)), {
      timeout: 20_000,
    })
    .toBe(true);
});

test.describe("staff", () => {
  // The staff member's coach zone starts as UTC and the browser is in Auckland: the staff screens
  // read in the coach profile's zone (each booking in its coach's), never the browser's.
  test.use({ storageState: STAFF_STATE, timezoneId: "Pacific/Auckland" });

  test("staff see the bookings and the learner, their week, and set their hours with time inputs", async ({ page }) => {
    test.setTimeout(180_000);
    await openStaffArea(page);
    await page.goto("/admin/scheduling");
    await expect(page).toHaveTitle(/Scheduling/);
    await expect(page.getByRole("heading", { name: "Scheduling", level: 1 })).toBeVisible();
    // The candidate's session of the journey above, cancelled: the filters find it, or leave it out.
    const view = page.getByRole("button", { name: "View session of Robin Achterberg" }).first();
    await expect(view).toBeVisible({ timeout: 15_000 });
    await page.getByLabel("Status", { exact: true }).selectOption("booked");
    await expect(page).toHaveURL(/f\.status=booked/);
    await expect(view).toHaveCount(0);
    await page.getByLabel("Status", { exact: true }).selectOption("cancelled");
    await page.getByLabel("Coach", { exact: true }).selectOption({ label: "Dana Okafor" });
    await page.getByLabel("Search by candidate or coach").fill("Achterberg");
    await expect(page).toHaveURL(/f\.coach_id=\d+/);
    await expect(view).toBeVisible();
    // Dana coaches from Berlin: her session reads in her zone, labelled with it.
    await expect(page.getByText("(Europe/Berlin)").first()).toBeVisible();
    await expect(page.getByText(/every coaching session, each in its coach's time zone/i)).toBeVisible();
    await page.getByLabel("Coach", { exact: true }).selectOption({ label: "Sam Lindqvist" });
    await expect(view).toHaveCount(0);
    await page.getByLabel("Coach", { exact: true }).selectOption({ label: "Dana Okafor" });
    // Opened, with the note before the call.
    await view.click();
    // The list's filters stay in the address, for the way back.
    await expect(page).toHaveURL(/\/admin\/view-scheduling\/\d+\?.*f\.coach_id=\d+/);
    await expect(page.getByText("I would like to work on airway management.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Weakest themes" })).toBeVisible();

    await page.goto("/admin/scheduling");
    await page.getByRole("tab", { name: "My week" }).click();
    await expect(page.getByRole("heading", { name: /^Week of / })).toBeVisible();
    await expect(page.getByText(/sessions? booked this week, no working hours this week, in your time zone \(UTC\)/)).toBeVisible();
    await page.getByRole("button", { name: "Next week" }).click();
    await page.getByRole("button", { name: "This week" }).click();
    await fitsPhoneAndLaptop(page, "the week view");

    await page.getByRole("tab", { name: "My availability" }).click();
    const form = page.getByRole("form", { name: "My availability" });
    await expect(form).toBeVisible();
    // Monday 09:00–12:00 and 14:00–16:30; Tuesday cleared; a day off on a date.
    await form.getByRole("button", { name: "Add hours on Monday" }).click();
    await form.getByRole("button", { name: "Add hours on Monday" }).click();
    await form.getByLabel("Monday opening 1 From").fill("09:00");
    await form.getByLabel("Monday opening 1 Until").fill("12:00");
    await form.getByLabel("Monday opening 2 From").fill("14:00");
    await form.getByLabel("Monday opening 2 Until").fill("16:30");
    await form.getByRole("button", { name: "Add a date" }).click();
    await form.getByLabel("Date", { exact: true }).fill("2031-12-24");
    await fitsPhoneAndLaptop(page, "the availability editor");
    // Overlapping hours are refused with the rule before anything is sent.
    await form.getByLabel("Monday opening 2 From").fill("11:00");
    await form.getByRole("button", { name: "Save availability" }).click();
    await expect(form.getByText("Monday: 09:00–12:00 and 11:00–16:30 overlap")).toBeVisible();
    await form.getByLabel("Monday opening 2 From").fill("14:00");
    await form.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByText("Your availability is saved")).toBeVisible({ timeout: 45_000 });

    // Saved: the same hours come back after a reload.
    await page.reload();
    await page.getByRole("tab", { name: "My availability" }).click();
    await expect(form.getByLabel("Monday opening 2 Until")).toHaveValue("16:30", { timeout: 15_000 });
    await expect(form.getByLabel("Date", { exact: true })).toHaveValue("2031-12-24");
    await expect(form.getByLabel("That day")).toHaveValue("off");

    // The week view now shows those hours, Monday's two openings, behind the sessions.
    await page.getByRole("tab", { name: "My week" }).click();
    await expect(page.getByText(/booked this week, 5 h 30 min of working hours/)).toBeVisible();
    const monday = page.getByRole("list", { name: /^Working hours, / });
    await expect(monday).toHaveCount(1);
    await expect(monday.getByRole("listitem")).toHaveText(["Open 09:00–12:00", "Open 14:00–16:30"]);
    // The hours are not bookable yet: this staff member has not turned on Take bookings.
    await expect(page.getByText(/You are not taking bookings: candidates cannot book these hours/)).toBeVisible();
  });
});
