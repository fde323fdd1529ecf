import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { OidcClients } from "../../providers/oauth/oidc.ts";
import { accountRoutes } from "./account-routes.ts";
import { oauthRoutes } from "./oauth-routes.ts";
import { recoveryRoutes } from "./recovery-routes.ts";
import type { RouteContext } from "./route-context.ts";
import type * as service from "./service.ts";
import { sessionRoutes } from "./session-routes.ts";
import { sessionsListRoutes } from "./sessions-routes.ts";
import { twoFactorRoutes } from "./two-factor-routes.ts";

/** The account calls, one file per part: sessions, recovery by mail, the second factor, account changes, OpenID Connect. */
export const authRoutes: FastifyPluginAsyncZod<{ deps: service.AuthDeps; oidc: OidcClients }> = async (app, { deps, oidc }) => {
  const ctx: RouteContext = { deps, oidc, tags: ["auth"] };
  sessionRoutes(app, ctx);
  sessionsListRoutes(app, ctx);
  recoveryRoutes(app, ctx);
  twoFactorRoutes(app, ctx);
  accountRoutes(app, ctx);
  oauthRoutes(app, ctx);
};
