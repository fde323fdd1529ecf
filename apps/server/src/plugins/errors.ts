import { WRITE_SAVED } from "@academy/contract/constants";
import type { FastifyError, FastifyInstance, preHandlerHookHandler } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { type WriteLedger, withWriteLedger } from "../db/write-ledger.ts";
import { HttpError } from "../lib/http-error.ts";
import { firstOnApiRoutes } from "./project-header.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Whether this request has committed a write (see db/write-ledger.ts). */
    writeLedger?: WriteLedger;
  }
  interface FastifyContextConfig {
    /** The route only reads: its requests commit nothing, so they keep no write ledger. */
    readsOnly?: boolean;
  }
}

/** Connection-level failures of PostgreSQL or the pool: answered 503, never a crash. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  // statement_timeout: the database did not answer in time.
  "57014",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
  "08001",
  "08004",
  // The disk under the database is full or failing: the data is safe, writes wait for space.
  "53100",
  "58030",
]);

function isDatabaseUnavailable(error: unknown): boolean {
  let e = error as { code?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|not currently accepting connections|Cannot use a pool after calling end|Query read timeout|not queryable|terminating connection/i.test(
        e.message ?? "",
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Text PostgreSQL refuses (a NUL, bytes its encoding cannot hold): the client's input, so 400. */
const UNSTORABLE_TEXT_CODES = new Set(["22021", "22P05"]);

function databaseCode(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** One error handler for the whole API: the shapes of api-conventions.md, no internals in 5xx. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // From here on (the body parsed) the handler's committed writes are noted on the request: on
  // API routes only, as they are declared (health checks, docs and the web app write nothing,
  // nor do the routes marked `readsOnly`).
  const noteWrites: preHandlerHookHandler = (request, _reply, done) => {
    request.writeLedger = { committed: false };
    withWriteLedger(request.writeLedger, done);
  };
  firstOnApiRoutes(app, "preHandler", noteWrites, { skip: (route) => route.config?.readsOnly === true });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.extra.headers) reply.headers(error.extra.headers);
      return reply.status(error.statusCode).send({
        error: true,
        message: error.message,
        ...(error.extra.code ? { code: error.extra.code } : {}),
        ...(error.extra.validation ? { validation: error.extra.validation } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const validation: Record<string, string> = {};
      for (const v of error.validation) {
        let field = v.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        let message = v.message ?? "Invalid value";
        if (v.keyword === "unrecognized_keys") {
          const keys = (v.params as { keys?: string[] }).keys ?? [];
          field = keys[0] ?? field;
          message = `Unknown field: ${keys.join(", ")}`;
        } else if (v.keyword === "invalid_type" && message.includes("received undefined")) {
          message = `${field.split(".").at(-1)} is required`;
        }
        validation[field] ??= message;
      }
      const [field, message] = Object.entries(validation)[0] ?? ["body", "Invalid request"];
      return reply.status(400).send({
        error: true,
        message: `${field}: ${message}`,
        validation,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ error: true, message: "Internal server error" });
    }
    if (UNSTORABLE_TEXT_CODES.has(databaseCode(error) ?? "")) {
      return reply
        .status(400)
        .send({ error: true, message: "The request contains text that cannot be stored (a NUL character or invalid Unicode)" });
    }
    if (isDatabaseUnavailable(error)) {
      if (request.writeLedger?.committed) {
        // The change is saved: a 503 would invite a retry that makes it twice.
        request.log.error({ err: error }, "database lost after the request's write committed");
        return reply.status(500).send({
          error: true,
          message: "Your change was saved, but the answer was lost on the way. Reload to see it before trying again.",
          code: WRITE_SAVED,
        });
      }
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).header("retry-after", "5").send({ error: true, message: "Service temporarily unavailable" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(status).send({ error: true, message: "Internal server error" });
    }
    // Fastify's own 4xx: body too large, bad JSON, proto poisoning, unsupported media type.
    const messages: Record<string, string> = {
      FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
      FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type",
      FST_ERR_CTP_EMPTY_JSON_BODY: "Request body is empty",
      FST_ERR_CTP_INVALID_JSON_BODY: "Request body is not valid JSON",
    };
    const message =
      messages[error.code] ??
      (error.message.includes("__proto__") || error.message.includes("constructor")
        ? "Request body contains a forbidden key"
        : error.message);
    return reply.status(status).send({ error: true, message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: true, message: `No route for ${request.method} ${request.url.split("?")[0]}` });
  });
});
