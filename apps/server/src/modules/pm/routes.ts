import { ErrorResponse } from "@academy/contract/common";
import {
  CreatePmBoardRequest,
  CreatePmCardRequest,
  CreatePmWorkspaceRequest,
  MovePmCardRequest,
  PmBoardAnswer,
  PmBoardListQuery,
  PmBoardPage,
  PmBoardRefreshResponse,
  PmIdParams,
  PmWorkspaceAnswer,
  PmWorkspaceListQuery,
  PmWorkspacePage,
} from "@academy/contract/pm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const P = "/v2/api/lambda/pm";

/**
 * Workspaces and boards (the spec's project management calls), used for study plans. Every call
 * is the signed-in person's own: another person's workspace, board or card answers 404; staff
 * see every learner's (a coach looking at a board) but only the owner changes one (403).
 */
export const pmRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["project management"];
  const preHandler = app.requireAuth();
  const viewer = (request: { principal: service.Viewer | null }) => request.principal!;

  app.get(
    `${P}/workspaces`,
    {
      schema: {
        tags,
        summary: "Your workspaces (staff: everyone's, or one learner's with user_id); limit up to 99999",
        querystring: PmWorkspaceListQuery,
        response: { 200: PmWorkspacePage, ...errors },
      },
      preHandler,
    },
    async (request) => service.listWorkspaces(db, viewer(request), request.query),
  );

  app.post(
    `${P}/workspaces`,
    {
      schema: {
        tags,
        summary: "Create a workspace; template study_plan adds a study plan board from your onboarding answers and weak themes",
        body: CreatePmWorkspaceRequest,
        response: { 200: PmWorkspaceAnswer, ...errors },
      },
      preHandler,
    },
    async (request) => ({ error: false as const, model: await service.createWorkspace(db, viewer(request), request.body) }),
  );

  app.get(
    `${P}/workspaces/:id`,
    { schema: { tags, summary: "One workspace", params: PmIdParams, response: { 200: PmWorkspaceAnswer, ...errors } }, preHandler },
    async (request) => ({ error: false as const, model: await service.getWorkspace(db, viewer(request), request.params.id) }),
  );

  app.get(
    `${P}/workspaces/:id/boards`,
    {
      schema: {
        tags,
        summary: "The workspace's boards with their columns and cards (page, limit up to 100, sortId, direction)",
        params: PmIdParams,
        querystring: PmBoardListQuery,
        response: { 200: PmBoardPage, ...errors },
      },
      preHandler,
    },
    async (request) => service.listBoards(db, viewer(request), request.params.id, request.query),
  );

  app.post(
    `${P}/workspaces/:id/boards`,
    {
      schema: { tags, summary: "Add a board", params: PmIdParams, body: CreatePmBoardRequest, response: { 200: PmBoardAnswer, ...errors } },
      preHandler,
    },
    async (request) => ({ error: false as const, model: await service.createBoard(db, viewer(request), request.params.id, request.body) }),
  );

  app.post(
    `${P}/boards/:id/cards`,
    {
      schema: {
        tags,
        summary:
          "Add a card: a kind and a reference (theme: its slug; library: <document>#<section> your plan opens, titled with its heading; coaching: the number of your booked session, titled with its coach and time; note: any), and a title",
        params: PmIdParams,
        body: CreatePmCardRequest,
        response: { 200: PmBoardAnswer, ...errors },
      },
      preHandler,
    },
    async (request) => ({ error: false as const, model: await service.addCard(db, viewer(request), request.params.id, request.body) }),
  );

  app.post(
    `${P}/boards/:id/refresh`,
    {
      schema: {
        tags,
        summary:
          "Bring the board up to your plan: add the theme, library section and upcoming coaching cards it lacks, take off cancelled sessions",
        params: PmIdParams,
        response: { 200: PmBoardRefreshResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const { added, removed, board } = await service.refreshStudyPlan(db, viewer(request), request.params.id);
      return { error: false as const, model: board, added, removed };
    },
  );

  app.post(
    `${P}/cards/:id/move`,
    {
      schema: {
        tags,
        summary: "Move a card to a column and a place in it",
        params: PmIdParams,
        body: MovePmCardRequest,
        response: { 200: PmBoardAnswer, ...errors },
      },
      preHandler,
    },
    async (request) => ({ error: false as const, model: await service.moveCard(db, viewer(request), request.params.id, request.body) }),
  );

  app.delete(
    `${P}/cards/:id`,
    { schema: { tags, summary: "Remove a card", params: PmIdParams, response: { 200: PmBoardAnswer, ...errors } }, preHandler },
    async (request) => ({ error: false as const, model: await service.deleteCard(db, viewer(request), request.params.id) }),
  );
};
