import { encodeProjectHeader } from "@academy/contract/common";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { createTokenService, resolveSigningKey } from "./modules/auth/tokens.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { questionBankRoutes } from "./modules/question-bank/routes.ts";
import { quizRoutes } from "./modules/quiz/routes.ts";
import { WEB_DIST_DIR } from "./paths.ts";
import { authPlugin } from "./plugins/auth.ts";
import { docsPlugin } from "./plugins/docs.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { projectHeaderPlugin } from "./plugins/project-header.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { webPlugin } from "./plugins/web.ts";

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
  await app.register(quizRoutes, { db: database.db, projectId: config.PROJECT_ID });
  await app.register(questionBankRoutes, { db: database.db, projectId: config.PROJECT_ID });

  if (serveWeb)
    await app.register(webPlugin, {
      distDir: WEB_DIST_DIR,
      projectHeader: encodeProjectHeader(config.PROJECT_ID, config.PROJECT_SECRET),
    });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
