import { ActivityExportQuery, ActivityListQuery, ActivityListResponse, OwnAccountActivityResponse } from "@academy/contract/activity";
import { ErrorResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const FILTERS =
  "Filters: `actor_id` (who made the change), `subject_user_id` (the account it concerns), `kind`, `record_table` with `record_id` (one record's history), `from` and `to` (a day, `2026-05-01`, counts whole in UTC; or a moment with its offset). `from` after `to` is 400.";

/**
 * The activity log: staff read what staff changed; a person reads what staff did to their own
 * account. Nothing here writes: each change writes its own entry, in its own transaction.
 */
export const activityRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["activity log"];
  const staff = app.requireStaff("activity.read");

  app.get(
    "/v2/api/lambda/admin/activity",
    {
      schema: {
        tags,
        summary: "What staff changed, newest first, paged and filtered",
        description: `Every staff change to an account (email, password, role, status, two-factor reset, confirmation, deletion), a payment object (price, product, subscription end), content (publish, unpublish, delete of posts, library documents, questions, pages, CMS entries and email templates) or a setting (packages), with who, when, the record and the fields before and after (never a secret). ${FILTERS}`,
        querystring: ActivityListQuery,
        response: { 200: ActivityListResponse, ...errors },
      },
      preHandler: staff,
    },
    async (request) => ({ error: false as const, ...(await service.listActivity(db, request.query)) }),
  );

  app.get(
    "/v2/api/lambda/admin/activity/export",
    {
      schema: {
        tags,
        summary: "The filtered activity log as CSV",
        description: `Same filters as the list, every matching entry up to ${service.EXPORT_MAX_ROWS.toLocaleString("en")} (before and after as JSON cells). ${FILTERS}`,
        produces: ["text/csv"],
        querystring: ActivityExportQuery,
        response: { 200: z.string(), ...errors },
      },
      preHandler: staff,
    },
    async (request, reply) => {
      const csv = await service.exportActivity(db, request.query);
      reply.type("text/csv; charset=utf-8").header("content-disposition", 'attachment; filename="activity.csv"');
      return csv;
    },
  );

  app.get(
    "/v2/api/lambda/profile/activity",
    {
      schema: {
        tags,
        summary: "What academy staff changed on one's own account, newest first (the latest 100)",
        description: 'Staff are named "Academy staff", never by name.',
        response: { 200: OwnAccountActivityResponse, ...errors },
      },
      preHandler: app.requireAuth(),
    },
    async (request) => ({ error: false as const, list: await service.ownAccountActivity(db, request.principal!.id) }),
  );
};
