import { OAuthProvidersResponse, OAuthStartResponse } from "@academy/contract/auth";
import { ErrorResponse, Role } from "@academy/contract/common";
import { z } from "zod";
import * as oauth from "./oauth.ts";
import { callbackUrlOf } from "./oauth.ts";
import type { App, RouteContext } from "./route-context.ts";

const ProviderParams = z.object({ provider: z.string().regex(/^[a-z0-9]{1,32}$/, "Unknown provider") });

/** Signing in with an OpenID Connect provider. */
export function oauthRoutes(app: App, { deps, oidc, tags }: RouteContext) {
  app.get(
    "/v2/api/lambda/oauth/providers",
    {
      schema: {
        tags,
        summary: "The OpenID Connect providers one can sign in with on this server",
        response: { 200: OAuthProvidersResponse },
      },
    },
    async () => ({ error: false as const, list: oidc.names() }),
  );

  app.get(
    "/v2/api/lambda/:provider/login",
    {
      schema: {
        tags,
        summary: "Start sign-in with an OpenID Connect provider: answers the URL to send the browser to",
        description:
          "Providers come from OIDC_<NAME>_ISSUER / _CLIENT_ID / _CLIENT_SECRET; the provider returns to `/oauth/<name>/callback`, which sends the browser on to `/magic-login/verify` with a one-time token. An unconfigured provider answers 404.",
        params: ProviderParams,
        querystring: z.strictObject({ role: Role.default("user") }),
        response: {
          200: OAuthStartResponse,
          404: ErrorResponse,
          400: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) => ({ error: false as const, url: await oauth.startOAuth(deps, oidc, request.params.provider, request.query.role) }),
  );

  app.get("/oauth/:provider/callback", { schema: { hide: true, params: ProviderParams } }, async (request, reply) => {
    const url = new URL(request.url, callbackUrlOf(deps.config.publicUrl, request.params.provider));
    try {
      const token = await oauth.finishOAuth(deps, oidc, request.params.provider, url);
      return reply.redirect(`/magic-login/verify?token=${encodeURIComponent(token)}`, 302);
    } catch (error) {
      if (!(error instanceof oauth.OAuthSignInError)) throw error;
      // The person lands on the sign-in page, which says what went wrong and offers the other ways in.
      if (error.cause) request.log.warn({ err: error.cause, provider: request.params.provider }, "provider sign-in failed");
      const query = new URLSearchParams({ oauth_error: error.code, provider: request.params.provider });
      return reply.redirect(`/${error.role}/login?${query}`, 302);
    }
  });
}
