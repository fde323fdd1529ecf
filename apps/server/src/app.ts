import { encodeProjectHeader } from "@academy/contract/common";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { createTokenService, resolveSigningKey } from "./modules/auth/tokens.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { applyEvent } from "./modules/payments/events.ts";
import { paymentsRoutes } from "./modules/payments/routes.ts";
import { webhookRoutes } from "./modules/payments/webhook.ts";
import { WEB_DIST_DIR } from "./paths.ts";
import { authPlugin } from "./plugins/auth.ts";
import { docsPlugin } from "./plugins/docs.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { projectHeaderPlugin } from "./plugins/project-header.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { webPlugin } from "./plugins/web.ts";
import { createPaymentProvider } from "./providers/payments/create-provider.ts";

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
};

/** Builds the whole server from plugins and modules; tests call this with their own database. */
export async function buildApp({ config, database, logger = false, serveWeb = true }: AppOptions) {
  const app = Fastify({
    logger,
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

  // While draining, every response closes its connection so keep-alive sockets do not hold
  // the shutdown open (return503OnClosing answers new requests meanwhile).
  let isClosing = false;
  app.addHook("preClose", async () => {
    isClosing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (isClosing) reply.header("connection", "close");
  });

  const tokens = createTokenService(await resolveSigningKey(database.db, config.JWT_SECRET), config.TOKEN_TTL_SECONDS);

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(docsPlugin);
  await app.register(projectHeaderPlugin, { projectId: config.PROJECT_ID, projectSecret: config.PROJECT_SECRET });
  await app.register(authPlugin, { db: database.db, tokens });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { db: database.db });

  const payments = await createPaymentProvider(config, database.db);
  // The test-mode provider raises the provider's events itself, applied in its own transaction.
  payments.testMode?.onEvent(applyEvent);
  app.decorate("payments", payments);
  await app.register(paymentsRoutes, {
    deps: { db: database.db, provider: payments.provider, currency: config.PAYMENTS_CURRENCY, publicUrl: config.publicUrl },
    testMode: payments.testMode,
  });
  await app.register(webhookRoutes, { db: database.db, secret: config.STRIPE_WEBHOOK_SECRET });

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
