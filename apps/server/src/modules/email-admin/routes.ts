import { ErrorResponse, IdParams, MessageResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/**
 * Staff tools around mail and media: a test send of a template to oneself, retrying a mail
 * from the outbox, and deleting a photo only when nothing uses it.
 */
export const emailAdminRoutes: FastifyPluginAsyncZod<service.EmailAdminDeps> = async (app, deps) => {
  app.post(
    "/v2/api/lambda/email/:id/test",
    {
      schema: {
        tags: ["email"],
        summary: "Send a template, filled with sample values, to your own address",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireStaff("content.write"),
    },
    async (request) => {
      const to = await service.sendTestMail(deps, request.params.id, request.principal!.id);
      return { error: false as const, message: `Test sent to ${to}` };
    },
  );

  app.post(
    "/v2/api/lambda/email/outbox/:id/retry",
    {
      schema: {
        tags: ["email"],
        summary: "Send a failed or queued mail again now",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireStaff("outbox.write"),
    },
    async (request) => {
      await service.retryOutboxMail(deps, request.params.id);
      return { error: false as const, message: "Queued for sending" };
    },
  );

  app.delete(
    "/v2/api/lambda/photo/:id",
    {
      schema: {
        tags: ["uploads"],
        summary: "Delete a photo that no page, CMS entry or profile uses",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireStaff("content.write"),
    },
    async (request) => {
      await service.deleteUnusedPhoto(deps, request.principal!.id, request.params.id, (e) =>
        request.log.warn({ err: e }, "stored file not removed"),
      );
      return { error: false as const, message: "Deleted" };
    },
  );
};
