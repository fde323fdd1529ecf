import {
  AdminUpdateEmailRequest,
  AdminUpdatePasswordRequest,
  CaptchaRequest,
  CaptchaResponse,
  CheckRequest,
  CheckResponse,
  ForgotRequest,
  InviteAdminRequest,
  LoginRequest,
  LoginResponse,
  MagicLinkRequest,
  MagicLoginRequest,
  OutboxQuery,
  OutboxResponse,
  PreferenceRequest,
  PreferenceResponse,
  ProfileResponse,
  ProfileUpdateRequest,
  RegisterRequest,
  ResetRequest,
  SignInResponse,
  TwoFactorCodeRequest,
  TwoFactorEnableResponse,
  TwoFactorVerifyRequest,
  UpdateEmailRequest,
  UpdatePasswordRequest,
  UpdatePasswordResponse,
  VerifyEmailRequest,
  VerifyUserRequest,
} from "@academy/contract/auth";
import { ErrorResponse, MessageResponse, OkResponse, Role } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { OidcClients } from "../../providers/oauth/oidc.ts";
import * as account from "./account.ts";
import * as oauth from "./oauth.ts";
import { callbackUrlOf } from "./oauth.ts";
import * as recovery from "./recovery.ts";
import * as service from "./service.ts";
import * as twoFactor from "./two-factor.ts";
import * as verification from "./verification.ts";

const RegisterResponse = z.union([LoginResponse, z.object({ error: z.literal(false), message: z.string(), user_id: z.number().int() })]);

/** What a staff session without two-factor sign-in may do, in the API description. */
const SETUP_FIRST =
  "until 2fa/authorize turns it on, its token opens only 2fa/enable, 2fa/authorize, check, profile (GET) and logout; every other call answers 403 with code TWO_FACTOR_REQUIRED";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };

