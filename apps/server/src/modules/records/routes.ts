import { ErrorResponse, MessageResponse } from "@academy/contract/common";
import {
  RecordBody,
  RecordCreatedResponse,
  RecordListResponse,
  RecordPageResponse,
  RecordResponse,
  RecordsGetQuery,
  RecordsIdParams,
  RecordsListQuery,
  RecordsTableParams,
  RecordsUpdateWhereBody,
} from "@academy/contract/records";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import * as engine from "./engine.ts";
import { legacyRoutes } from "./legacy-routes.ts";
import { actorOf } from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** Blank means '', null, undefined or the text 'undefined' (the spec's rule). */
export const isBlank = (v: unknown) => v === undefined || v === null || v === "" || v === "undefined" || v === "null";
const many = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((s) => !isBlank(s));

export function parsePositive(text: string, field: string): number {
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1)
    throw badRequest(`${field} must be a whole number of 1 or more`, { [field]: "Must be a whole number of 1 or more" });
  return Number(text);
}

function parseIds(text: string): number[] {
  if (isBlank(text)) throw badRequest("table and id is required.");
  if (!text.includes(",")) return [parsePositive(text.trim(), "id")];
  const ids = text.split(",").map((s) => parsePositive(s.trim(), "id"));
  if (ids.length > engine.LIMITS.ids) throw badRequest(`At most ${engine.LIMITS.ids} ids`, { id: "Too many ids" });
  return [...new Set(ids)];
}

const tags = ["records"];

/**
 * Rows leave the engine holding only the rule's readable fields, and the response schemas type
 * them as open records, so checking every row against the schema again would only cost time.
 */
const asJson = () => (data: unknown) => JSON.stringify(data);

export const recordsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // The two GET calls check revocation inside their own query (the engine confirms the account):
  // their token is read before the handler, its account left to the read.
  await app.register(async (instance) => {
    const reads = instance.withTypeProvider<ZodTypeProvider>();
    reads.addHook("preHandler", app.readerAuth);
    reads.get(
      "/v4/api/records/:table",
      {
        schema: {
          tags,
          summary: "List records (size) or a page of them (page=n,size)",
          params: RecordsTableParams,
          querystring: RecordsListQuery,
          response: { 200: z.union([RecordPageResponse, RecordListResponse]), ...errors },
        },
        serializerCompiler: asJson,
        // Reads only: no write ledger.
        config: { readsOnly: true },
      },
      async (request) => {
        const q = request.query;
        const opts = { filters: many(q.filter), joins: many(q.join), order: isBlank(q.order) ? undefined : q.order };
        const actor = actorOf(request);
        if (!isBlank(q.page)) {
          const [pageText = "", sizeText] = String(q.page).split(",");
          const page = parsePositive(pageText, "page");
          const sizeFrom = sizeText ?? (isBlank(q.size) ? undefined : q.size);
          const size = sizeFrom === undefined ? engine.LIMITS.defaultPageSize : parsePositive(sizeFrom, "size");
          return { error: false as const, ...(await engine.pageRows(db, actor, request.params.table, { ...opts, page, size })) };
        }
        const size = isBlank(q.size) ? undefined : parsePositive(String(q.size), "size");
        return { error: false as const, list: await engine.listRows(db, actor, request.params.table, { ...opts, size }) };
      },
    );

    reads.get(
      "/v4/api/records/:table/:id",
      {
        schema: {
          tags,
          summary: "One record ({error, model}) or several by comma-separated ids ({error, list})",
          params: RecordsIdParams,
          querystring: RecordsGetQuery,
          response: { 200: z.union([RecordResponse, RecordListResponse]), ...errors },
        },
        serializerCompiler: asJson,
        // Reads only: no write ledger.
        config: { readsOnly: true },
      },
      async (request) => {
        const ids = parseIds(request.params.id);
        const rows = await engine.getRows(db, actorOf(request), request.params.table, ids, many(request.query.join));
        if (request.params.id.includes(",")) return { error: false as const, list: rows };
        const [model] = rows;
        if (!model) throw notFound("Record not found");
        return { error: false as const, model };
      },
    );
  });

  // Every other call checks the token's account here first.
  await app.register(async (instance) => {
    const others = instance.withTypeProvider<ZodTypeProvider>();
    others.addHook("preHandler", app.optionalAuth);
    others.post(
      "/v4/api/records/:table",
      {
        schema: {
          tags,
          summary: "Create a record; answers its id",
          params: RecordsTableParams,
          body: RecordBody,
          response: { 200: RecordCreatedResponse, ...errors },
        },
      },
      async (request) => ({
        error: false as const,
        data: await engine.createRow(db, actorOf(request), request.params.table, request.body),
      }),
    );

    others.put(
      "/v4/api/records/:table/:id",
      {
        schema: {
          tags,
          summary: "Update a record by id",
          params: RecordsIdParams,
          body: RecordBody,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        if (isBlank(request.params.id) || request.params.id.includes(",")) throw badRequest("table and id is required.");
        const id = parsePositive(request.params.id, "id");
        const changed = await engine.updateRows(db, actorOf(request), request.params.table, { id }, request.body);
        if (!changed) throw notFound("Record not found");
        return { error: false as const, message: "Updated" };
      },
    );

    others.put(
      "/v4/api/records/:table",
      {
        schema: {
          tags,
          summary: "Update the records matching updateCondition (within the caller's reach)",
          params: RecordsTableParams,
          body: RecordsUpdateWhereBody,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { updateCondition, ...fields } = request.body;
        // Rule first: a caller without update rights learns nothing about the condition's fields.
        engine.authorize(engine.tableInfo(request.params.table), "update", actor);
        if (
          isBlank(updateCondition) ||
          typeof updateCondition !== "object" ||
          Array.isArray(updateCondition) ||
          !Object.keys(updateCondition as object).length
        )
          throw badRequest("condition is required.");
        const where = engine.conditionOf(actor, request.params.table, updateCondition as Record<string, unknown>);
        const changed = await engine.updateRows(db, actor, request.params.table, { where }, fields);
        return { error: false as const, message: `Updated ${changed} record${changed === 1 ? "" : "s"}` };
      },
    );

    others.delete(
      "/v4/api/records/:table/:id",
      { schema: { tags, summary: "Delete a record by id", params: RecordsIdParams, response: { 200: MessageResponse, ...errors } } },
      async (request) => {
        if (isBlank(request.params.id) || request.params.id.includes(",")) throw badRequest("table and id is required.");
        const id = parsePositive(request.params.id, "id");
        const deleted = await engine.deleteRows(db, actorOf(request), request.params.table, { id });
        if (!deleted) throw notFound("Record not found");
        return { error: false as const, message: "Deleted" };
      },
    );

    others.delete(
      "/v4/api/records/:table",
      { schema: { tags, summary: "Missing id: answers 400", params: RecordsTableParams, response: { 400: ErrorResponse } } },
      async () => {
        throw badRequest("table and id is required.");
      },
    );

    await others.register(legacyRoutes, { db });
  });
};
