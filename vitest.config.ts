import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const serverFiles = ["apps/server/src/**/*.test.ts", "packages/contract/src/**/*.test.ts", "scripts/**/*.test.ts"];

/**
 * Server test files that never open a database (pure rules and maths): `server-pg` leaves them out,
 * as they would only run a second time. A file reaches a database through the test helpers.
 */
const databaseFree = readdirSync("apps/server/src", { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith(".test.ts") && !e.name.endsWith(".pg.test.ts"))
  .map((e) => path.join(e.parentPath, e.name))
  .filter((file) => !/\btest\/(app|database|answered-quiz)\.ts"/.test(readFileSync(file, "utf8")));

// Server files share their worker (`isolate: false`): the app's modules load once per worker, and
// each file still gets a database of its own. The workers spend much of their time waiting for a
// database, so there are more of them than cores.
const serverProject = {
  setupFiles: ["apps/server/src/test/setup.ts"],
  isolate: false,
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Transformed modules are kept on disk between runs (node_modules/.experimental-vitest-cache).
    experimental: { fsModuleCache: true },
    maxWorkers: Math.max(4, availableParallelism()),
    projects: [
      "apps/web",
      {
        test: {
          ...serverProject,
          name: "server",
          include: serverFiles,
          // `*.pg.test.ts`: PostgreSQL-only behaviour (several instances on one database), run in `server-pg`.
          exclude: ["**/*.pg.test.ts", "**/node_modules/**"],
          env: { TEST_DB: "pglite" },
          // Migrates and seeds the embedded database once per run (or reuses the last run's).
          globalSetup: ["apps/server/src/test/global-setup-pglite.ts"],
        },
      },
      // The same integration tests against a real PostgreSQL when one is given.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...serverProject,
                name: "server-pg",
                include: ["apps/server/src/**/*.test.ts"],
                // The process test runs the server on its own embedded database once, in `server`.
                exclude: ["apps/server/src/server.process.test.ts", ...databaseFree],
                env: { TEST_DB: "postgres" },
                globalSetup: ["apps/server/src/test/global-setup-postgres.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
