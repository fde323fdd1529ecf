import { expect, type Page } from "@playwright/test";
import { ACCOUNTS } from "./playwright.config";

export { ACCOUNTS };

/** Signs in through the real form and waits for the dashboard. */
export async function signIn(page: Page, role: "user" | "admin", account = ACCOUNTS[role], baseURL = "") {
  await page.goto(`${baseURL}/${role}/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${role}/dashboard$`));
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
