import { AccommodationRequest, AccommodationResponse, OwnAccommodationResponse } from "@academy/contract/accommodations";
import { ErrorResponse, IdParams, MessageResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** Exam accommodations: staff grant, change and withdraw them; a candidate reads their own. */
export const accommodationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["accommodations"];

  app.get(
    "/v2/api/lambda/admin/users/:id/accommodation",
    {
      schema: {
        tags,
        summary: "A candidate's exam accommodation (null when none), with whether it is in force today",
        params: IdParams,
        response: { 200: AccommodationResponse, ...errors },
      },
      preHandler: app.requireStaff("users.accommodations"),
    },
    async (request) => ({ error: false as const, model: await service.getAccommodation(db, request.params.id) }),
  );

  app.put(
    "/v2/api/lambda/admin/users/:id/accommodation",
    {
      schema: {
        tags,
        summary: "Grant or change a candidate's exam accommodation: extra time, breaks, a note and an end date",
        description:
          "Timed quizzes and mock exams the candidate starts until the end date (their own day) get their time limit multiplied by `extra_time_factor` (1.25, 1.5 or 2) and `break_minutes` of breaks that stop the clock (`quiz/break/{id}`); quizzes already started keep what they started with. Logged (`account.accommodation`), without the note's text. 409 for a staff account.",
        params: IdParams,
        body: AccommodationRequest,
        response: { 200: AccommodationResponse, ...errors },
      },
      preHandler: app.requireStaff("users.accommodations"),
    },
    async (request) => ({
      error: false as const,
      model: await service.grantAccommodation(db, request.principal!, request.params.id, request.body),
    }),
  );

  app.delete(
    "/v2/api/lambda/admin/users/:id/accommodation",
    {
      schema: {
        tags,
        summary: "Withdraw a candidate's exam accommodation (404 when there is none)",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: app.requireStaff("users.accommodations"),
    },
    async (request) => {
      await service.withdrawAccommodation(db, request.principal!, request.params.id);
      return { error: false as const, message: "Accommodation withdrawn" };
    },
  );

  app.get(
    "/v2/api/lambda/profile/accommodation",
    {
      schema: {
        tags,
        summary: "One's own exam accommodation while it is in force (null otherwise)",
        response: { 200: OwnAccommodationResponse, ...errors },
      },
      preHandler: app.requireAuth(),
    },
    async (request) => ({ error: false as const, model: await service.ownAccommodation(db, request.principal!.id) }),
  );
};
