import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";
import { SignJWT } from "jose";
import { generate } from "otplib";

export const ACCOUNTS = {
  admin: { email: "admin@e2e.test", password: "admin password e2e" },
  user: { email: "candidate@e2e.test", password: "candidate password e2e" },
};

/**
 * Each Playwright worker runs its own stack (fixtures.ts) on ports of its own: its parallel slot
 * picks a block of ten from E2E_PORT (which lets two checkouts run their journeys side by side).
 */
const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 4310) + SLOT * 10;
export const PORTS = { server: FIRST_PORT, smtp: FIRST_PORT + 2, mailHttp: FIRST_PORT + 3, oidc: FIRST_PORT + 4 };
/** Where the journeys read the mail that arrived at the worker's SMTP server (GET ?to=address). */
export const MAIL_URL = `http://127.0.0.1:${PORTS.mailHttp}/mails`;
/** The worker's OpenID Connect provider, which the server offers as "Mock". */
export const OIDC_URL = `http://127.0.0.1:${PORTS.oidc}`;
/** The worker's server signs its tokens with this key. */
export const E2E_JWT_SECRET = "e2e-signing-key-0123456789abcdef0123456789abcdef";

/**
 * The seeded admin turns on two-factor sign-in once per worker, before its journeys (staff must):
 * its browser session (localStorage) for the staff journeys, and its authenticator secret.
 */
const results = fileURLToPath(new URL("../../test-results/", import.meta.url));
export const STAFF_STATE = path.join(results, `e2e-staff-${PORTS.server}.json`);
const STAFF_TOTP = path.join(results, `e2e-staff-totp-${PORTS.server}.json`);

export const PROJECT = Buffer.from("rescue-academy:local-project-secret").toString("base64");

/**
 * The same sign-in token as `token` (same person, role and token version), but one that expired
 * `secondsAgo` ago, signed as the server signs its own: what a browser holds after the person
 * walked away for longer than a token lives, without waiting for it.
 */
export async function expiredCopyOf(token: string, secondsAgo = 60): Promise<string> {
  const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 3600 - secondsAgo, exp: now - secondsAgo })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

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

/**
 * A staff member of `staffRole`, made by the seeded administrator, who signs in through the form
 * and sets up two-factor sign-in as staff must, landing on the staff dashboard.
 */
export async function signInAsNewStaff(page: Page, staffRole: string, name: { first: string; last: string }) {
  const email = uniqueEmail(`staff-${staffRole}`);
  const password = "staff passphrase e2e";
  const made = await page.request.post("/v2/api/lambda/register", {
    headers: staffHeaders(),
    data: { email, password, first_name: name.first, last_name: name.last, role: "admin", staff_role: staffRole },
  });
  expect(made.status()).toBe(200);
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/setup-2fa$/);
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  await page.getByLabel("6-digit code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

type StaffTotp = { secret: string; lastStep: number };
export function writeStaffTotp(totp: StaffTotp) {
  mkdirSync(path.dirname(STAFF_TOTP), { recursive: true });
  writeFileSync(STAFF_TOTP, JSON.stringify(totp));
}

/**
 * A code from the seeded admin's authenticator app for a step it has not used yet. The server
 * takes each step once, and one step either side of its clock; the worker's setup used the
 * current step, so the next one is always within reach without waiting. A journey that needs more
 * codes signs in an account of its own.
 */
export async function nextStaffCode(): Promise<string> {
  const totp = JSON.parse(readFileSync(STAFF_TOTP, "utf8")) as StaffTotp;
  const stepNow = Math.floor(Date.now() / 30_000);
  const step = Math.max(totp.lastStep + 1, stepNow);
  if (step > stepNow + 1) throw new Error("the seeded admin's next unused code is not valid yet: sign in an account of the journey's own");
  writeStaffTotp({ ...totp, lastStep: step });
  return generate({ secret: totp.secret, epoch: step * 30 });
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

/** Long polls (chat, channels) are held open by design: they never finish while a page is open. */
const HELD_OPEN = /\/(room|channel)\/poll\b/;

/**
 * Watches the page's requests from now on. `settled()` resolves once every request the page made
 * (its code, its data, but not a held long poll) has finished and none started for `quietMs`:
 * the moment a screen has drawn what it loads, without waiting a fixed time.
 */
export function watchRequests(page: Page) {
  const inFlight = new Set<import("@playwright/test").Request>();
  let lastChange = Date.now();
  const started = (r: import("@playwright/test").Request) => {
    if (HELD_OPEN.test(r.url())) return;
    inFlight.add(r);
    lastChange = Date.now();
  };
  const ended = (r: import("@playwright/test").Request) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    async settled(quietMs = 300, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > until) throw new Error(`requests still open: ${[...inFlight].map((r) => r.url()).join(", ")}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop() {
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
    },
  };
}
