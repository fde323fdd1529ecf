import { ErrorResponse, RowId } from "@academy/contract/common";
import {
  AdminQuestionListResponse,
  AdminQuestionResponse,
  AdminThemesResponse,
  BlueprintResponse,
  BlueprintsResponse,
  ImportErrorResponse,
  ImportRequest,
  ImportResponse,
  ItemStatisticsResponse,
  NewBlueprintRequest,
  QuestionListQuery,
  QuestionStatus,
  ReviewDecisionRequest,
  ReviewDecisionResponse,
} from "@academy/contract/quiz";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { projectNameGuard } from "../../lib/project-name.ts";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const Name = z.object({ name: z.string().max(100) });
const WithId = z.object({
  name: z.string().max(100),
  id: RowId,
});
const Slug = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9-]+$/, "Unknown theme");
/** The question in the content files' format (checked by the service with the files' own schema). */
const QuestionBody = z.strictObject({ theme: Slug, status: QuestionStatus.optional(), question: z.record(z.string(), z.unknown()) });
const ExportQuery = QuestionListQuery.omit({ page: true, limit: true }).extend({ format: z.enum(["json", "csv"]).default("json") });

/**
 * Staff's question bank, tracks and blueprints, and item statistics: admin only. Questions and
 * blueprints are INTERNAL_TABLES in records/rules.ts (their keys must never reach a candidate
 * before they submit), so their one access rule is this: staff only. Themes are readable by all
 * through the records API (`theme` rule); here staff read them with their tracks to edit.
 */
export const questionBankRoutes: FastifyPluginAsyncZod<{ db: Db; projectId: string }> = async (app, { db, projectId }) => {
  const tags = ["question bank"];
  const base = "/v3/api/custom/:name/quiz/admin";
  const read = app.requireStaff("question-bank.read");
  const write = app.requireStaff("question-bank.write");
  app.addHook("preHandler", projectNameGuard(projectId));

  app.get(
    `${base}/questions`,
    {
      schema: {
        tags,
        summary: "Search and filter the question bank (paginated)",
        params: Name,
        querystring: QuestionListQuery,
        response: { 200: AdminQuestionListResponse, ...errors },
      },
      preHandler: read,
    },
    async (request) => ({ error: false as const, ...(await service.listQuestions(db, request.query)) }),
  );
  app.get(
    `${base}/questions/:id`,
    {
      schema: { tags, summary: "One question with its key", params: WithId, response: { 200: AdminQuestionResponse, ...errors } },
      preHandler: read,
    },
    async (request) => ({
      error: false as const,
      model: await service.getQuestion(db, request.params.id),
    }),
  );
  app.post(
    `${base}/questions`,
    {
      schema: {
        tags,
        summary: "Add a question (starts in review unless a status is given)",
        params: Name,
        body: QuestionBody,
        response: { 200: AdminQuestionResponse, ...errors },
      },
      preHandler: write,
    },
    async (request) => ({ error: false as const, model: await service.createQuestion(db, request.principal!.id, request.body) }),
  );
  app.put(
    `${base}/questions/:id`,
    {
      schema: {
        tags,
        summary: "Edit a question (it then no longer follows the content files)",
        params: WithId,
        body: QuestionBody,
        response: { 200: AdminQuestionResponse, ...errors },
      },
      preHandler: write,
    },
    async (request) => ({
      error: false as const,
      model: await service.updateQuestion(db, request.principal!.id, request.params.id, request.body),
    }),
  );
  app.put(
    `${base}/questions/:id/status`,
    {
      schema: {
        tags,
        summary: "Activate, send to review or retire a question",
        params: WithId,
        body: z.strictObject({ status: QuestionStatus }),
        response: { 200: AdminQuestionResponse, ...errors },
      },
      preHandler: write,
    },
    async (request) => ({
      error: false as const,
      model: await service.setStatus(db, request.principal!.id, request.params.id, request.body.status),
    }),
  );
  app.get(
    `${base}/export`,
    {
      schema: {
        tags,
        summary: "Export the (filtered) bank as JSON or CSV in the content files' format",
        params: Name,
        querystring: ExportQuery,
        response: { 200: z.string(), ...errors },
      },
      preHandler: read,
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const body = await service.exportQuestions(db, format, filter);
      reply
        .type(format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="questions.${format}"`);
      return body;
    },
  );
  app.post(
    `${base}/import`,
    {
      schema: {
        tags,
        summary: "Import questions (JSON or CSV), all or nothing, with per-row errors",
        description: "400 with `rows: [{row, id, errors: {field: message}}]` when any row is invalid; nothing is saved then.",
        params: Name,
        body: ImportRequest,
        response: { 200: ImportResponse, ...errors, 400: z.union([ImportErrorResponse, ErrorResponse]) },
      },
      preHandler: write,
      bodyLimit: 1024 * 1024,
    },
    async (request, reply) => {
      const result = await service.importQuestions(db, request.body);
      if (!result.ok)
        return reply
          .code(400)
          .send({ error: true, message: `${result.errors.length} row(s) have errors: nothing was imported`, rows: result.errors } as never);
      return {
        error: false as const,
        message: request.body.dryRun ? "Every row is valid" : "Imported",
        created: result.created,
        updated: result.updated,
      };
    },
  );
  app.get(
    `${base}/stats`,
    {
      schema: {
        tags,
        summary: "Item statistics: share right, discrimination, distractors, doubtful questions; exam reliability; the review queue",
        params: Name,
        response: { 200: ItemStatisticsResponse, ...errors },
      },
      preHandler: read,
    },
    async () => ({
      error: false as const,
      ...(await service.statistics(db)),
    }),
  );
  app.put(
    `${base}/review-queue/:id`,
    {
      schema: {
        tags,
        summary: "Decide on a question in the review queue: keep it (back in quizzes, its flag closed) or retire it",
        params: WithId,
        body: ReviewDecisionRequest,
        response: { 200: ReviewDecisionResponse, ...errors },
      },
      preHandler: write,
    },
    async (request) => ({
      error: false as const,
      message: request.body.decision === "keep" ? "Back in quizzes" : "Retired",
      model: await service.decideReview(db, request.principal!.id, request.params.id, request.body.decision),
    }),
  );
  app.get(
    `${base}/themes`,
    {
      schema: { tags, summary: "Every theme with its tracks", params: Name, response: { 200: AdminThemesResponse, ...errors } },
      preHandler: read,
    },
    async () => ({ error: false as const, list: await service.listThemes(db) }),
  );
  app.get(
    `${base}/blueprints`,
    {
      schema: { tags, summary: "Every blueprint version of every track", params: Name, response: { 200: BlueprintsResponse, ...errors } },
      preHandler: read,
    },
    async () => ({
      error: false as const,
      list: await service.listBlueprints(db),
    }),
  );
  app.post(
    `${base}/blueprints`,
    {
      schema: {
        tags,
        summary: "Add a blueprint version for a track (past quizzes keep theirs)",
        params: Name,
        body: NewBlueprintRequest,
        response: { 200: BlueprintResponse, ...errors },
      },
      preHandler: write,
    },
    async (request) => ({ error: false as const, model: await service.addBlueprint(db, request.principal!.id, request.body) }),
  );
};
