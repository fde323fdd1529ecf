import { defineConfig } from "vitest/config";

const serverFiles = ["apps/server/src/**/*.test.ts", "packages/contract/src/**/*.test.ts", "scripts/**/*.test.ts"];

export default defineConfig({
  test: {
    projects: [
      "apps/web",
      {
        test: {
          name: "server",
          include: serverFiles,
          // `*.pg.test.ts`: PostgreSQL-only behaviour (several instances on one database), run in `server-pg`.
          exclude: ["**/*.pg.test.ts", "**/node_modules/**"],
          env: { TEST_DB: "pglite" },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      // The same integration tests against a real PostgreSQL when one is given.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: "server-pg",
                include: ["apps/server/src/**/*.test.ts"],
                // The process test runs the server on its own embedded database once, in `server`.
                exclude: ["apps/server/src/server.process.test.ts"],
                env: { TEST_DB: "postgres" },
                globalSetup: ["apps/server/src/test/global-setup-postgres.ts"],
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
