import { ErrorResponse } from "@academy/contract/common";
import { AdminDashboardResponse, DashboardQuery } from "@academy/contract/dashboard";
import { DashboardResponse } from "@academy/contract/quiz";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { forbidden } from "../../lib/http-error.ts";
import { can } from "../../lib/permissions.ts";
import { projectNameGuard } from "../../lib/project-name.ts";
import * as quiz from "../quiz/service.ts";
import { getAdminDashboard } from "./service.ts";

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; projectId: string; currency: string }> = async (
  app,
  { db, projectId, currency },
) => {
  app.addHook("preHandler", projectNameGuard(projectId));
  app.get(
    "/v3/api/custom/:name/dashboard",
    {
      schema: {
        tags: ["dashboard"],
        summary:
          "The dashboard of the caller: an admin gets the academy's figures with daily series; a candidate their readiness, reviews due, recent quizzes and plan allowance",
        description:
          "For an admin: candidates and staff, live subscriptions by package, monthly recurring revenue and card payments collected per currency (integer minor units), quizzes taken, the share of right answers per theme and upcoming coaching sessions, with one zero-filled point per calendar day of the last `days` days in the admin's own time zone (`time_zone`).",
        params: z.object({ name: z.string().max(64) }),
        querystring: DashboardQuery,
        response: {
          200: z.union([AdminDashboardResponse, DashboardResponse]),
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
      preHandler: app.requireAuth(),
    },
    async (request) => {
      const principal = request.principal!;
      // The academy's figures (revenue among them) are for staff with `dashboard.read`; other staff
      // have no dashboard of figures (their staff area opens on their own screens).
      if (principal.role === "admin" && !can(principal, "dashboard.read")) throw forbidden();
      if (principal.role === "admin")
        return { error: false as const, model: await getAdminDashboard(db, { adminId: principal.id, days: request.query.days, currency }) };
      return { error: false as const, model: await quiz.dashboard(db, principal.id) };
    },
  );
};
