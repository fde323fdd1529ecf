import {
  ForgotRequest,
  InviteAdminRequest,
  MagicLinkRequest,
  MagicLoginRequest,
  ResetRequest,
  SignInResponse,
} from "@academy/contract/auth";
import { MessageResponse, OkResponse } from "@academy/contract/common";
import * as recovery from "./recovery.ts";
import { type App, errors, ok, type RouteContext, withDevice } from "./route-context.ts";

/** Getting in by mail: a password reset, a magic sign-in link, and an invitation to a staff account. */
export function recoveryRoutes(app: App, { deps, tags }: RouteContext) {
  app.post(
    "/v2/api/lambda/forgot",
    {
      schema: {
        tags,
        summary: "Mail a password reset link and code (valid 30 minutes, once)",
        description: "Same answer for unknown emails. 3 requests per 5 minutes per email, then 429 with Retry-After.",
        body: ForgotRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await recovery.forgotPassword(deps, request.body.email, request.body.role);
      return { error: false as const, message: "Email Sent" };
    },
  );

  app.post(
    "/v2/api/lambda/reset",
    {
      schema: {
        tags,
        summary: "Choose a new password with the link's token and the mailed code",
        description: "Signs every session of the account out; sign in again afterwards. Five wrong codes void the link.",
        body: ResetRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await recovery.resetPassword(deps, request.body);
      return { error: false as const, message: "Reset Password" };
    },
  );

  app.post(
    "/v2/api/lambda/magic-login/generate",
    {
      schema: {
        tags,
        summary: "Mail a one-time sign-in link (valid 10 minutes) for the role",
        description:
          "The link points at this server's PUBLIC_URL (`url` is accepted and ignored). Same answer for unknown emails; 3 per 5 minutes per email.",
        body: MagicLinkRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await recovery.sendMagicLink(deps, request.body.email, request.body.role);
      return ok;
    },
  );

  app.post(
    "/v2/api/lambda/magic-login",
    {
      schema: {
        tags,
        summary: "Sign in with a magic link's token (once)",
        body: MagicLoginRequest,
        response: { 200: SignInResponse, ...errors },
      },
    },
    async (request) => recovery.magicLogin(withDevice(deps, request), request.body.token),
  );

  app.post(
    "/v2/api/lambda/admin/invite",
    {
      schema: {
        tags,
        summary: "Administrator: invite someone to create a staff account with a staff role (mails a link valid 7 days)",
        body: InviteAdminRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireStaff("staff.manage"),
    },
    async (request) => {
      await recovery.inviteAdmin(deps, request.principal!, request.body.email, request.body.staff_role);
      return { error: false as const, message: "Invitation sent" };
    },
  );
}
