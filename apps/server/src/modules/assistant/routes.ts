import { ErrorResponse } from "@academy/contract/common";
import {
  AiTextResponse,
  AssistantAnswerResponse,
  AssistantHistoryResponse,
  AssistantQueryRequest,
  AssistantStatusResponse,
  TranslateRequest,
} from "@academy/contract/library";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import type { Answerer } from "../../providers/ai/answerer.ts";
import * as service from "./service.ts";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  429: ErrorResponse,
  503: ErrorResponse,
};

const badField = (error: z.ZodError) => {
  const issue = error.issues[0]!;
  const field = String(issue.path[0] ?? "body");
  return new HttpError(400, issue.message, { validation: { [field]: issue.message } });
};

/**
 * The study assistant (`/v2/api/qna/...`), grounded in the library, and the provider-backed
 * speech and translation calls (`/v5/api/deployments/sow/...`), which answer 503 without a provider.
 */
export const assistantRoutes: FastifyPluginAsyncZod<{ db: Db; answerer: Answerer; maxBytes: number }> = async (
  app,
  { db, answerer, maxBytes },
) => {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 5000 * 4, parts: 5, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const tags = ["assistant"];
  const signedIn = app.requireAuth("user", "admin");
  const deps = { db, answerer, log: app.log };

  app.post(
    "/v2/api/qna/query",
    {
      schema: {
        tags,
        summary: "Ask the study assistant",
        description:
          "Answers from the library sections the caller's plan opens and cites each passage used (`citations`, with links). `answered:false` when the library holds no answer. Questions per day come from the plan (429 past them).",
        body: AssistantQueryRequest,
        response: { 200: AssistantAnswerResponse, ...errors },
      },
      preHandler: signedIn,
      // What a candidate asks is kept in their own history only, never in the log.
      logLevel: "warn",
    },
    async (request) => ({ error: false as const, model: await service.ask(deps, request.principal!, request.body.user_prompt) }),
  );

  app.get(
    "/v2/api/qna/history",
    {
      schema: {
        tags,
        summary: "The caller's own conversation with the assistant (latest 50)",
        response: { 200: AssistantHistoryResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({ error: false as const, list: await service.history(db, request.principal!) }),
  );

  app.get(
    "/v2/api/qna/server/status",
    {
      schema: {
        tags,
        summary: "Which answerer runs, whether it is reachable, what else it can do, and the caller's daily questions",
        response: { 200: AssistantStatusResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({ error: false as const, model: await service.status(deps, request.principal!) }),
  );

  app.post(
    "/v5/api/deployments/sow/gpt-transcribe",
    {
      schema: {
        tags,
        summary: "Speech to text (multipart `file`: an audio recording) through the configured AI provider",
        description: "503 with code AI_NOT_CONFIGURED when no provider is configured.",
        consumes: ["multipart/form-data"],
        response: { 200: AiTextResponse, ...errors },
      },
      bodyLimit: maxBytes + 64 * 1024,
      preHandler: signedIn,
    },
    async (request) => {
      service.assertCanTranscribe(answerer);
      if (!request.isMultipart()) throw new HttpError(415, "Send the recording as multipart/form-data in the field `file`");
      let file: { bytes: Buffer; fileName: string } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== "file" || part.fieldname !== "file" || file) {
            if (part.type === "file") part.file.resume();
            throw new HttpError(400, "Send one recording in the field `file`", { validation: { file: "Send one recording" } });
          }
          file = { bytes: await part.toBuffer(), fileName: part.filename };
        }
      } catch (e) {
        if (e instanceof HttpError) throw e;
        if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
          throw new HttpError(413, "The recording is too large", { validation: { file: "The recording is too large" } });
        throw e;
      }
      if (!file) throw new HttpError(400, "Choose a recording", { validation: { file: "Choose a recording" } });
      return { error: false as const, text: await service.transcribe(answerer, file) };
    },
  );

  app.post(
    "/v5/api/deployments/sow/gpt-translate",
    {
      schema: {
        tags,
        summary: "Translate text (form data or JSON: text, target_language) through the configured AI provider",
        description: "503 with code AI_NOT_CONFIGURED when no provider is configured.",
        response: { 200: AiTextResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => {
      service.assertCanTranslate(answerer);
      let fields: unknown = request.body;
      if (request.isMultipart()) {
        const collected: Record<string, string> = {};
        for await (const part of request.parts()) {
          if (part.type === "file") {
            part.file.resume();
            throw new HttpError(400, "Send text, not a file", { validation: { text: "Send text, not a file" } });
          }
          if (typeof part.value === "string") collected[part.fieldname] = part.value;
        }
        fields = collected;
      }
      const parsed = TranslateRequest.safeParse(fields ?? {});
      if (!parsed.success) throw badField(parsed.error);
      return { error: false as const, text: await service.translate(answerer, parsed.data.text, parsed.data.target_language) };
    },
  );
};
