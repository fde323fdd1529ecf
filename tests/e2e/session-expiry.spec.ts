import { expect, type Page, test } from "./fixtures";
import { expiredCopyOf, PROJECT, signIn, uniqueEmail, watchRequests } from "./helpers";

/**
 * The page's clock is the journey's: the app's own delays (session recording starts 3 s after the
 * app opens, the modal logs out after 4 s) pass when the journey says so.
 */
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/**
 * Signs the seeded candidate in and lets the app finish what it starts on its own (session
 * recording asks for the candidate's consent 3 s after the app opens), so no call of the app's is
 * still to come when the token is swapped.
 */
async function signInAndSettle(page: Page) {
  // A candidate of the journey's own: what other journeys did to the seeded one (consent to
  // recording, plans) would start calls of its own at any time.
  const account = { email: uniqueEmail("expiry"), password: "a strong passphrase" };
  const made = await page.request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { ...account, first_name: "Eli", last_name: "Expiry", role: "user" },
  });
  expect(made.ok()).toBe(true);
  const requests = watchRequests(page);
  const consent = page.waitForResponse((r) => r.url().includes("/analytics/consent"));
  await signIn(page, "user", account);
  await page.clock.runFor(3_100);
  await consent;
  await requests.settled(500);
  requests.stop();
}

/**
 * Swaps the browser's sign-in token for the same token expired a minute ago, signed with the
 * server's key: the next call meets the server's real expiry check, without waiting an hour.
 * Unless `isRenewable`, the session is over on the server too (away past its idle limit, which
 * the server tests cover with their clock): its refresh token is one the server refuses.
 */
async function letTokenExpire(page: Page, { isRenewable = false } = {}) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token).toBeTruthy();
  const expired = await expiredCopyOf(token as string);
  await page.evaluate(
    ([t, ended]) => {
      localStorage.setItem("token", t);
      if (ended) localStorage.setItem("refreshToken", "a-session-that-ended-on-the-server-0000000000");
    },
    [expired, !isRenewable] as const,
  );
  return expired;
}

async function expireWhileAway(page: Page) {
  await signInAndSettle(page);
  await page.getByTestId("sidebar").getByRole("link", { name: "Progress" }).click();
  await expect(page).toHaveURL(/\/user\/prev$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await letTokenExpire(page);
  // Coming back to the dashboard asks the server for the profile with the expired token.
  await page.getByTestId("sidebar").getByRole("link", { name: "Dashboard" }).click();
  const dialog = page.getByRole("dialog", { name: "Session Expired" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Your current login session has expired. Redirecting to login page shortly");
  return dialog;
}

test("an expired session shows the modal; its button logs out and returns with redirect_uri", async ({ page }) => {
  const dialog = await expireWhileAway(page);
  await dialog.getByRole("button", { name: "Got it, thanks!" }).click();
  await expect(page).toHaveURL(/\/user\/login\?redirect_uri=\/user\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("without a click the modal logs out after 4 seconds", async ({ page }) => {
  const dialog = await expireWhileAway(page);
  // Three seconds on (plus the moments the journey itself takes): still there.
  await page.clock.runFor(3_000);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.clock.runFor(1_500);
  await expect(page).toHaveURL(/\/user\/login\?redirect_uri=\/user\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("a stored token that expired is checked at start: logged out and sent to sign in", async ({ page }) => {
  await signInAndSettle(page);
  await letTokenExpire(page);
  await page.reload();
  await expect(page).toHaveURL(/\/user\/login/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("no raw code shows behind the modal, on a screen that reports its failure", async ({ page }) => {
  await signInAndSettle(page);
  await letTokenExpire(page);
  // The progress screen shows its loading failure in the page, behind the modal.
  await page.getByTestId("sidebar").getByRole("link", { name: "Progress" }).click();
  await expect(page.getByRole("dialog", { name: "Session Expired" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Your session has expired");
  await expect(page.locator("body")).not.toContainText("TOKEN_EXPIRED");
});

test("an active person whose token ends is renewed without noticing: no modal, the call goes through", async ({ page }) => {
  await signInAndSettle(page);
  const refreshBefore = await page.evaluate(() => localStorage.getItem("refreshToken"));
  expect(refreshBefore).toBeTruthy();
  const expired = await letTokenExpire(page, { isRenewable: true });
  const renewal = page.waitForResponse((r) => r.url().endsWith("/v2/api/lambda/token/refresh"));
  // A click is activity: the profile call meets the expired token, the session renews, the call is sent again.
  await page.getByTestId("sidebar").getByRole("link", { name: "Progress" }).click();
  expect((await renewal).status()).toBe(200);
  await expect(page).toHaveURL(/\/user\/prev$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Session Expired" })).toHaveCount(0);
  const after = await page.evaluate(() => ({ token: localStorage.getItem("token"), refresh: localStorage.getItem("refreshToken") }));
  expect(after.token).not.toBe(expired);
  expect(after.refresh).not.toBe(refreshBefore);
});
