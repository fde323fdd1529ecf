import path from "node:path";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig, logFormat } from "./config.ts";
import { type Database, openPglite, openPostgres } from "./db/client.ts";
import { type SeededAccount, seedAccounts } from "./db/seed/accounts.ts";
import { seedCoaches } from "./db/seed/coaches.ts";
import { seedEmailTemplates } from "./db/seed/emails.ts";
import { seedLibraryContentIfChanged } from "./db/seed/library-content.ts";
import { seedPackages } from "./db/seed/packages.ts";
import { seedQuizContentIfChanged } from "./db/seed/quiz-content.ts";
import { safeError } from "./lib/safe-error.ts";
import { seedBlog } from "./modules/blog/seed.ts";
import { seedPaymentPlans } from "./modules/payments/seed.ts";

/** pino-pretty in pino's own worker thread: time, level and message first, the request's fields after. */
const PRETTY_LOG = { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", singleLine: true } };

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const started = performance.now();
  const logger = { level: config.LOG_LEVEL, ...(logFormat(config) === "pretty" ? { transport: PRETTY_LOG } : {}) };
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, {
        poolMax: config.DATABASE_POOL_MAX,
        readConnections: config.DATABASE_READ_CONNECTIONS,
        statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
        onError: (e) => app?.log.warn({ err: e }, "idle database connection lost"),
      })
    : await openPglite(`${config.DATA_DIR}/db`).catch((e: unknown) => {
        // One line naming the folder, not a stack trace from inside the embedded database.
        const reason = e instanceof Error ? ((e as NodeJS.ErrnoException).code ?? e.message) : String(e);
        console.error(`Cannot open the embedded database in ${path.resolve(config.DATA_DIR, "db")} (DATA_DIR): ${reason}`);
        process.exit(1);
      });
  // Migrations, seeds and the test-mode plans take one turn under the start-up lock: instances
  // started at once on an empty PostgreSQL wait for the first to seed instead of colliding.
  const seeded = await database.migrateThen(async () => {
    const accounts = await seedAccounts(database.db, config);
    await seedPackages(database.db);
    await seedEmailTemplates(database.db);
    await seedCoaches(database.db);
    await seedQuizContentIfChanged(database.db);
    await seedLibraryContentIfChanged(database.db);
    await seedBlog(database.db);
    app = await buildApp({ config, database, logger });
    app.addHook("onClose", () => database.close());
    // The test-mode provider starts with plans on sale; with the real provider, the admin creates them.
    if (app.payments.testMode) await seedPaymentPlans(database.db, app.payments.testMode, config.PAYMENTS_CURRENCY, config.publicUrl);
    return accounts;
  });
  if (!app) throw new Error("the app was not built");
  const testMode = app.payments.testMode;
  if (testMode) {
    // The test-mode provider bills what fell due (renewals, trial ends, cancellations) each minute;
    // several instances may run it at once (each subscription is billed under a row lock).
    const billing = setInterval(() => {
      testMode.runDueBilling().catch((e) => app?.log.warn({ err: e }, "test-mode billing run failed"));
    }, 60_000);
    billing.unref();
    app.addHook("onClose", async () => clearInterval(billing));
  }

  let isClosing = false;
  const shutdown = (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app!.log.info(`${signal}: finishing requests in flight`);
    const timer = setTimeout(() => {
      app!.log.error("shutdown grace period over: exiting");
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    timer.unref();
    app!.close().then(
      () => process.exit(0),
      (e) => {
        app!.log.error({ err: e }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  // Printed before listening, so whoever waits for readiness finds the credentials already there;
  // a plain block, not a JSON log line, so a newcomer running `npm start` sees it.
  if (seeded.length > 0) process.stdout.write(credentialsBlock(config, seeded));
  await app.listen({ host: config.HOST, port: config.PORT, backlog: config.LISTEN_BACKLOG });
  const where = config.DATABASE_URL ? "PostgreSQL" : `embedded database in ${config.DATA_DIR}`;
  app.log.info(`Rescue Academy ready on ${config.publicUrl} (${where}) in ${Math.round(performance.now() - started)} ms`);
}

/** The accounts a first start created, as a newcomer reads them. */
function credentialsBlock(config: Config, seeded: SeededAccount[]): string {
  const rows = seeded.map((a) => ({
    who: a.role === "admin" ? "Admin" : "Demo candidate",
    email: a.email,
    password: a.generated ? a.password : "(the password you configured)",
    note: a.role === "admin" && config.ADMIN_2FA_REQUIRED ? "the first sign-in sets up two-factor sign-in" : "",
  }));
  const whoWidth = Math.max(...rows.map((r) => r.who.length)) + 2;
  const emailWidth = Math.max(...rows.map((r) => r.email.length)) + 2;
  const lines = [
    "",
    `  Rescue Academy created these accounts on ${config.publicUrl} (passwords are shown only this once):`,
    "",
    ...rows.flatMap((r) => [
      `    ${r.who.padEnd(whoWidth)}${r.email.padEnd(emailWidth)}${r.password}`,
      ...(r.note ? [`    ${"".padEnd(whoWidth)}${r.note}`] : []),
    ]),
    "",
    "",
  ];
  return lines.join("\n");
}

main().catch((e) => {
  // Without the failed statement's parameters: a seed's error would otherwise print a password hash.
  const { message, stack } = safeError(e);
  console.error(stack || message);
  process.exit(1);
});
