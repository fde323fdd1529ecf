import { encodeProjectHeader } from "@academy/contract/common";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { accountPruningJob } from "./jobs/account-pruning.ts";
import { activityRetentionJob } from "./jobs/activity-retention.ts";
import { databaseBackupJob } from "./jobs/database-backup.ts";
import { itemCalibrationJob } from "./jobs/item-calibration.ts";
import { mailDeliveryJob } from "./jobs/mail-delivery.ts";
import { realtimePruningJob } from "./jobs/realtime-pruning.ts";
import { sessionRetentionJob } from "./jobs/session-retention.ts";
import { badRequest } from "./lib/http-error.ts";
import { jsonDepth, MAX_JSON_DEPTH } from "./lib/json-depth.ts";
import { safeError } from "./lib/safe-error.ts";
import { createSecretBox } from "./lib/secret-box.ts";
import { accommodationsRoutes } from "./modules/accommodations/routes.ts";
import { activityRoutes } from "./modules/activity/routes.ts";
import { createIngestTokens } from "./modules/analytics/ingest-token.ts";
import { analyticsRoutes } from "./modules/analytics/routes.ts";
import { assistantRoutes } from "./modules/assistant/routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { type Clock, createTokenService, resolveSigningKey } from "./modules/auth/tokens.ts";
import { blogRoutes } from "./modules/blog/routes.ts";
import { postUsingPhoto } from "./modules/blog/service.ts";
import { chatRoutes } from "./modules/chat/routes.ts";
import { cmsRoutes } from "./modules/cms/routes.ts";
import { coachingRoutes } from "./modules/coaching/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { emailAdminRoutes } from "./modules/email-admin/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { libraryRoutes } from "./modules/library/routes.ts";
import { documentUsingFile } from "./modules/library/service.ts";
import { applyEvent } from "./modules/payments/events-repo.ts";
import { paymentsRoutes } from "./modules/payments/routes.ts";
import { webhookRoutes } from "./modules/payments/webhook.ts";
import { pmRoutes } from "./modules/pm/routes.ts";
import { questionBankRoutes } from "./modules/question-bank/routes.ts";
import { quizRoutes } from "./modules/quiz/routes.ts";
import { realtimeRoutes } from "./modules/realtime/routes.ts";
import { createBus, createHub, release as releaseHeldPolls } from "./modules/realtime/service.ts";
import { recordsRoutes } from "./modules/records/routes.ts";
import { uploadRoutes } from "./modules/uploads/routes.ts";
import { usersRoutes } from "./modules/users/routes.ts";
import { WEB_DIST_DIR } from "./paths.ts";
import { authPlugin } from "./plugins/auth.ts";
import { docsPlugin } from "./plugins/docs.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { projectHeaderPlugin } from "./plugins/project-header.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { textInputPlugin } from "./plugins/text-input.ts";
import { webPlugin } from "./plugins/web.ts";
import { createAnswerer } from "./providers/ai/create-answerer.ts";
import { createCalendarProvider } from "./providers/calendar/create-calendar.ts";
import { createLogTransport, createSmtpTransport } from "./providers/mail/transport.ts";
import { createOidcClients } from "./providers/oauth/oidc.ts";
import { createPaymentProvider } from "./providers/payments/create-provider.ts";
import { createFileStore } from "./providers/storage/create-store.ts";

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** The time sign-in tokens are issued and checked at (tests move it on instead of waiting). */
  clock?: Clock;
};

