import { LoginResponse, TwoFactorCodeRequest, TwoFactorEnableResponse, TwoFactorVerifyRequest } from "@academy/contract/auth";
import { MessageResponse } from "@academy/contract/common";
import { type App, errors, type RouteContext, updated, withDevice } from "./route-context.ts";
import * as twoFactor from "./two-factor.ts";

/** The second factor: setting it up, turning it off, and completing a sign-in with a code. */
export function twoFactorRoutes(app: App, { deps, tags }: RouteContext) {
  app.post(
    "/v2/api/lambda/2fa/enable",
    {
      schema: {
        tags,
        summary: "Start two-factor setup: a new secret and its QR code",
        response: { 200: TwoFactorEnableResponse, ...errors },
      },
      preHandler: app.requireAuth(),
      config: { beforeTwoFactorSetup: true },
    },
    async (request) => ({ error: false as const, ...(await twoFactor.enableTwoFactor(deps, request.principal!)) }),
  );

  app.post(
    "/v2/api/lambda/2fa/authorize",
    {
      schema: {
        tags,
        summary: "Finish two-factor setup with a code from the authenticator app",
        description: "For staff who had to set it up first, the same token opens the rest of the API from now on.",
        body: TwoFactorCodeRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireAuth(),
      config: { beforeTwoFactorSetup: true },
    },
    async (request) => {
      await twoFactor.authorizeTwoFactor(deps, request.principal!, request.body.token);
      return updated;
    },
  );

  app.post(
    "/v2/api/lambda/2fa/disable",
    {
      schema: {
        tags,
        summary: "Turn two-factor sign-in off (needs a current code)",
        description: "Staff accounts keep it on while ADMIN_2FA_REQUIRED holds (409).",
        body: TwoFactorCodeRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireAuth(),
    },
    async (request) => {
      await twoFactor.disableTwoFactor(deps, request.principal!, request.body.token);
      return updated;
    },
  );

  app.post(
    "/v2/api/lambda/2fa/verify",
    {
      schema: {
        tags,
        summary: "Complete a two-factor login: the pending access_token and a TOTP code",
        description:
          "Each code is accepted once; five wrong codes void the pending login (429), and ten wrong codes in 15 minutes lock the account's codes out across sign-ins (429 with Retry-After).",
        body: TwoFactorVerifyRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) => twoFactor.verifyTwoFactorLogin(withDevice(deps, request), request.body.access_token, request.body.token),
  );
}
