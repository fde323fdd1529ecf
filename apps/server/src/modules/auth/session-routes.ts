import {
  CheckRequest,
  CheckResponse,
  LoginRequest,
  ProfileResponse,
  ProfileUpdateRequest,
  RegisterRequest,
  RegisterResponse,
  SignInResponse,
} from "@academy/contract/auth";
import { MessageResponse } from "@academy/contract/common";
import { type App, errors, type RouteContext, SETUP_FIRST, withDevice } from "./route-context.ts";
import * as service from "./service.ts";

/** Signing in and up, the session (check, logout) and the profile it belongs to. */
export function sessionRoutes(app: App, { deps, tags }: RouteContext) {
  const { db } = deps;

  app.post(
    "/v2/api/lambda/login",
    {
      schema: {
        tags,
        summary: "Sign in with email and password for a role",
        description: `For an account with two-factor sign-in the answer is \`{error:false, two_factor_required:true, role, access_token}\`: send that access_token with a code to 2fa/verify. A staff account without two-factor sign-in, while ADMIN_2FA_REQUIRED holds, gets a session with \`two_factor_setup_required: true\`: ${SETUP_FIRST}. Limits: LOGIN_RATE_LIMIT (5) a minute per address and email, 10 failures in 15 minutes per email; over them 429 with Retry-After.`,
        body: LoginRequest,
        response: { 200: SignInResponse, ...errors },
      },
    },
    async (request) => service.login(withDevice(deps, request), request.body, request.ip),
  );

  app.post(
    "/v2/api/lambda/register",
    {
      schema: {
        tags,
        summary: "Create an account (signs in), or, with an admin's token, create a user for someone else",
        description:
          "Limit: REGISTER_RATE_LIMIT (10) sign-ups an hour per address, then 429 with Retry-After; an admin creating accounts is not counted.",
        body: RegisterRequest,
        response: { 200: RegisterResponse, ...errors },
      },
      // A stale token in the browser must not block sign-up.
      preHandler: app.lenientAuth,
    },
    async (request) => {
      const result = await service.register(withDevice(deps, request), request.body, request.principal, request.ip);
      return result.kind === "session" ? result.answer : { error: false as const, message: "User created", user_id: result.userId };
    },
  );

  app.post(
    "/v2/api/lambda/check",
    {
      schema: {
        tags,
        summary: "Is the bearer token valid for this role",
        description: `For a staff account that must turn on two-factor sign-in first (${SETUP_FIRST}) the answer adds \`two_factor_setup_required: true\`.`,
        body: CheckRequest,
        response: { 200: CheckResponse, ...errors },
      },
      preHandler: app.requireAuth(),
      config: { beforeTwoFactorSetup: true },
    },
    async (request) => service.checkSession(request.principal!, request.body.role, request.isTwoFactorSetupPending),
  );

  app.get(
    "/v2/api/lambda/profile",
    {
      schema: { tags, summary: "The signed-in person's profile", response: { 200: ProfileResponse, ...errors } },
      preHandler: app.requireAuth(),
      config: { beforeTwoFactorSetup: true },
    },
    async (request) => ({ error: false as const, model: await service.getProfile(deps, request.principal!) }),
  );

  app.post(
    "/v2/api/lambda/profile",
    {
      schema: { tags, summary: "Update name and time zone", body: ProfileUpdateRequest, response: { 200: MessageResponse, ...errors } },
      preHandler: app.requireAuth(),
    },
    async (request) => {
      await service.updateProfile(db, request.principal!, request.body.payload);
      return { error: false as const, message: "Updated" };
    },
  );

  app.post(
    "/v2/api/lambda/logout",
    {
      schema: { tags, summary: "Sign out everywhere: revokes every token of the account", response: { 200: MessageResponse, ...errors } },
      preHandler: app.requireAuth(),
      config: { beforeTwoFactorSetup: true },
    },
    async (request) => {
      await service.logout(db, request.principal!);
      return { error: false as const, message: "Logged out" };
    },
  );
}
