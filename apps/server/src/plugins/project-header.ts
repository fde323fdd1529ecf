import { timingSafeEqual } from "node:crypto";
import { encodeProjectHeader, PROJECT_HEADER } from "@academy/contract/common";
import type { FastifyInstance, preHandlerHookHandler, preValidationHookHandler, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../lib/http-error.ts";

/** Paths of the platform API; everything else (web app, health, docs) needs no project header. */
export const API_PREFIXES = ["/v1/", "/v2/", "/v3/", "/v4/", "/v5/", "/rest/"];
/** Called by the card provider, which cannot send our project header; its signature is checked instead. */
const SIGNED_PATHS = ["/v2/api/lambda/stripe/webhook"];
/**
 * Posted by `navigator.sendBeacon`, which cannot send headers: a batch without an Authorization
 * header names its sender with a signed ingest token in its body instead (modules/analytics).
 */
const BEACON_PATHS = ["/v2/api/lambda/analytics/user-sessions"];
/** Whether `url` (a path, its query string after it or not) is `path`. */
const isPath = (url: string, path: string) => url.startsWith(path) && (url.length === path.length || url.charCodeAt(path.length) === 63);
/**
 * A route of the API, signed webhooks included: the routes that read input into the database and
 * write to it. Health checks, the API docs, the web app and its static files are not, and skip the
 * per-request work only API calls need (the text check, the write ledger).
 */
export const isApiRoute = (url: string) => {
  for (const prefix of API_PREFIXES) if (url.startsWith(prefix)) return true;
  return false;
};

/**
 * Puts `hook` first among each API route's `stage` hooks as the route is declared (routes outside
 * the API never run it, nor those `skip` names): per-request work only API calls need costs
 * nothing elsewhere.
 */
export function firstOnApiRoutes<S extends "preValidation" | "preHandler">(
  app: FastifyInstance,
  stage: S,
  hook: S extends "preValidation" ? preValidationHookHandler : preHandlerHookHandler,
  opts: { skip?: (route: RouteOptions) => boolean } = {},
): void {
  app.addHook("onRoute", (route) => {
    if (!isApiRoute(route.url) || opts.skip?.(route)) return;
    route[stage] = [hook, ...[route[stage] ?? []].flat()] as RouteOptions[S];
  });
}
/** A request to the API that must carry the project header: an API route other than a signed webhook. */
export const isApiPath = (url: string) => isApiRoute(url) && !SIGNED_PATHS.some((path) => isPath(url, path));

export const projectHeaderPlugin = fp<{ projectId: string; projectSecret: string }>(
  async (app: FastifyInstance, { projectId, projectSecret }) => {
    const expected = Buffer.from(encodeProjectHeader(projectId, projectSecret));
    // Every request, unknown API paths included (they answer 403, not 404, without the header); a
    // callback rather than an async function, so a request outside the API costs one string test.
    app.addHook("onRequest", (request, _reply, done) => {
      if (!isApiPath(request.url)) return done();
      if (!request.headers.authorization && BEACON_PATHS.some((path) => isPath(request.url, path))) return done();
      const sent = request.headers[PROJECT_HEADER];
      const given = Buffer.from(typeof sent === "string" ? sent : "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return done(new HttpError(403, "Invalid project"));
      done();
    });
  },
);
