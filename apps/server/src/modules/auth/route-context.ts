import { ErrorResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { OidcClients } from "../../providers/oauth/oidc.ts";
import type { AuthDeps } from "./service.ts";

/** What every part of the account calls shares: their errors, tags and common answers. */
export type App = Parameters<FastifyPluginAsyncZod>[0];
export const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};

/** What a staff session without two-factor sign-in may do, in the API description. */
export const SETUP_FIRST =
  "until 2fa/authorize turns it on, its token opens only 2fa/enable, 2fa/authorize, check, profile (GET) and logout; every other call answers 403 with code TWO_FACTOR_REQUIRED";

export const ok = { error: false as const };
export const updated = { error: false as const, message: "Updated" };

export type RouteContext = { deps: AuthDeps; oidc: OidcClients; tags: string[] };

/** The deps of a request that may open a session: the device (user agent) it is listed as. */
export const withDevice = (deps: AuthDeps, request: { headers: { "user-agent"?: string } }): AuthDeps => ({
  ...deps,
  device: request.headers["user-agent"] ?? "",
});
