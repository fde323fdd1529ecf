import { type APIRequestContext, expect, test } from "./fixtures";
import { PROJECT, signIn, uniqueEmail } from "./helpers";

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ timeout: 90_000 });

/** A new candidate who chose these themes at onboarding; answers their email and password. */
async function candidate(request: APIRequestContext, themes: string[]) {
  const email = uniqueEmail("planner");
  const password = "a strong passphrase";
  const reg = await request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { email, password, first_name: "Sam", last_name: "Rivera", role: "user" },
  });
  expect(reg.ok()).toBe(true);
  const auth = { "x-project": PROJECT, authorization: `Bearer ${(await reg.json()).token}` };
  const onboarding = await request.put("/v3/api/custom/rescue-academy/onboarding", { headers: auth, data: { track: "ems", themes } });
  expect(onboarding.ok()).toBe(true);
  return { email, password };
}

test("a candidate moves study plan cards with the mouse and with the keyboard", async ({ page, request }) => {
  const { email, password } = await candidate(request, ["airway-breathing", "circulation-cpr", "trauma-bleeding"]);
  await signIn(page, "user", { email, password });
  await page.getByRole("navigation").getByRole("link", { name: "Study plan" }).click();
  await expect(page).toHaveURL(/\/user\/study-plan$/);
  await expect(page.getByRole("heading", { level: 1, name: "Study plan" })).toBeVisible();

  const toStudy = page.getByTestId("column-to_study");
  const studying = page.getByTestId("column-studying");
  const ready = page.getByTestId("column-ready");
  // Three themes, and two sections to read for each theme whose document the free plan opens (trauma's is core).
  await expect(toStudy.getByRole("listitem").filter({ has: page.getByRole("article") })).toHaveCount(7, { timeout: 30_000 });
  const airway = page.getByTestId("card-airway-breathing");
  const title = (await airway.getByRole("heading").textContent())!;

  // Mouse: drag the card onto "Studying".
  // The columns stand side by side as tall as the longest, so "Studying" lies level with the card.
  const handle = airway.getByTestId("card-handle");
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await studying.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, from.y + from.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(studying.getByTestId("card-airway-breathing")).toBeVisible();
  await expect(toStudy.getByTestId("card-airway-breathing")).toHaveCount(0);

  // Keyboard: its arrow button moves it on to "Ready".
  const moveOn = page.getByRole("button", { name: `Move ${title} to Ready` });
  await moveOn.focus();
  await page.keyboard.press("Enter");
  await expect(ready.getByTestId("card-airway-breathing")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `${title} is in Ready` })).toBeAttached();

  // And within a column, up and down.
  const cards = toStudy.getByRole("article");
  const firstBefore = await cards.first().getAttribute("aria-label");
  const second = (await cards.nth(1).getAttribute("aria-label"))!;
  await page.getByRole("button", { name: `Move ${second} up` }).focus();
  await page.keyboard.press("Enter");
  await expect(cards.first()).toHaveAttribute("aria-label", second);
  await expect(cards.nth(1)).toHaveAttribute("aria-label", firstBefore!);

  // The board is kept: after a reload every card is where it was put.
  await page.reload();
  await expect(ready.getByTestId("card-airway-breathing")).toBeVisible({ timeout: 30_000 });
  await expect(toStudy.getByRole("article").first()).toHaveAttribute("aria-label", second);
});

test("a candidate's study plan suggests a library section for a weak theme, and its card opens the section", async ({ page, request }) => {
  const { email, password } = await candidate(request, ["airway-breathing"]);
  await signIn(page, "user", { email, password });
  await page.goto("/user/study-plan");
  const toStudy = page.getByTestId("column-to_study");
  const section = toStudy.locator('[data-testid^="card-airway-breathing#"]').first();
  await expect(section).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText("Library section")).toBeVisible();
  await expect(section.getByText("Airway and breathing")).toBeVisible();
  // On a phone the board fits without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect.poll(() => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= window.innerWidth)).toBe(true);
  await section.scrollIntoViewIfNeeded();
  const heading = (await section.getByRole("heading").textContent())!;
  const anchor = (await section.getAttribute("data-testid"))!.split("#")[1]!;

  await section.getByRole("link", { name: `Read ${heading} in the library` }).click();
  await expect(page).toHaveURL(new RegExp(`/user/document-library/airway-breathing#${anchor}$`));
  const opened = page.locator(`section#${anchor}`);
  await expect(opened.getByRole("heading", { level: 2, name: heading })).toBeInViewport({ timeout: 30_000 });
  await expect(opened).toBeFocused();
});
