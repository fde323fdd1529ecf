import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

/** Two servers on fresh embedded databases: one as shipped, one with 4-second tokens for the expiry journey. */
export const ACCOUNTS = {
  admin: { email: "admin@e2e.test", password: "admin password e2e" },
  user: { email: "candidate@e2e.test", password: "candidate password e2e" },
};
// E2E_PORT lets two checkouts run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 4310);
const SHORT_TTL_PORT = PORT + 1;
const SMTP_PORT = PORT + 2;
const MAIL_HTTP_PORT = PORT + 3;
/** Where the journeys read the mail that arrived at the SMTP server (GET ?to=address). */
export const MAIL_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}/mails`;
/** A local OpenID Connect provider the main server offers as "Mock". */
const OIDC_PORT = PORT + 4;
/**
 * The seeded admin turns on two-factor sign-in once, before the journeys (staff must): its
 * browser session (localStorage) for the staff journeys, and its authenticator secret.
 */
export const STAFF_STATE = fileURLToPath(new URL(`../../test-results/e2e-staff-${PORT}.json`, import.meta.url));
export const STAFF_TOTP = fileURLToPath(new URL(`../../test-results/e2e-staff-totp-${PORT}.json`, import.meta.url));

const serverEnv = (port: number, extra: Record<string, string> = {}) => ({
  PORT: String(port),
  HOST: "127.0.0.1",
  // Journeys sign the seeded accounts in more often than a person would.
  LOGIN_RATE_LIMIT: "100",
  REGISTER_RATE_LIMIT: "1000",
  DATA_DIR: `test-results/e2e-data-${port}`,
  // Links the server makes (checkout pages, emails) point at the origin the browser uses.
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ADMIN_EMAIL: ACCOUNTS.admin.email,
  ADMIN_PASSWORD: ACCOUNTS.admin.password,
  DEMO_USER_EMAIL: ACCOUNTS.user.email,
  DEMO_USER_PASSWORD: ACCOUNTS.user.password,
  LOG_LEVEL: "warn",
  ...extra,
});

export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results/e2e-artifacts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "staff setup", testMatch: /\.setup\.ts$/ },
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined }, dependencies: ["staff setup"] },
  ],
  webServer: [
    {
      command: `node tests/e2e/mail-catcher.mjs ${SMTP_PORT} ${MAIL_HTTP_PORT}`,
      cwd: "../..",
      url: MAIL_URL,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node tests/e2e/oidc-provider.mjs ${OIDC_PORT}`,
      cwd: "../..",
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf test-results/e2e-data-${PORT} && node apps/server/dist/server.js`,
      cwd: "../..",
      url: `http://127.0.0.1:${PORT}/readyz`,
      env: serverEnv(PORT, {
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        OIDC_MOCK_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        OIDC_MOCK_CLIENT_ID: "academy-e2e",
        OIDC_MOCK_CLIENT_SECRET: "academy-e2e-secret",
      }),
      reuseExistingServer: false,
      timeout: 240_000,
    },
    {
      command: `rm -rf test-results/e2e-data-${SHORT_TTL_PORT} && node apps/server/dist/server.js`,
      cwd: "../..",
      url: `http://127.0.0.1:${SHORT_TTL_PORT}/readyz`,
      env: serverEnv(SHORT_TTL_PORT, { TOKEN_TTL_SECONDS: "4" }),
      reuseExistingServer: false,
      timeout: 240_000,
    },
  ],
});

export const SHORT_TTL_URL = `http://127.0.0.1:${SHORT_TTL_PORT}`;
