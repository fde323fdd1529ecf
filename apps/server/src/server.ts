import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { type Database, openPglite, openPostgres } from "./db/client.ts";
import { seedAccounts } from "./db/seed/accounts.ts";
import { seedCoaches } from "./db/seed/coaches.ts";
import { seedEmailTemplates } from "./db/seed/emails.ts";
import { seedPackages } from "./db/seed/packages.ts";
import { seedQuizContentIfChanged } from "./db/seed/quiz-content.ts";
import { seedPaymentPlans } from "./modules/payments/seed.ts";

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
  const logger = { level: config.LOG_LEVEL };
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, {
        poolMax: config.DATABASE_POOL_MAX,
        onError: (e) => app?.log.warn({ err: e }, "idle database connection lost"),
      })
    : await openPglite(`${config.DATA_DIR}/db`);
  await database.migrate();
  const seeded = await seedAccounts(database.db, config);
  await seedPackages(database.db);
  await seedEmailTemplates(database.db);
  await seedCoaches(database.db);
  await seedQuizContentIfChanged(database.db);

  app = await buildApp({ config, database, logger });
  app.addHook("onClose", () => database.close());
  // The test-mode provider starts with plans on sale; with the real provider, the admin creates them.
  const testMode = app.payments.testMode;
  if (testMode) {
    await seedPaymentPlans(database.db, testMode, config.PAYMENTS_CURRENCY, config.publicUrl);
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

  // Logged before listening, so whoever waits for readiness finds the credentials already printed.
  for (const a of seeded) {
    const password = a.generated ? a.password : "(from configuration)";
    const setup = a.role === "admin" && config.ADMIN_2FA_REQUIRED ? " (the first sign-in sets up two-factor sign-in)" : "";
    app.log.info(`Seeded ${a.role === "admin" ? "admin" : "demo candidate"}: ${a.email} / ${password}${setup}`);
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  const where = config.DATABASE_URL ? "PostgreSQL" : `embedded database in ${config.DATA_DIR}`;
  app.log.info(`Rescue Academy ready on ${config.publicUrl} (${where}) in ${Math.round(performance.now() - started)} ms`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