/** Builds the whole server from plugins and modules; tests call this with their own database. */
export async function buildApp({ config, database, logger = false, serveWeb = true, clock = Date.now }: AppOptions) {
  const app = Fastify({
    // Errors are logged without the parameters of a failed query (hashes, tokens, emails).
    logger:
      logger === false
        ? false
        : { ...(logger === true ? {} : logger), serializers: { ...(logger === true ? {} : logger.serializers), err: safeError } },
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    // A request may not hold a connection forever; Fastify's own default is no limit.
    requestTimeout: 120_000,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(",").map((s) => s.trim()) : false,
    routerOptions: { maxParamLength: 500 },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON bodies nested deeper than any call takes are refused before anything recurses through them.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
      return done(badRequest(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep`), undefined);
    parseJson(request, body as string, done);
  });

  // While draining, every response closes its connection so keep-alive sockets do not hold
  // the shutdown open (return503OnClosing answers new requests meanwhile).
  let isClosing = false;
  app.addHook("preClose", async () => {
    isClosing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (isClosing) reply.header("connection", "close");
    done(null, payload);
  });

  const signingKey = await resolveSigningKey(database.db, config.JWT_SECRET);
  const tokens = createTokenService(signingKey, config.TOKEN_TTL_SECONDS, clock);
  // Background jobs (src/jobs/): each starts here and stops when the app closes.
  await app.register(mailDeliveryJob, {
    db: database.db,
    transport: config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : createLogTransport((line) => app.log.info(line)),
    from: config.MAIL_FROM,
  });
  const mail = app.mail;
  await app.register(accountPruningJob, { db: database.db });
  await app.register(itemCalibrationJob, { db: database.db });
  await app.register(sessionRetentionJob, { db: database.db, retentionDays: config.ANALYTICS_RETENTION_DAYS });
  await app.register(activityRetentionJob, { db: database.db, retentionDays: config.ACTIVITY_RETENTION_DAYS });
  const authDeps = { db: database.db, tokens, config, mail, twoFactorBox: createSecretBox(signingKey, "two-factor"), clock };

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(docsPlugin, { publicUrl: config.publicUrl });
  await app.register(projectHeaderPlugin, { projectId: config.PROJECT_ID, projectSecret: config.PROJECT_SECRET });
  await app.register(authPlugin, { db: database.db, tokens, adminTwoFactorRequired: config.ADMIN_2FA_REQUIRED });
  // After auth: its check goes ahead of the guards auth moves to the front of each API route.
  await app.register(textInputPlugin);

  // The realtime bus is made further down; readiness asks it when asked.
  let realtimeProblem: () => string | null = () => null;
  await app.register(healthRoutes, { database, realtimeProblem: () => realtimeProblem() });
  await app.register(authRoutes, { deps: authDeps, oidc: createOidcClients(config.oidcProviders) });
  const store = await createFileStore(config.storage);
  app.addHook("onClose", () => store.close());
  app.log.debug(`Uploads are kept in the ${store.description}`);
  // A misconfigured bucket shows in the log at start; the server still starts, and uploads answer 503 until it works.
  store.check().catch((e: unknown) => app.log.warn({ err: e }, "the file store is not usable yet"));
  await app.register(databaseBackupJob, { database, store, intervalHours: config.BACKUP_INTERVAL_HOURS, keep: config.BACKUP_KEEP });
  await app.register(uploadRoutes, { db: database.db, store, maxBytes: config.UPLOAD_MAX_BYTES });
  await app.register(libraryRoutes, {
    db: database.db,
    store,
    maxBytes: config.UPLOAD_MAX_BYTES,
    searchCachePages: config.LIBRARY_SEARCH_CACHE_PAGES,
  });
  await app.register(assistantRoutes, { db: database.db, answerer: createAnswerer(config), maxBytes: config.UPLOAD_MAX_BYTES });
  await app.register(emailAdminRoutes, {
    db: database.db,
    mail,
    store,
    publicUrl: config.publicUrl,
    uploadUses: { postUsingPhoto, documentUsingFile },
  });
  await app.register(dashboardRoutes, { db: database.db, projectId: config.PROJECT_ID, currency: config.PAYMENTS_CURRENCY });
  await app.register(recordsRoutes, { db: database.db });
  await app.register(usersRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(activityRoutes, { db: database.db });
  await app.register(accommodationsRoutes, { db: database.db });
  await app.register(cmsRoutes, { db: database.db });
  await app.register(blogRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(pmRoutes, { db: database.db });
  await app.register(analyticsRoutes, {
    deps: {
      db: database.db,
      // Good for two hours: a tab left open still sends its last batch on leaving.
      ingestTokens: createIngestTokens(signingKey, 2 * 3600),
      ingestRateLimit: config.ANALYTICS_INGEST_RATE_LIMIT,
    },
  });
  await app.register(contactRoutes, { db: database.db, mail });
  await app.register(quizRoutes, { db: database.db, projectId: config.PROJECT_ID, publicUrl: config.publicUrl });
  await app.register(questionBankRoutes, { db: database.db, projectId: config.PROJECT_ID });
  await app.register(coachingRoutes, { deps: { db: database.db, publicUrl: config.publicUrl, calendar: createCalendarProvider(config) } });

  // Realtime: long polls held here, news carried between instances by the bus (decision 17).
  const bus = await createBus(database, config.REDIS_URL, (e) => app.log.warn({ err: e }, "realtime bus connection failed"));
  const hub = createHub(
    database.db,
    bus,
    {
      holdMs: config.REALTIME_POLL_HOLD_MS,
      maxTotal: config.REALTIME_MAX_POLLS,
      maxPerUser: config.REALTIME_MAX_POLLS_PER_USER,
      sendPerTenSeconds: config.CHAT_SEND_RATE_LIMIT,
    },
    (e) => app.log.warn({ err: e }, "a realtime signal was not sent; waiters read again when their hold ends"),
  );
  realtimeProblem = () => bus.problem();
  // Shutting down: held polls are answered now, so the instance drains at once (clients poll again elsewhere).
  app.addHook("preClose", async () => releaseHeldPolls(hub));
  await app.register(realtimePruningJob, { hub });
  app.addHook("onClose", async () => bus.close());
  await app.register(realtimeRoutes, { hub });
  await app.register(chatRoutes, { deps: { db: database.db, hub, publicUrl: config.publicUrl, emailDelayMs: config.CHAT_EMAIL_DELAY_MS } });

  const payments = await createPaymentProvider(config, database.db);
  // The test-mode provider raises the provider's events itself, applied in its own transaction.
  payments.testMode?.onEvent((tx, event) => applyEvent(tx, event, undefined, { publicUrl: config.publicUrl }));
  app.decorate("payments", payments);
  await app.register(paymentsRoutes, {
    deps: { db: database.db, provider: payments.provider, currency: config.PAYMENTS_CURRENCY, publicUrl: config.publicUrl },
    testMode: payments.testMode,
    authDeps,
  });
  await app.register(webhookRoutes, {
    db: database.db,
    secret: config.STRIPE_WEBHOOK_SECRET,
    provider: payments.provider,
    publicUrl: config.publicUrl,
  });

  if (serveWeb)
    await app.register(webPlugin, {
      distDir: WEB_DIST_DIR,
      projectHeader: encodeProjectHeader(config.PROJECT_ID, config.PROJECT_SECRET),
    });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module "fastify" {
  interface FastifyInstance {
    payments: Awaited<ReturnType<typeof createPaymentProvider>>;
  }
}
