import { ErrorResponse } from "@academy/contract/common";
import {
  AdminLibraryListQuery,
  DocumentParams,
  IdParams,
  LibraryListQuery,
  LibrarySearchQuery,
  ReadingPositionRequest,
  UpdateLibraryDocumentRequest,
  UploadLibraryFields,
} from "@academy/contract/library";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import type { FileStore } from "../../providers/storage/store.ts";
import * as service from "./service.ts";

const Ok = z.looseObject({ error: z.literal(false) });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse, 503: ErrorResponse };
const FIELD_MAX = 2000;

/** Reads a multipart upload: one `file` and the document's fields (lists comma-separated or repeated). */
async function readUpload(request: FastifyRequest, maxBytes: number, withFields: boolean) {
  if (!request.isMultipart()) throw new HttpError(415, "Send the file as multipart/form-data in the field `file`");
  let file: { bytes: Buffer; fileName: string } | undefined;
  const fields: Record<string, string | string[]> = {};
  const tooLarge = () => {
    const message = `The file is larger than ${Math.floor(maxBytes / 1024 / 1024) || 1} MB`;
    return new HttpError(413, message, { validation: { file: message } });
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "file" || file) {
          part.file.resume();
          throw new HttpError(400, "Send one file in the field `file`", { validation: { file: "Send one file" } });
        }
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else if (
        withFields &&
        ["title", "summary", "tracks", "themes", "tier"].includes(part.fieldname) &&
        typeof part.value === "string"
      ) {
        if (part.value.length > FIELD_MAX)
          throw new HttpError(400, `${part.fieldname} is too long`, { validation: { [part.fieldname]: "Too long" } });
        const list = part.fieldname === "tracks" || part.fieldname === "themes";
        const values = list
          ? part.value
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : part.value;
        fields[part.fieldname] = list ? [...((fields[part.fieldname] as string[] | undefined) ?? []), ...(values as string[])] : values;
      } else {
        throw new HttpError(400, `Unknown field: ${part.fieldname}`, { validation: { [part.fieldname]: "Unknown field" } });
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if ((e as { statusCode?: number }).statusCode === 413) throw new HttpError(413, "Send one file and the document's fields only");
    throw e;
  }
  if (!file) throw new HttpError(400, "Choose a file to upload", { validation: { file: "Choose a file to upload" } });
  return { file, fields };
}

/**
 * The document library: reading, search and reading positions for candidates (what their plan
 * opens), and the staff screen's calls under `/v2/api/library/admin`.
 */
