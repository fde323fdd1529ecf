import {
  AnalyticsConsent,
  AnalyticsOverview,
  AnalyticsOverviewQuery,
  DeletedSessionsAnswer,
  IngestTokenAnswer,
  SetAnalyticsConsentRequest,
  UserSessionBatch,
  UserSessionBatchAnswer,
  UserSessionDetail,
  UserSessionListQuery,
  UserSessionPage,
  UserSessionParams,
} from "@academy/contract/analytics";
import { ErrorResponse } from "@academy/contract/common";
import { ANALYTICS_MAX_BATCH_BYTES } from "@academy/contract/constants";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/http-error.ts";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const L = "/v2/api/lambda";
/** The ingest path: `navigator.sendBeacon` posts here without headers of its own (see project-header.ts). */
export const INGEST_PATH = `${L}/analytics/user-sessions`;

/**
 * Session analytics: the browser's recorded sessions (only of people who agreed), their staff
 * figures, and each person's own recordings to look at and delete.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ deps: service.AnalyticsDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const tags = ["session analytics"];
  const signedIn = app.requireAuth();
  const viewer = (request: { principal: service.Viewer | null }) => request.principal!;

  // A beacon's body is a string sent as text/plain (no preflight, no custom headers): read it as JSON.
  app.addContentTypeParser("text/plain", { parseAs: "string", bodyLimit: ANALYTICS_MAX_BATCH_BYTES }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest("Request body is not valid JSON"), undefined);
    }
  });

  app.post(
    INGEST_PATH,
    {
      schema: {
        tags,
        summary:
          "Add a batch of a recorded session (the spec's session record). Send the Authorization header, or the ingest_token from analytics/ingest-token in the body (navigator.sendBeacon). Oversized: 413 (bytes) or 400 (events, html_copy)",
        body: UserSessionBatch,
        response: { 200: UserSessionBatchAnswer, ...errors, 413: ErrorResponse, 429: ErrorResponse },
      },
      bodyLimit: ANALYTICS_MAX_BATCH_BYTES,
      preHandler: app.optionalAuth,
    },
    async (request) => service.ingestBatch(deps, request.body, request.principal),
  );

  app.post(
    `${L}/analytics/ingest-token`,
    {
      schema: {
        tags,
        summary: "A short-lived token that names you in beacon batches (only after you agreed to recording)",
        response: { 200: IngestTokenAnswer, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => service.issueIngestToken(deps, viewer(request)),
  );

  app.get(
    `${L}/analytics/consent`,
    {
      schema: {
        tags,
        summary: "Whether you agreed to session recording (null: not asked yet)",
        response: { 200: AnalyticsConsent, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => service.getConsent(db, viewer(request)),
  );

  app.put(
    `${L}/analytics/consent`,
    {
      schema: {
        tags,
        summary: "Agree to session recording, or withdraw",
        body: SetAnalyticsConsentRequest,
        response: { 200: AnalyticsConsent, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => service.setConsent(db, viewer(request), request.body.granted),
  );

  app.get(
    `${L}/user-sessions/data`,
    {
      schema: {
        tags,
        summary: "Recorded sessions, newest first: your own (staff: everyone's, or one person's with user_id)",
        querystring: UserSessionListQuery,
        response: { 200: UserSessionPage, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => service.listSessions(db, viewer(request), request.query),
  );

  app.get(
    `${L}/user-sessions/:id`,
    {
      schema: {
        tags,
        summary: "One recorded session with its event timeline",
        params: UserSessionParams,
        response: { 200: UserSessionDetail, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => service.getSession(db, viewer(request), request.params.id),
  );

  app.delete(
    `${L}/user-sessions/:id`,
    {
      schema: {
        tags,
        summary: "Delete one of your recorded sessions",
        params: UserSessionParams,
        response: { 200: DeletedSessionsAnswer, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => service.deleteSession(db, viewer(request), request.params.id),
  );

  app.delete(
    `${L}/user-sessions`,
    {
      schema: { tags, summary: "Delete every session recorded of you", response: { 200: DeletedSessionsAnswer, ...errors } },
      preHandler: signedIn,
    },
    async (request) => service.deleteAllSessions(db, viewer(request)),
  );

  app.get(
    `${L}/analytics/overview`,
    {
      schema: {
        tags,
        summary: "Staff: sessions per day, pages and screen sizes used, and the funnel onboarding → first quiz → subscription",
        querystring: AnalyticsOverviewQuery,
        response: { 200: AnalyticsOverview, ...errors },
      },
      preHandler: app.requireStaff("analytics.read"),
    },
    async (request) => service.overview(db, request.query.days),
  );
};
