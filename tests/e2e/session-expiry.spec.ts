import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./helpers";
import { SHORT_TTL_URL } from "./playwright.config";

// This server signs 4-second tokens.
test.use({ baseURL: SHORT_TTL_URL });

async function expireWhileAway(page: import("@playwright/test").Page) {
  await signIn(page, "user", ACCOUNTS.user, SHORT_TTL_URL);
  await page.getByTestId("sidebar").getByRole("link", { name: "Progress" }).click();
  await expect(page).toHaveURL(/\/user\/prev$/);
  await page.waitForTimeout(5_000);
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
  await expireWhileAway(page);
  const shownAt = Date.now();
  await expect(page).toHaveURL(/\/user\/login\?redirect_uri=\/user\/dashboard$/, { timeout: 8_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3_000);
});

test("a stored token that expired is checked at start: logged out and sent to sign in", async ({ page }) => {
  await signIn(page, "user", ACCOUNTS.user, SHORT_TTL_URL);
  await page.waitForTimeout(5_000);
  await page.reload();
  await expect(page).toHaveURL(/\/user\/login/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("no raw code shows behind the modal, on a screen that reports its failure", async ({ page }) => {
  await signIn(page, "user", ACCOUNTS.user, SHORT_TTL_URL);
  await page.waitForTimeout(5_000);
  // The progress screen shows its loading failure in the page, behind the modal.
  await page.getByTestId("sidebar").getByRole("link", { name: "Progress" }).click();
  await expect(page.getByRole("dialog", { name: "Session Expired" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Your session has expired");
  await expect(page.locator("body")).not.toContainText("TOKEN_EXPIRED");
});