export const libraryRoutes: FastifyPluginAsyncZod<{ db: Db; store: FileStore; maxBytes: number; searchCachePages: number }> = async (
  app,
  { db, store, maxBytes, searchCachePages },
) => {
  const searchCache = service.newSearchCache(searchCachePages);
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: FIELD_MAX * 4, parts: 10, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const tags = ["library"];
  const reader = app.requireAuth("user", "admin");
  const staffRead = app.requireStaff("library.read");
  const staffWrite = app.requireStaff("library.write");

  app.get(
    "/v2/api/library/documents",
    {
      schema: {
        tags,
        summary: "Published documents by track and theme, with their sections and what is locked",
        querystring: LibraryListQuery,
        response: { 200: Ok, ...errors },
      },
      preHandler: reader,
    },
    async (request) => ({ error: false as const, ...(await service.listDocuments(db, request.principal!, request.query)) }),
  );

  app.get(
    "/v2/api/library/search",
    {
      schema: {
        tags,
        summary: "Full-text search over every section",
        description:
          "Best match first, with a snippet whose matched words are marked; sections the caller's plan does not open come with the plan that opens them and no snippet. A query of only stop words or signs answers an empty list.",
        querystring: LibrarySearchQuery,
        response: { 200: Ok, ...errors },
      },
      preHandler: reader,
      // The request line holds what the reader typed: it stays out of the log (warnings and errors still log).
      logLevel: "warn",
    },
    async (request) => ({ error: false as const, ...(await service.search(db, request.principal!, request.query, searchCache)) }),
  );

  app.get(
    "/v2/api/library/documents/:slug",
    {
      schema: {
        tags,
        summary: "One document: the HTML of the sections the caller may read",
        params: DocumentParams,
        response: { 200: Ok, ...errors },
      },
      preHandler: reader,
    },
    async (request) => ({ error: false as const, model: await service.getDocument(db, request.principal!, request.params.slug) }),
  );

  app.get(
    "/v2/api/library/documents/:slug/file",
    { schema: { tags, summary: "Download the document (PDF, or the Markdown source)", params: DocumentParams }, preHandler: reader },
    async (request, reply) => {
      const file = await service.openDocumentFile(db, store, request.principal!, request.params.slug);
      reply
        .header("content-type", file.mime)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename="${file.fileName.replace(/[^\w. -]/g, "_")}"`);
      if (file.kind === "text") return reply.send(file.body);
      if (file.size !== undefined) reply.header("content-length", String(file.size));
      return reply.send(file.stream);
    },
  );

  app.put(
    "/v2/api/library/documents/:slug/position",
    {
      schema: {
        tags,
        summary: "Keep the caller's reading position in a document",
        params: DocumentParams,
        body: ReadingPositionRequest,
        response: { 200: Ok, ...errors },
      },
      preHandler: reader,
    },
    async (request) => {
      await service.saveReadingPosition(db, request.principal!, request.params.slug, request.body.anchor);
      return { error: false as const, message: "Saved" };
    },
  );

  // ---------------------------------------------------------------- staff

  app.get(
    "/v2/api/library/admin/documents",
    {
      schema: { tags, summary: "Every document, paged (staff)", querystring: AdminLibraryListQuery, response: { 200: Ok, ...errors } },
      preHandler: staffRead,
    },
    async (request) => ({ error: false as const, ...(await service.adminListDocuments(db, request.query)) }),
  );

  app.get(
    "/v2/api/library/admin/documents/:id",
    {
      schema: {
        tags,
        summary: "A document with its sections and the questions citing each (staff)",
        params: IdParams,
        response: { 200: Ok, ...errors },
      },
      preHandler: staffRead,
    },
    async (request) => ({ error: false as const, model: await service.adminGetDocument(db, request.params.id) }),
  );

  app.post(
    "/v2/api/library/admin/documents",
    {
      schema: {
        tags,
        summary: "Upload a PDF or Markdown document (multipart `file` + title, summary, tracks, themes, tier)",
        description: `At most ${maxBytes} bytes (UPLOAD_MAX_BYTES). PDFs are kept in the configured file store and their text extracted per page; Markdown is split at its \`##\` headings.`,
        consumes: ["multipart/form-data"],
        response: { 201: Ok, 415: ErrorResponse, ...errors },
      },
      bodyLimit: maxBytes + 64 * 1024,
      preHandler: staffWrite,
    },
    async (request, reply) => {
      const { file, fields } = await readUpload(request, maxBytes, true);
      const parsed = UploadLibraryFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = String(issue.path[0] ?? "body");
        throw new HttpError(400, `${field}: ${issue.message}`, { validation: { [field]: issue.message } });
      }
      const model = await service.uploadDocument({ db, store }, request.principal!.id, file, parsed.data);
      return reply.status(201).send({ error: false as const, model });
    },
  );

  app.post(
    "/v2/api/library/admin/documents/:id/file",
    {
      schema: {
        tags,
        summary: "Replace a document's file (staff)",
        params: IdParams,
        consumes: ["multipart/form-data"],
        response: { 200: Ok, 415: ErrorResponse, ...errors },
      },
      bodyLimit: maxBytes + 64 * 1024,
      preHandler: staffWrite,
    },
    async (request) => {
      const { file } = await readUpload(request, maxBytes, false);
      return {
        error: false as const,
        model: await service.replaceDocumentFile({ db, store }, request.principal!.id, request.params.id, file),
      };
    },
  );

  app.put(
    "/v2/api/library/admin/documents/:id",
    {
      schema: {
        tags,
        summary: "Edit a document's title, summary, tracks, themes, access or status (staff)",
        params: IdParams,
        body: UpdateLibraryDocumentRequest,
        response: { 200: Ok, ...errors },
      },
      preHandler: staffWrite,
    },
    async (request) => ({
      error: false as const,
      model: await service.updateDocumentDetails(db, request.principal!.id, request.params.id, request.body),
    }),
  );
};
