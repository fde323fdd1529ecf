import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { ACCOUNTS, STAFF_STATE, STAFF_TOTP } from "./playwright.config";

export { ACCOUNTS, STAFF_STATE };

export const PROJECT = Buffer.from("rescue-academy:local-project-secret").toString("base64");

/** Signs in through the real form and waits for the dashboard (accounts without two-factor sign-in). */
export async function signIn(page: Page, role: "user" | "admin", account = ACCOUNTS[role], baseURL = "") {
  await page.goto(`${baseURL}/${role}/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${role}/dashboard$`));
}

/**
 * Opens the staff dashboard in the seeded admin's session, signed in (with its code) once before
 * the journeys: a spec that calls this uses `test.use({ storageState: STAFF_STATE })`. Each sign-in
 * of the account needs a code of a new 30-second step, so the journeys share one session.
 */
export async function openStaffArea(page: Page) {
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId("wrapper-admin")).toBeVisible();
}

/** The seeded admin's token, for staff calls a journey makes through the API. */
export function staffToken(): string {
  const state = JSON.parse(readFileSync(STAFF_STATE, "utf8")) as { origins: { localStorage: { name: string; value: string }[] }[] };
  const token = state.origins[0]?.localStorage.find((item) => item.name === "token")?.value;
  if (!token) throw new Error(`no staff token in ${STAFF_STATE}`);
  return token;
}

export const staffHeaders = () => ({ "x-project": PROJECT, authorization: `Bearer ${staffToken()}` });

type StaffTotp = { secret: string; lastStep: number };
export function writeStaffTotp(totp: StaffTotp) {
  mkdirSync(path.dirname(STAFF_TOTP), { recursive: true });
  writeFileSync(STAFF_TOTP, JSON.stringify(totp));
}

/**
 * A code from the seeded admin's authenticator app for a step it has not used yet: the server
 * takes each step once, and one step either side of its clock, so this waits when the next
 * unused step is still ahead of that.
 */
export async function nextStaffCode(): Promise<string> {
  const totp = JSON.parse(readFileSync(STAFF_TOTP, "utf8")) as StaffTotp;
  const stepNow = () => Math.floor(Date.now() / 30_000);
  const step = Math.max(totp.lastStep + 1, stepNow());
  while (step > stepNow() + 1) await new Promise((r) => setTimeout(r, 500));
  writeStaffTotp({ ...totp, lastStep: step });
  return generate({ secret: totp.secret, epoch: step * 30 });
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
