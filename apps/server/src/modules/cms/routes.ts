import { CmsEntryCreated, CmsEntryRequest } from "@academy/contract/cms";
import { ErrorResponse, IdParams, MessageResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import * as records from "../records/service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** A value must be what its type says, so screens can read it without guessing. */
function checkValue(type: string, value: string): void {
  if (type === "number" && (value.trim() === "" || !Number.isFinite(Number(value))))
    throw badRequest("value: Must be a number", { value: "Must be a number" });
  if (type === "json") {
    try {
      JSON.parse(value);
    } catch {
      throw badRequest("value: Must be valid JSON", { value: "Must be valid JSON" });
    }
  }
  if (type === "image" && !/^(https?:\/\/|\/uploads\/)/.test(value))
    throw badRequest("value: Must be an http(s) address or an uploaded photo", {
      value: "Must be an http(s) address or an uploaded photo",
    });
}

/** The spec's `cms` calls: admin writes through the records engine, so its rule and rich-text sanitizing apply. */
export const cmsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["cms"];
  const preHandler = app.requireStaff("content.write");

  app.post(
    "/v2/api/lambda/cms",
    {
      schema: {
        tags,
        summary: "Add a CMS entry {page, key, type, value}",
        body: CmsEntryRequest,
        response: { 200: CmsEntryCreated, ...errors },
      },
      preHandler,
    },
    async (request) => {
      checkValue(request.body.type, request.body.value);
      const id = await records.createRow(db, records.actorOf(request), "cms", request.body);
      return { error: false as const, message: "Created", data: id };
    },
  );

  app.put(
    "/v2/api/lambda/cms/:id",
    {
      schema: {
        tags,
        summary: "Change a CMS entry",
        params: IdParams,
        body: CmsEntryRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      checkValue(request.body.type, request.body.value);
      const changed = await records.updateRows(db, records.actorOf(request), "cms", { id: request.params.id }, request.body);
      if (changed === 0) throw notFound("CMS entry not found");
      return { error: false as const, message: "Updated" };
    },
  );
};
