import { ErrorResponse, IdParams, MessageResponse } from "@academy/contract/common";
import {
  AdminUserListQuery,
  AdminUserListResponse,
  AdminUserOverviewResponse,
  AdminUserResponse,
  AdminUserUpdateRequest,
} from "@academy/contract/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/**
 * Accounts for the admin console: with their roles, which the records API never shows. Staff
 * only, like the `user` rule of records/rules.ts for listing and changing accounts; deleting an
 * account and changing its email, password or role are not the records API's to do at all (the
 * rule grants no delete and no such field), so their rules live in this module's service.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  const tags = ["users"];

  app.get(
    "/v2/api/lambda/admin/users",
    {
      schema: {
        tags,
        summary: "Accounts, paged, searchable by email and name, filterable by role, status and whether the email is confirmed",
        querystring: AdminUserListQuery,
        response: { 200: AdminUserListResponse, ...errors },
      },
      preHandler: app.requireStaff("users.read"),
    },
    async (request) => ({ error: false as const, ...(await service.listUsers(db, request.query)) }),
  );

  app.get(
    "/v2/api/lambda/admin/users/:id",
    {
      schema: { tags, summary: "One account", params: IdParams, response: { 200: AdminUserResponse, ...errors } },
      preHandler: app.requireStaff("users.read"),
    },
    async (request) => ({ error: false as const, model: await service.getUser(db, request.params.id) }),
  );

  app.put(
    "/v2/api/lambda/admin/users/:id",
    {
      schema: {
        tags,
        summary: "Change an account: names, email, password, role and status, all at once or nothing",
        description:
          "Fields left out stay as they are. The email is taken as confirmed. A new password, a role change or disabling signs the account out everywhere. 409 when the email belongs to another account, for your own role or status, and for the last active admin.",
        params: IdParams,
        body: AdminUserUpdateRequest,
        response: { 200: AdminUserResponse, ...errors },
      },
      preHandler: app.requireStaff("users.write"),
    },
    async (request) => {
      const model = await service.updateUserAsAdmin(db, request.principal!, request.params.id, request.body, publicUrl);
      app.mail.kick();
      return { error: false as const, model };
    },
  );

  app.get(
    "/v2/api/lambda/admin/users/:id/overview",
    {
      schema: {
        tags,
        summary: "An account's last sign-in, plan and recent activity",
        description:
          "When a sign-in last gave the account a session (`last_sign_in_at`, any path: password, magic link, provider or two-factor code; null when never), the package in effect (the default package without a live subscription), the newest subscription that is not over with its price, period end and cancel-at-period-end, counts and the five latest quizzes with their scores (0..1), and the five latest invoices with the totals paid per currency (integer minor units).",
        params: IdParams,
        response: { 200: AdminUserOverviewResponse, ...errors },
      },
      preHandler: app.requireStaff("users.read"),
    },
    async (request) => ({ error: false as const, model: await service.getUserOverview(db, request.params.id) }),
  );

  app.post(
    "/v2/api/lambda/admin/users/:id/two-factor/reset",
    {
      schema: {
        tags,
        summary: "Reset another person's two-factor sign-in (a lost authenticator)",
        description:
          "Drops the account's two-factor secret and ends all its sessions, and mails the person. Staff set two-factor sign-in up again at their next sign-in; candidates may turn it on again from their profile. 409 for your own account (turn it off from your profile) and for an account without two-factor sign-in.",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireStaff("users.reset-two-factor"),
    },
    async (request) => {
      await service.resetTwoFactor(db, request.principal!, request.params.id, publicUrl);
      app.mail.kick();
      return { error: false as const, message: "Two-factor sign-in was reset" };
    },
  );

  app.delete(
    "/v2/api/lambda/admin/users/:id",
    {
      schema: {
        tags,
        summary: "Delete an account (not your own, not the last active admin)",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireStaff("users.write"),
    },
    async (request) => {
      await service.deleteUser(db, request.principal!, request.params.id, publicUrl);
      return { error: false as const, message: "Deleted" };
    },
  );
};
