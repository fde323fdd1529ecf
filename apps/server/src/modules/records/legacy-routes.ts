import { ErrorResponse, MessageResponse } from "@academy/contract/common";
import {
  LegacyAutocompleteBody,
  LegacyDeleteAllBody,
  LegacyJoinBody,
  LegacyListBody,
  LegacyMultiJoinBody,
  LegacyPutWhereBody,
  RecordListResponse,
  RecordPageResponse,
  RecordsTableParams,
} from "@academy/contract/records";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { toCsv } from "../../lib/csv.ts";
import { badRequest } from "../../lib/http-error.ts";
import * as engine from "./engine.ts";
import { parseJoinPair, parseSelect, parseWhere } from "./legacy-grammar.ts";
import { isBlank, parsePositive } from "./routes.ts";
import { actorOf } from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ["records (legacy)"];
const LEGACY_PAGE_SIZE = 10;

/** A legacy page or limit: a whole number of 1 or more, given as a number or as text. */
function numberOr(value: number | string | undefined, fallback: number, field: string): number {
  if (isBlank(value)) return fallback;
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < 1)
      throw badRequest(`${field} must be a whole number of 1 or more`, { [field]: "Must be a whole number of 1 or more" });
    return value;
  }
  return parsePositive(value as string, field);
}

const whereOf = (actor: engine.Actor, table: string, condition: Record<string, unknown> | undefined, op: "list" | "update" | "delete") => {
  const clean = Object.fromEntries(Object.entries(condition ?? {}).filter(([, v]) => !isBlank(v) || v === null));
  return engine.conditionOf(actor, table, clean, op);
};

export const legacyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const ListParams = z.strictObject({ table: z.string().max(64), action: z.enum(["GETALL", "PAGINATE"]) });

  app.post(
    "/v1/api/rest/:table/:action",
    {
      schema: {
        tags,
        summary: "GETALL ({error, list}) or PAGINATE (page 1, limit 10 by default); payload = equality conditions",
        params: ListParams,
        body: LegacyListBody.nullish(),
        response: { 200: z.union([RecordPageResponse, RecordListResponse]), ...errors },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const actor = actorOf(request);
      const { table, action } = request.params;
      engine.authorize(engine.tableInfo(table), "list", actor);
      const where = whereOf(actor, table, body.payload, "list");
      const order = isBlank(body.sortId) ? undefined : `${body.sortId},${(body.direction ?? "desc").toLowerCase()}`;
      if (action === "GETALL") {
        const size = numberOr(body.limit, engine.LIMITS.listSize, "limit");
        return { error: false as const, list: await engine.listRows(db, actor, table, { where, order, size }) };
      }
      const page = numberOr(body.page, 1, "page");
      const size = numberOr(body.limit, LEGACY_PAGE_SIZE, "limit");
      return { error: false as const, ...(await engine.pageRows(db, actor, table, { where, order, page, size })) };
    },
  );

  app.post(
    "/v1/api/rest/:table/PUTWHERE",
    {
      schema: {
        tags,
        summary: "Update the rows matching where (ANDed with the caller's rule)",
        params: RecordsTableParams,
        body: LegacyPutWhereBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { table } = request.params;
      engine.authorize(engine.tableInfo(table), "update", actor);
      const where = whereOf(actor, table, request.body.where, "update");
      if (!where) throw badRequest("condition is required.");
      const changed = await engine.updateRows(db, actor, table, { where }, request.body.set);
      return { error: false as const, message: `Updated ${changed} record${changed === 1 ? "" : "s"}` };
    },
  );

  app.post(
    "/v1/api/rest/:table/DELETEALL",
    {
      schema: {
        tags,
        summary: "Delete the rows matching where (required; ANDed with the caller's rule)",
        params: RecordsTableParams,
        body: LegacyDeleteAllBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { table } = request.params;
      engine.authorize(engine.tableInfo(table), "delete", actor);
      const where = whereOf(actor, table, request.body.where, "delete");
      if (!where) throw badRequest("condition is required.");
      const deleted = await engine.deleteRows(db, actor, table, { where });
      return { error: false as const, message: `Deleted ${deleted} record${deleted === 1 ? "" : "s"}` };
    },
  );

  app.post(
    "/v1/api/rest/:table/AUTOCOMPLETE",
    {
      schema: {
        tags,
        summary: "Up to `limit` (default 10) rows whose text field starts with query: {error, list:[{id, field}]}",
        params: RecordsTableParams,
        body: LegacyAutocompleteBody,
        response: { 200: RecordListResponse, ...errors },
      },
    },
    async (request) => {
      const { field, query, limit } = request.body;
      return {
        error: false as const,
        list: await engine.autocomplete(db, actorOf(request), request.params.table, field, query, limit ?? 10),
      };
    },
  );

  const joinAnswer = async (
    actor: engine.Actor,
    action: "GETALL" | "PAGINATE",
    query: Omit<engine.JoinQuery, "page">,
    page: number | string | undefined,
    limit: number | string | undefined,
  ) => {
    const result = await engine.joinRows(db, actor, {
      ...query,
      page: action === "PAGINATE" ? { page: numberOr(page, 1, "page"), size: numberOr(limit, LEGACY_PAGE_SIZE, "limit") } : undefined,
    });
    return Array.isArray(result) ? { error: false as const, list: result } : { error: false as const, ...result };
  };

  app.post(
    "/v1/api/join/:t1/:t2/:action",
    {
      schema: {
        tags,
        summary: "Rows of t1 joined with t2 on t1.join_id_1 = t2.join_id_2 (a schema foreign key); select and where in the legacy grammar",
        params: z.strictObject({ t1: z.string().max(64), t2: z.string().max(64), action: z.enum(["GETALL", "PAGINATE"]) }),
        body: LegacyJoinBody,
        response: { 200: z.union([RecordPageResponse, RecordListResponse]), ...errors },
      },
    },
    async (request) => {
      const { t1, t2, action } = request.params;
      const b = request.body;
      return joinAnswer(
        actorOf(request),
        action,
        {
          tables: [t1, t2],
          pairs: [[t1, b.join_id_1, t2, b.join_id_2]],
          select: (scope) => parseSelect(b.select, scope),
          where: (scope) => parseWhere(b.where, scope),
        },
        b.page,
        b.limit,
      );
    },
  );

  app.post(
    "/v1/api/multi-join/:action",
    {
      schema: {
        tags,
        summary: "Rows of several tables joined along schema foreign keys (joinIds: 'a.col = b.col'); GETALL or PAGINATE",
        params: z.strictObject({ action: z.enum(["GETALL", "PAGINATE"]) }),
        body: LegacyMultiJoinBody,
        response: { 200: z.union([RecordPageResponse, RecordListResponse]), ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      return joinAnswer(
        actorOf(request),
        request.params.action,
        {
          tables: b.tables,
          pairs: b.joinIds.map(parseJoinPair),
          select: (scope) => parseSelect(b.selectStr, scope),
          where: (scope) => parseWhere(b.where, scope),
        },
        b.page,
        b.limit,
      );
    },
  );

  app.post(
    "/rest/:table/EXPORT",
    {
      schema: {
        tags,
        summary: "The table's rows the caller may export, as CSV (download {table}.csv)",
        params: RecordsTableParams,
        body: z.strictObject({}).nullish(),
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const { table } = request.params;
      const { columns, rows } = await engine.exportRows(db, actorOf(request), table);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${table}.csv"`)
        .header("cache-control", "no-store");
      return reply.send(toCsv(columns, rows));
    },
  );
};
