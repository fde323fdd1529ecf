import { ErrorResponse } from "@academy/contract/common";
import { CreateOfflinePackRequest, OfflinePackResponse, SyncOfflineRequest, SyncOfflineResponse } from "@academy/contract/offline";
import {
  CreateQuizRequest,
  CreateQuizResponse,
  DeleteQuizResponse,
  OnboardingResponse,
  PreviewQuizRequest,
  PreviewQuizResponse,
  ProgressResponse,
  QuizListResponse,
  QuizResponse,
  SaveOnboardingRequest,
  SaveOnboardingResponse,
  TracksResponse,
  UpdateQuizRequest,
  UpdateQuizResponse,
} from "@academy/contract/quiz";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { projectNameGuard } from "../../lib/project-name.ts";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 402: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const Name = z.object({ name: z.string().max(100) });
const WithId = z.object({
  name: z.string().max(100),
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/**
 * Onboarding and quizzes under `/v3/api/custom/{PROJECT_ID}/...`. Every call is the signed-in
 * candidate's own: another user's quiz answers 404, like one that does not exist.
 */
export const quizRoutes: FastifyPluginAsyncZod<{ db: Db; projectId: string; publicUrl?: string }> = async (
  app,
  { db, projectId, publicUrl },
) => {
  const tags = ["quiz"];
  const base = "/v3/api/custom/:name";
  const auth = app.requireAuth("user");
  app.addHook("preHandler", projectNameGuard(projectId));

  app.get(
    `${base}/onboarding`,
    {
      schema: { tags, summary: "The candidate's onboarding choices", params: Name, response: { 200: OnboardingResponse, ...errors } },
      preHandler: auth,
    },
    async (request) => ({
      error: false as const,
      model: await service.getOnboarding(db, request.principal!.id),
    }),
  );

  app.put(
    `${base}/onboarding`,
    {
      schema: {
        tags,
        summary: "Save onboarding choices (merged into what is saved)",
        params: Name,
        body: SaveOnboardingRequest,
        response: { 200: SaveOnboardingResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => ({
      error: false as const,
      message: "Saved",
      model: await service.saveOnboarding(db, request.principal!.id, request.body),
    }),
  );

  app.get(
    `${base}/quiz/tracks`,
    {
      schema: {
        tags,
        summary: "Tracks with their current blueprint and themes",
        params: Name,
        response: { 200: TracksResponse, ...errors },
      },
      preHandler: auth,
    },
    async () => ({
      error: false as const,
      list: await service.listTracks(db),
    }),
  );

  app.post(
    `${base}/quiz/preview`,
    {
      schema: {
        tags,
        summary: "The mix a quiz with these settings would hold, and a sample question per theme (no keys)",
        params: Name,
        body: PreviewQuizRequest,
        response: { 200: PreviewQuizResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => ({ error: false as const, model: await service.previewQuiz(db, request.principal!.id, request.body) }),
  );

  app.get(
    `${base}/quiz/list`,
    {
      schema: { tags, summary: "The candidate's quizzes, newest first", params: Name, response: { 200: QuizListResponse, ...errors } },
      preHandler: auth,
    },
    async (request) => ({
      error: false as const,
      list: await service.listQuizzes(db, request.principal!.id),
    }),
  );

  app.post(
    `${base}/quiz/create`,
    {
      schema: {
        tags,
        summary: "Generate a quiz from the track's blueprint, the chosen themes and the candidate's weak themes and due reviews",
        description:
          "Answers `{error:false, model, resumed}`, the model as quiz/get answers it. While the candidate has an unfinished quiz made from the same choices (the same track, themes, length, difficulty and mode; the same retried quiz; or a spaced review), that quiz is answered with `resumed: true` and nothing is generated, so revisiting the generate screen resumes it; `new: true` always generates another. A new quiz counts against the plan's weekly quiz allowance (402 with code QUIZ_LIMIT when used up), checked and taken in one step per candidate.",
        params: Name,
        body: CreateQuizRequest,
        response: { 200: CreateQuizResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => {
      const { quiz, resumed } = await service.createQuiz(db, request.principal!.id, request.body);
      return { error: false as const, model: quiz, resumed };
    },
  );

  app.get(
    `${base}/quiz/get/:id`,
    {
      schema: {
        tags,
        summary: "One quiz: before submit its questions without keys; after submit the review with keys and explanations",
        params: WithId,
        response: { 200: QuizResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => ({ error: false as const, model: await service.getQuiz(db, request.principal!.id, request.params.id) }),
  );

  app.put(
    `${base}/quiz/update/:id`,
    {
      schema: {
        tags,
        summary: "Save answers, flags and the current position of an open quiz",
        description:
          "Answers are saved as given (exam mode: changeable until submit; practice mode: final, and the answer carries feedback). After submit or past an exam's time limit: 409.",
        params: WithId,
        body: UpdateQuizRequest,
        response: { 200: UpdateQuizResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => ({
      error: false as const,
      message: "Saved",
      ...(await service.updateQuiz(db, request.principal!.id, request.params.id, request.body)),
    }),
  );

  app.post(
    `${base}/quiz/submit/:id`,
    {
      schema: {
        tags,
        summary: "Submit a quiz: scores it and answers the review",
        params: WithId,
        response: { 200: QuizResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => ({ error: false as const, model: await service.submitQuiz(db, request.principal!.id, request.params.id) }),
  );

  app.post(
    `${base}/quiz/break/:id`,
    {
      schema: {
        tags,
        summary: "Start a break of a timed quiz or mock exam: the clock stops and the questions are hidden",
        description:
          "Only with an exam accommodation's breaks (decision 30). The break lasts until it is ended or the allowance left runs out; the allowance is spent across breaks. 409 without breaks, when all are used, during a break, or after the time limit.",
        params: WithId,
        response: { 200: QuizResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => ({ error: false as const, model: await service.startBreak(db, request.principal!.id, request.params.id) }),
  );

  app.delete(
    `${base}/quiz/break/:id`,
    {
      schema: {
        tags,
        summary: "End the break that runs: the clock goes on, and the allowance not used is kept for later breaks",
        params: WithId,
        response: { 200: QuizResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => ({ error: false as const, model: await service.endBreak(db, request.principal!.id, request.params.id) }),
  );

  app.delete(
    `${base}/quiz/delete/:id`,
    {
      schema: {
        tags,
        summary: "Discard an unfinished quiz (finished quizzes stay in the history: 409)",
        params: WithId,
        response: { 200: DeleteQuizResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => {
      await service.deleteQuiz(db, request.principal!.id, request.params.id);
      return { error: false as const, message: "Deleted" };
    },
  );

  app.get(
    `${base}/quiz/result/:id/pdf`,
    {
      schema: { tags, summary: "A finished quiz's result as a PDF download", params: WithId, response: { 200: z.any(), ...errors } },
      preHandler: auth,
    },
    async (request, reply) => {
      const { quiz, pdf } = await service.resultPdf(db, request.principal!.id, request.params.id, publicUrl);
      return reply.type("application/pdf").header("content-disposition", `attachment; filename="quiz-${quiz.id}-result.pdf"`).send(pdf);
    },
  );

  app.get(
    "/content/images/:file",
    {
      schema: {
        tags,
        summary: "A picture a question shows (content/images), SVG or PNG",
        params: z.object({ file: z.string().max(100) }),
        response: { 200: z.any(), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const image = await service.contentImage(request.params.file);
      // Our own files, yet an SVG is a document: no scripts, nothing loaded, never sniffed as something else.
      return reply
        .type(image.type)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header("cache-control", "public, max-age=3600")
        .send(image.body);
    },
  );

  app.post(
    `${base}/quiz/offline/pack`,
    {
      schema: {
        tags,
        summary: "A practice pack of 50 or 100 questions to take offline, with their keys (decision 32)",
        description:
          "Due reviews first, then the weak themes, then the rest of the candidate's track, each with what practice feedback shows once answered (key, explanations, library link) and its picture inline as a data: URL. Takes one of the plan's weekly quizzes (402 QUIZ_LIMIT when used up). Leaves out every question of the candidate's unfinished mock exam: mock exams never go offline.",
        params: Name,
        body: CreateOfflinePackRequest,
        response: { 200: OfflinePackResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => ({ error: false as const, model: await service.createOfflinePack(db, request.principal!.id, request.body) }),
  );

  app.post(
    `${base}/quiz/offline/sync`,
    {
      schema: {
        tags,
        summary: "Record answers given offline from practice packs, exactly once, in order",
        description:
          "Each answer carries the device's id (a UUID): an id already recorded for the candidate is skipped, so sending a batch again records nothing twice. One transaction per call. The answers of one offline quiz (`session`) make one finished practice quiz \"Offline practice\" in the history, and count for readiness and the review schedule as practice answers do. Another candidate's pack answers 404; a question outside its pack or a response that does not fit it, 400, and nothing of the batch is recorded.",
        params: Name,
        body: SyncOfflineRequest,
        response: { 200: SyncOfflineResponse, ...errors },
      },
      preHandler: auth,
    },
    async (request) => {
      const result = await service.syncOfflineAnswers(db, request.principal!.id, request.body);
      return { error: false as const, message: `${result.recorded} answers recorded`, ...result };
    },
  );

  app.get(
    `${base}/quiz/progress`,
    {
      schema: { tags, summary: "Past attempts and readiness after each", params: Name, response: { 200: ProgressResponse, ...errors } },
      preHandler: auth,
    },
    async (request) => ({
      error: false as const,
      ...(await service.progress(db, request.principal!.id)),
    }),
  );
};
