import { defineConfig, devices } from "@playwright/test";

/** Two servers on fresh embedded databases: one as shipped, one with 4-second tokens for the expiry journey. */
export const ACCOUNTS = {
  admin: { email: "admin@e2e.test", password: "admin password e2e" },
  user: { email: "candidate@e2e.test", password: "candidate password e2e" },
};
// E2E_PORT lets two checkouts run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 4310);
const SHORT_TTL_PORT = PORT + 1;

const serverEnv = (port: number, extra: Record<string, string> = {}) => ({
  PORT: String(port),
  HOST: "127.0.0.1",
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: `rm -rf test-results/e2e-data-${PORT} && node apps/server/dist/server.js`,
      cwd: "../..",
      url: `http://127.0.0.1:${PORT}/readyz`,
      env: serverEnv(PORT),
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `rm -rf test-results/e2e-data-${SHORT_TTL_PORT} && node apps/server/dist/server.js`,
      cwd: "../..",
      url: `http://127.0.0.1:${SHORT_TTL_PORT}/readyz`,
      env: serverEnv(SHORT_TTL_PORT, { TOKEN_TTL_SECONDS: "4" }),
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});

export const SHORT_TTL_URL = `http://127.0.0.1:${SHORT_TTL_PORT}`;
