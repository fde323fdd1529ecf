import {
  AdminUpdateEmailRequest,
  AdminUpdatePasswordRequest,
  CaptchaRequest,
  CaptchaResponse,
  OutboxQuery,
  OutboxResponse,
  PreferenceRequest,
  PreferenceResponse,
  UpdateEmailRequest,
  UpdatePasswordRequest,
  UpdatePasswordResponse,
  VerifyEmailRequest,
  VerifyUserRequest,
} from "@academy/contract/auth";
import { ErrorResponse, MessageResponse } from "@academy/contract/common";
import * as mail from "../mail/service.ts";
import * as account from "./account.ts";
import { type App, errors, type RouteContext, updated, withDevice } from "./route-context.ts";
import * as verification from "./verification.ts";

/** Changes to an account: one's own or (staff) another's email and password, email confirmation, preferences, the captcha check and the outbox. */
export function accountRoutes(app: App, { deps, tags }: RouteContext) {
  const { db } = deps;

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
      ...(await account.updateOwnPassword(
        withDevice(deps, request),
        request.principal!,
        request.body.password,
        request.body.current_password,
      )),
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
      preHandler: app.requireStaff("users.write"),
    },
    async (request) => {
      await account.adminUpdateEmail(deps, request.principal!, request.body.id, request.body.email);
      deps.mail.kick();
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
      preHandler: app.requireStaff("users.write"),
    },
    async (request) => {
      await account.adminUpdatePassword(deps, request.principal!, request.body.id, request.body.password);
      deps.mail.kick();
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
      preHandler: app.requireStaff("users.verify"),
    },
    async (request) => {
      await account.verifyUser(deps, request.principal!, request.body.user_id);
      return updated;
    },
  );

  app.post(
    "/v2/api/lambda/verify/user/resend",
    {
      schema: {
        tags,
        summary: "Staff: mail a new confirmation link to an account's address (older links stop working)",
        description: "409 when the address is already confirmed; 3 requests per 5 minutes per address, then 429 with Retry-After.",
        body: VerifyUserRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireStaff("users.verify"),
    },
    async (request) => {
      await verification.resendVerificationFor(deps, request.body.user_id);
      return { error: false as const, message: "Email Sent" };
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
      preHandler: app.requireStaff("outbox.read"),
    },
    async (request) => ({ error: false as const, list: await mail.listOutbox(db, request.query) }),
  );
}
