import { defineConfig, devices } from "@playwright/test";

/**
 * The journeys run on three workers, each against a stack of its own (the built server on a fresh
 * embedded database, an SMTP server, an OpenID Connect provider), started by the worker fixture in
 * `fixtures.ts`. E2E_WORKERS sets another number of workers.
 */
export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results/e2e-artifacts",
  globalSetup: "./global-setup.ts",
  fullyParallel: false,
  // Three on a 2-core machine: a journey spends much of its time waiting on its server and the
  // browser's rendering, so a third worker fills those waits (118 journeys: 6.9 min on two, 5.6 on three).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    // A trace costs a third of the journeys' CPU: E2E_TRACE=1 records one for each failed journey.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // The app's service worker would download the whole build into every journey's fresh browser;
    // only the journey of the installable app (installable.spec.ts) lets it register.
    serviceWorkers: "block",
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
});
