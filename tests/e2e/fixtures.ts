import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test as base, expect } from "@playwright/test";
import { generate } from "otplib";
import { ACCOUNTS, E2E_JWT_SECRET, MAIL_URL, OIDC_URL, PORTS, PROJECT, STAFF_STATE, writeStaffTotp } from "./helpers";

export type { APIRequestContext, Locator, Page, Request } from "@playwright/test";
export { expect };

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Every worker runs the journeys against a stack of its own: the built server on a fresh embedded
 * database in its own data folder, an SMTP server whose mail the journeys read, and an OpenID
 * Connect provider. Ports and folders come from the worker's parallel slot (`helpers.ts`), so
 * workers never share an account, a mail or a database.
 */
type Stack = { baseURL: string };

export const test = base.extend<object, { stack: Stack }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const started: ChildProcess[] = [];
      const start = (args: string[], env: Record<string, string> = {}) => {
        const child = spawn(process.execPath, args, {
          cwd: ROOT,
          env: { ...process.env, ...env },
          stdio: ["ignore", "inherit", "inherit"],
        });
        started.push(child);
        return child;
      };
      try {
        start(["tests/e2e/mail-catcher.mjs", String(PORTS.smtp), String(PORTS.mailHttp)]);
        const baseURL = `http://127.0.0.1:${PORTS.server}`;
        start(["tests/e2e/oidc-provider.mjs", String(PORTS.oidc), `${baseURL}/oauth/mock/callback`]);
        await Promise.all([answers(MAIL_URL), answers(`${OIDC_URL}/.well-known/openid-configuration`)]);
        const dataDir = path.join(ROOT, `test-results/e2e-data-${PORTS.server}`);
        rmSync(dataDir, { recursive: true, force: true });
        start(["apps/server/dist/server.js"], {
          PORT: String(PORTS.server),
          HOST: "127.0.0.1",
          // Journeys sign the seeded accounts in more often than a person would.
          LOGIN_RATE_LIMIT: "100",
          REGISTER_RATE_LIMIT: "1000",
          DATA_DIR: dataDir,
          // Links the server makes (checkout pages, emails) point at the origin the browser uses.
          PUBLIC_URL: baseURL,
          // Known to the session-expiry journey, which signs a token that has already expired.
          JWT_SECRET: E2E_JWT_SECRET,
          ADMIN_EMAIL: ACCOUNTS.admin.email,
          ADMIN_PASSWORD: ACCOUNTS.admin.password,
          DEMO_USER_EMAIL: ACCOUNTS.user.email,
          DEMO_USER_PASSWORD: ACCOUNTS.user.password,
          LOG_LEVEL: "warn",
          SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
          OIDC_MOCK_ISSUER: OIDC_URL,
          OIDC_MOCK_CLIENT_ID: "academy-e2e",
          OIDC_MOCK_CLIENT_SECRET: "academy-e2e-secret",
        });
        await answers(`${baseURL}/readyz`, 240_000);
        await turnOnStaffTwoFactor(baseURL);
        await use({ baseURL });
      } finally {
        await Promise.all(started.map(stop));
      }
    },
    { scope: "worker", auto: true, timeout: 300_000 },
  ],
  baseURL: async ({ stack }, use) => use(stack.baseURL),
});

/** Resolves once `url` answers 200, polling; rejects after `timeoutMs`. */
async function answers(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
  });
}

/**
 * Staff must turn on two-factor sign-in before the staff area opens (ADMIN_2FA_REQUIRED). The
 * seeded admin does it once per stack, through the same calls as the setup screen, and the staff
 * journeys share the session it signs in with (`STAFF_STATE`).
 */
async function turnOnStaffTwoFactor(baseURL: string) {
  const call = async (method: "GET" | "POST", url: string, init: { token?: string; body?: unknown } = {}) => {
    const res = await fetch(`${baseURL}${url}`, {
      method,
      headers: {
        "x-project": PROJECT,
        ...(method === "POST" ? { "content-type": "application/json" } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(method === "POST" ? { body: JSON.stringify(init.body ?? {}) } : {}),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const login = await call("POST", "/v2/api/lambda/login", { body: { ...ACCOUNTS.admin, role: "admin" } });
  expect(login.status).toBe(200);
  expect(login.json).toMatchObject({ role: "admin", staff_role: "administrator", two_factor_setup_required: true });
  const token = login.json.token as string;

  const early = await call("GET", "/v2/api/lambda/admin/users", { token });
  expect(early.status).toBe(403);
  expect(early.json.code).toBe("TWO_FACTOR_REQUIRED");

  const enable = await call("POST", "/v2/api/lambda/2fa/enable", { token });
  expect(enable.status).toBe(200);
  const secret = enable.json.secret as string;
  const step = Math.floor(Date.now() / 30_000);
  const authorize = await call("POST", "/v2/api/lambda/2fa/authorize", {
    token,
    body: { token: await generate({ secret, epoch: step * 30 }) },
  });
  expect(authorize.status).toBe(200);
  writeStaffTotp({ secret, lastStep: step });
  expect((await call("GET", "/v2/api/lambda/admin/users", { token })).status).toBe(200);

  // What the web app keeps in localStorage after a sign-in.
  const userDetails = { firstName: login.json.first_name, lastName: login.json.last_name, photo: login.json.photo };
  const localStorage = [
    { name: "token", value: token },
    { name: "role", value: "admin" },
    { name: "staffRole", value: String(login.json.staff_role) },
    { name: "user", value: String(login.json.user_id) },
    { name: "userDetails", value: JSON.stringify(userDetails) },
  ];
  mkdirSync(path.dirname(STAFF_STATE), { recursive: true });
  writeFileSync(STAFF_STATE, JSON.stringify({ cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage }] }));
}