export const authRoutes: FastifyPluginAsyncZod<{ deps: service.AuthDeps; oidc: OidcClients }> = async (app, { deps, oidc }) => {
  const { db } = deps;
  const tags = ["auth"];

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
    async (request) => service.login(deps, request.body, request.ip),
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
      const result = await service.register(deps, request.body, request.principal, request.ip);
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

  const ok = { error: false as const };
  const updated = { error: false as const, message: "Updated" };

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
    async (request) => recovery.magicLogin(deps, request.body.token),
  );

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
    async (request) => twoFactor.verifyTwoFactorLogin(deps, request.body.access_token, request.body.token),
  );

  app.post(
    "/v2/api/lambda/update/email",
    {
      schema: {
        tags,
        summary: "Change one's own sign-in email (current password needed)",
        body: UpdateEmailRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireAuth(),
    },
    async (request) => {
      await account.updateOwnEmail(deps, request.principal!, request.body.email, request.body.current_password);
      return updated;
    },
  );

  app.post(
    "/v2/api/lambda/update/password",
    {
      schema: {
        tags,
        summary: "Change one's own password (current password needed)",
        description: "Signs out every other session; the answer carries a fresh token for this one.",
        body: UpdatePasswordRequest,
        response: { 200: UpdatePasswordResponse, ...errors },
      },
      preHandler: app.requireAuth(),
    },
    async (request) => ({
      ...updated,
      ...(await account.updateOwnPassword(deps, request.principal!, request.body.password, request.body.current_password)),
    }),
  );

  app.post(
    "/v2/api/lambda/admin/update/email",
    {
      schema: {
        tags,
        summary: "Admin: change an account's email",
        body: AdminUpdateEmailRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireAuth("admin"),
    },
    async (request) => {
      await account.adminUpdateEmail(deps, request.body.id, request.body.email);
      return updated;
    },
  );

  app.post(
    "/v2/api/lambda/admin/update/password",
    {
      schema: {
        tags,
        summary: "Admin: set an account's password (signs that account out)",
        body: AdminUpdatePasswordRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireAuth("admin"),
    },
    async (request) => {
      await account.adminUpdatePassword(deps, request.body.id, request.body.password);
      return updated;
    },
  );

  app.post(
    "/v2/api/lambda/verify/user",
    {
      schema: {
        tags,
        summary: "Admin: mark an account's email as verified",
        body: VerifyUserRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireAuth("admin"),
    },
    async (request) => {
      await account.verifyUser(deps, request.body.user_id);
      return updated;
    },
  );

  app.post(
    "/v2/api/lambda/verify/email",
    {
      schema: {
        tags,
        summary: "Confirm an email address with the token of the link mailed to it",
        description: `Public: the link works without signing in, once, for ${verification.VERIFY_HOURS} hours, and only while the account still has the address it was sent to. Signs no one in. A used, expired, unknown or other kind of token answers 400.`,
        body: VerifyEmailRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await verification.verifyEmail(deps, request.body.token);
      return { error: false as const, message: "Email confirmed" };
    },
  );

  app.post(
    "/v2/api/lambda/verify/email/resend",
    {
      schema: {
        tags,
        summary: "Mail a new confirmation link to one's own address (older links stop working)",
        description: "409 when the address is already confirmed; 3 requests per 5 minutes per address, then 429 with Retry-After.",
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireAuth(),
    },
    async (request) => {
      await verification.resendVerification(deps, request.principal!);
      return { error: false as const, message: "Email Sent" };
    },
  );

  app.post(
    "/v2/api/lambda/admin/invite",
    {
      schema: {
        tags,
        summary: "Admin: invite someone to create a staff account (mails a link valid 7 days)",
        body: InviteAdminRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireAuth("admin"),
    },
    async (request) => {
      await recovery.inviteAdmin(deps, request.principal!, request.body.email);
      return { error: false as const, message: "Invitation sent" };
    },
  );

  app.get(
    "/v2/api/lambda/preference",
    {
      schema: { tags, summary: "The signed-in person's preferences", response: { 200: PreferenceResponse, ...errors } },
      preHandler: app.requireAuth(),
    },
    async (request) => ({ error: false as const, model: await account.getPreferences(db, request.principal!) }),
  );

  app.post(
    "/v2/api/lambda/preference",
    {
      schema: {
        tags,
        summary: "Save preferences (merged into the stored ones)",
        body: PreferenceRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireAuth(),
    },
    async (request) => {
      await account.setPreferences(db, request.principal!, request.body.payload);
      return updated;
    },
  );

  app.post(
    "/v2/api/lambda/google-captcha",
    {
      schema: {
        tags,
        summary: "Check a reCAPTCHA token against RECAPTCHA_SECRET",
        description: "Without RECAPTCHA_SECRET the check is off and every token passes (`success:true`).",
        body: CaptchaRequest,
        response: { 200: CaptchaResponse, ...errors, 503: ErrorResponse },
      },
    },
    async (request) => ({ error: false as const, ...(await account.verifyCaptcha(deps.config, request.body.captchaToken, request.ip)) }),
  );

  app.get(
    "/v2/api/lambda/outbox",
    {
      schema: {
        tags,
        summary: "Admin: the latest mails of the outbox (queued, sent or failed), newest first",
        querystring: OutboxQuery,
        response: { 200: OutboxResponse, ...errors },
      },
      preHandler: app.requireAuth("admin"),
    },
    async (request) => ({ error: false as const, list: await account.listOutbox(db, request.query) }),
  );

  const ProviderParams = z.object({ provider: z.string().regex(/^[a-z0-9]{1,32}$/, "Unknown provider") });

  app.get(
    "/v2/api/lambda/oauth/providers",
    {
      schema: {
        tags,
        summary: "The OpenID Connect providers one can sign in with on this server",
        response: { 200: z.object({ error: z.literal(false), list: z.array(z.string()) }) },
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
          200: z.object({ error: z.literal(false), url: z.string() }),
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
    const token = await oauth.finishOAuth(deps, oidc, request.params.provider, url);
    return reply.redirect(`/magic-login/verify?token=${encodeURIComponent(token)}`, 302);
  });
};
