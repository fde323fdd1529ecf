import { type APIRequestContext, expect, type Page, test } from "./fixtures";
import { PROJECT, STAFF_STATE, signIn, staffHeaders, uniqueEmail } from "./helpers";

// Each journey signs a new candidate in and opens several screens: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

/** A candidate who just signed up (through the API, as the sign-up form does), signed in in the browser. */
async function newCandidate(page: Page, request: APIRequestContext) {
  const account = { email: uniqueEmail("first-steps"), password: "a strong passphrase" };
  const reg = await request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { ...account, first_name: "Sam", last_name: "Reyes", role: "user" },
  });
  expect(reg.ok()).toBe(true);
  await signIn(page, "user", account);
  return { headers: { "x-project": PROJECT, authorization: `Bearer ${(await reg.json()).token}` } };
}

const customPath = (rest: string) => `/v3/api/custom/rescue-academy/${rest}`;
const stepper = (page: Page) => page.getByTestId("onboarding-stepper");

test("the onboarding stepper and the generate screen follow the saved answers, not the address", async ({ page, request }) => {
  const { headers } = await newCandidate(page, request);

  // Nothing saved: opening the last step marks no earlier step as done, and builds nothing.
  await page.goto("/user/onboarding/generatequiz");
  await expect(page.getByRole("heading", { name: "Your choices are not complete yet" })).toBeVisible();
  await expect(stepper(page).getByText("(done)")).toHaveCount(0);
  await expect(stepper(page).locator("[aria-current=step]")).toContainText("Your quiz");
  await page.getByRole("link", { name: "Continue onboarding" }).click();
  await expect(page).toHaveURL(/\/user\/onboarding\/form$/);
  expect((await (await request.get(customPath("quiz/list"), { headers })).json()).list).toHaveLength(0);

  // A saved track marks "About you" done on every screen, including the welcome screen.
  expect((await request.put(customPath("onboarding"), { headers, data: { track: "ems" } })).ok()).toBe(true);
  await page.goto("/user/onboarding");
  await expect(stepper(page).getByRole("link", { name: /About you/ })).toBeVisible();
  await expect(stepper(page).getByRole("link", { name: /Themes/ })).toHaveCount(0);
});

test("the dashboard's next steps follow the candidate: onboarding first, then the first quiz", async ({ page, request }) => {
  const { headers } = await newCandidate(page, request);
  const steps = page.getByTestId("next-steps");
  await expect(steps.getByRole("link", { name: /Start onboarding/ })).toBeVisible({ timeout: 20_000 });
  await expect(steps.getByRole("link", { name: /Choose a plan/ })).toBeVisible();
  await expect(steps.getByRole("link", { name: /Progress/ })).toHaveCount(0);

  expect((await request.put(customPath("onboarding"), { headers, data: { track: "ems" } })).ok()).toBe(true);
  await page.reload();
  // The next steps sit below the fold and load when in view or once the page is idle.
  await expect(steps.getByRole("link", { name: /Take your first quiz/ })).toBeVisible({ timeout: 20_000 });
  await expect(steps.getByRole("link", { name: /Start onboarding/ })).toHaveCount(0);
});

test("progress never asks to finish a quiz when it lists finished ones, and says so when there are none", async ({ page, request }) => {
  await newCandidate(page, request);
  await page.goto("/user/prev");
  await expect(page.getByTestId("trend-empty")).toHaveText(/Finish a quiz to see your trend/);
  await expect(page.getByText("You have not started a quiz yet.")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("the spec's detail-less paths open the screens that do their job", async ({ page }) => {
  await page.goto("/login?redirect_uri=/user/prev");
  await expect(page).toHaveURL(/\/user\/login\?redirect_uri=\/user\/prev$/);
  await signIn(page, "user");
  for (const [from, to] of [
    ["/account", "/user/profile"],
    ["/account/profile", "/user/profile"],
    ["/account/payments", "/user/card-details"],
    ["/account/billings", "/user/card-details"],
    ["/account/my-bookings", "/user/get-coaching"],
    ["/account/my-spaces", "/user/onboarding/allquizzes"],
    ["/account/my-spaces/4", "/user/onboarding/allquizzes"],
    ["/account/reviews", "/user/prev"],
    ["/explore", "/user/document-library"],
    ["/favorites", "/user/document-library"],
  ] as const) {
    await page.goto(from);
    await expect(page, from).toHaveURL(new RegExp(`${to.replace(/\//g, "\\/")}$`));
    await expect(page.getByTestId("wrapper-user")).toBeVisible();
  }
});

test.describe("CMS text", () => {
  test.use({ storageState: STAFF_STATE });

  test("the CMS screen lists every key the screens read, with its default", async ({ page }) => {
    await page.goto("/admin/cms");
    const keys = page.getByRole("region", { name: "Keys the screens read" });
    await expect(keys.getByTestId("cms-key")).toHaveCount(3);
    await expect(keys.getByTestId("cms-key").filter({ hasText: "landing.hero_title" })).toContainText(
      "Get ready for your entrance exam, one shift at a time.",
    );
  });

  test("the landing page shows the CMS headline without flashing the default first", async ({ browser, request }) => {
    // Another journey may have set this headline already: then it gets this journey's text.
    const entry = { page: "landing", key: "hero_title", type: "text", value: "Train for the call that matters." };
    const found = await request.get("/v4/api/records/cms", {
      headers: staffHeaders(),
      params: "filter=page,eq,landing&filter=key,eq,hero_title&size=1",
    });
    expect(found.ok()).toBe(true);
    const existing = ((await found.json()).list as { id: number }[])[0];
    let id: number;
    if (existing) {
      id = existing.id;
      expect((await request.put(`/v2/api/lambda/cms/${id}`, { headers: staffHeaders(), data: entry })).ok()).toBe(true);
    } else {
      const made = await request.post("/v2/api/lambda/cms", { headers: staffHeaders(), data: entry });
      expect(made.ok()).toBe(true);
      id = Number((await made.json()).data);
    }
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await visitor.newPage();
    try {
      // Record every headline the page ever shows.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { seenHeadlines: string[] }).seenHeadlines = seen;
        new MutationObserver(() => {
          const h1 = document.querySelector("h1");
          if (h1?.textContent && seen.at(-1) !== h1.textContent) seen.push(h1.textContent);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      // The CMS answers slowly (but within the wait).
      await page.route("**/v4/api/records/cms?**", async (route) => {
        await new Promise((r) => setTimeout(r, 700));
        await route.continue();
      });
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Train for the call that matters.");
      expect(await page.evaluate(() => (window as unknown as { seenHeadlines: string[] }).seenHeadlines)).toEqual([
        "Train for the call that matters.",
      ]);
    } finally {
      await visitor.close();
      await request.delete(`/v4/api/records/cms/${id}`, { headers: staffHeaders() });
    }
  });
});
