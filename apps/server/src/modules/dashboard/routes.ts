import { ErrorResponse } from "@academy/contract/common";
import { AdminDashboardResponse, DashboardQuery } from "@academy/contract/dashboard";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { getAdminDashboard } from "./service.ts";

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; projectId: string }> = async (app, { db, projectId }) => {
  app.get(
    "/v3/api/custom/:name/dashboard",
    {
      schema: {
        tags: ["dashboard"],
        summary: "The academy's figures for the admin dashboard, with daily series",
        params: z.object({ name: z.string().max(64) }),
        querystring: DashboardQuery,
        response: { 200: AdminDashboardResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
      preHandler: app.requireAuth("admin"),
    },
    async (request) => {
      if (request.params.name !== projectId) throw notFound("Unknown project");
      return { error: false as const, model: await getAdminDashboard(db, request.query.days) };
    },
  );
};
