import { UploadResponse } from "@academy/contract/auth";
import { ErrorResponse } from "@academy/contract/common";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import type { FileStore } from "../../providers/storage/store.ts";
import * as service from "./service.ts";

const CAPTION_MAX = 300;

/** POST upload and s3/upload (multipart `file` + `caption`), and GET /uploads/<name> to serve them. */
export const uploadRoutes: FastifyPluginAsyncZod<{ db: Db; store: FileStore; maxBytes: number }> = async (app, { db, store, maxBytes }) => {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: CAPTION_MAX * 4, parts: 3, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  const tooLarge = () =>
    new HttpError(413, `The file is larger than ${Math.floor(maxBytes / 1024 / 1024) || 1} MB`, {
      validation: { file: `The file is larger than ${Math.floor(maxBytes / 1024 / 1024) || 1} MB` },
    });

  for (const url of ["/v2/api/lambda/upload", "/v2/api/lambda/s3/upload"]) {
    app.post(
      url,
      {
        schema: {
          tags: ["uploads"],
          summary: "Upload an image (JPEG, PNG, WebP, GIF) or PDF as multipart field `file` (+ `caption`)",
          description: `Type is read from the bytes; the server names the file; at most ${maxBytes} bytes (UPLOAD_MAX_BYTES). Both calls store in the configured store (UPLOAD_DIR, or the S3 bucket of S3_BUCKET); files are served at the answered url.`,
          consumes: ["multipart/form-data"],
          response: {
            201: UploadResponse,
            400: ErrorResponse,
            401: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
            503: ErrorResponse,
          },
        },
        bodyLimit: maxBytes + 64 * 1024,
        preHandler: app.requireAuth(),
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415, "Send the file as multipart/form-data in the field `file`");
        let file: { bytes: Buffer; fileName: string } | undefined;
        let caption: string | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === "file") {
              if (part.fieldname !== "file" || file) {
                part.file.resume();
                throw new HttpError(400, "Send one file in the field `file`", { validation: { file: "Send one file" } });
              }
              file = { bytes: await part.toBuffer(), fileName: part.filename };
            } else if (part.fieldname === "caption" && typeof part.value === "string") {
              if (part.value.length > CAPTION_MAX)
                throw new HttpError(400, `Caption: use at most ${CAPTION_MAX} characters`, {
                  validation: { caption: `Use at most ${CAPTION_MAX} characters` },
                });
              caption = part.value;
            } else {
              throw new HttpError(400, `Unknown field: ${part.fieldname}`, { validation: { [part.fieldname]: "Unknown field" } });
            }
          }
        } catch (e) {
          if (e instanceof HttpError) throw e;
          if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
          if ((e as { statusCode?: number }).statusCode === 413) throw new HttpError(413, "Send one file and a caption only");
          throw e;
        }
        if (!file) throw new HttpError(400, "Choose a file to upload", { validation: { file: "Choose a file to upload" } });
        const row = await service.storeUpload({ db, store }, { userId: request.principal!.id, ...file, caption });
        return reply.status(201).send({ id: row.id, url: row.url });
      },
    );
  }

  app.get("/uploads/:name", { schema: { hide: true, params: z.object({ name: z.string().max(64) }) } }, async (request, reply) => {
    const found = await service.openUpload({ db, store }, request.params.name);
    if (!found) return reply.status(404).send({ error: true, message: "File not found" });
    const { row, stream, size } = found;
    const isInline = row.mime.startsWith("image/") || row.mime === "application/pdf";
    // Served through this server from either store, so these headers (and the type recorded
    // at upload, never the store's) always apply.
    if (size !== undefined) reply.header("content-length", String(size));
    return reply
      .header("content-type", row.mime)
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("content-disposition", `${isInline ? "inline" : "attachment"}; filename="${row.storageKey}"`)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("cross-origin-resource-policy", "same-origin")
      .send(stream);
  });
};
