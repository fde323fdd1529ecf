import {
  RenewSessionRequest,
  RenewSessionResponse,
  SessionIdParams,
  SessionsResponse,
  SignOutOthersResponse,
} from "@academy/contract/auth";
import { MessageResponse } from "@academy/contract/common";
import { type App, errors, type RouteContext } from "./route-context.ts";
import * as sessions from "./sessions.ts";

/** Renewing a session, and the profile's list of one's sessions with sign-out per session and for all others (decision 28). */
export function sessionsListRoutes(app: App, { deps, tags }: RouteContext) {
  app.post(
    "/v2/api/lambda/token/refresh",
    {
      schema: {
        tags,
        summary: "Renew a session: a new access token and a new refresh token",
        description:
          "Send the refresh token of the sign-in (or of the last renewal); it is used once. 401 TOKEN_EXPIRED when the session was signed out, was not renewed within TOKEN_TTL_SECONDS plus 5 minutes, is 12 hours old, or the account was signed out everywhere (logout, password reset or change, role or staff-role change, disabled). A refresh token presented again after it was replaced signs its session out (a copy in other hands); within 10 seconds of its replacement it answers 409 SESSION_RENEWED instead (another tab or a retried request renewed first).",
        body: RenewSessionRequest,
        response: { 200: RenewSessionResponse, ...errors },
      },
    },
    async (request) => sessions.renewSession(deps, request.body.refresh_token),
  );

  app.get(
    "/v2/api/lambda/sessions",
    {
      schema: {
        tags,
        summary: "The signed-in person's sessions that still stand, latest first",
        description: "Each with its device (browser and system), when it opened and was last renewed, and whether it is the one asking.",
        response: { 200: SessionsResponse, ...errors },
      },
      preHandler: app.requireAuth(),
      config: { beforeTwoFactorSetup: true },
    },
    async (request) => ({ error: false as const, list: await sessions.listSessions(deps, request.principal!) }),
  );

  app.delete(
    "/v2/api/lambda/sessions/:id",
    {
      schema: {
        tags,
        summary: "Sign one of one's own sessions out",
        description: "Its tokens stop working at once and it cannot be renewed. Another person's session answers 404.",
        params: SessionIdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireAuth(),
      config: { beforeTwoFactorSetup: true },
    },
    async (request) => {
      await sessions.signOutSession(deps, request.principal!, request.params.id);
      return { error: false as const, message: "Signed out" };
    },
  );

  app.post(
    "/v2/api/lambda/sessions/sign-out-others",
    {
      schema: {
        tags,
        summary: "Sign out everywhere else: every session of the account but this one",
        response: { 200: SignOutOthersResponse, ...errors },
      },
      preHandler: app.requireAuth(),
      config: { beforeTwoFactorSetup: true },
    },
    async (request) => {
      const count = await sessions.signOutOtherSessions(deps, request.principal!);
      return { error: false as const, message: "Signed out", count };
    },
  );
}
