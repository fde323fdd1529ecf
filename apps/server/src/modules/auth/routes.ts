import { CheckRequest, LoginRequest, LoginResponse, ProfileResponse, ProfileUpdateRequest, RegisterRequest } from "@academy/contract/auth";
import { ErrorResponse, MessageResponse, OkResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import * as service from "./service.ts";

const RegisterResponse = z.union([LoginResponse, z.object({ error: z.literal(false), message: z.string(), user_id: z.number().int() })]);

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse };

export const authRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const deps = { db, tokens: app.tokens };
  const tags = ["auth"];

  app.post(
    "/v2/api/lambda/login",
    {
      schema: {
        tags,
        summary: "Sign in with email and password for a role",
        body: LoginRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) => service.login(deps, request.body),
  );

  app.post(
    "/v2/api/lambda/register",
    {
      schema: {
        tags,
        summary: "Create an account (signs in), or, with an admin's token, create a user for someone else",
        body: RegisterRequest,
        response: { 200: RegisterResponse, ...errors },
      },
      // A stale token in the browser must not block sign-up.
      preHandler: app.lenientAuth,
    },
    async (request) => {
      const result = await service.register(deps, request.body, request.principal);
      return result.kind === "session" ? result.answer : { error: false as const, message: "User created", user_id: result.userId };
    },
  );

  app.post(
    "/v2/api/lambda/check",
    {
      schema: { tags, summary: "Is the bearer token valid for this role", body: CheckRequest, response: { 200: OkResponse, ...errors } },
      preHandler: app.requireAuth(),
    },
    async (request) => {
      service.checkSession(request.principal!, request.body.role);
      return { error: false as const };
    },
  );

  app.get(
    "/v2/api/lambda/profile",
    {
      schema: { tags, summary: "The signed-in person's profile", response: { 200: ProfileResponse, ...errors } },
      preHandler: app.requireAuth(),
    },
    async (request) => ({ error: false as const, model: await service.getProfile(db, request.principal!) }),
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
    },
    async (request) => {
      await service.logout(db, request.principal!);
      return { error: false as const, message: "Logged out" };
    },
  );
};
