import type { FastifyReply } from "fastify";
import type { z } from "zod";

/**
 * JSON text made once and sent as it is to many answers (every long poll woken by one message):
 * checked and encoded by its contract schema as the route's serializer would be (`z.encode`,
 * then `JSON.stringify`), so the answer is the same bytes without a per-answer pass.
 */
export type JsonText = { readonly json: string };

export function jsonText<S extends z.ZodType>(schema: S, value: z.output<S>): JsonText {
  return { json: JSON.stringify(schema.encode(value)) };
}

/** Sends made JSON text: Fastify passes a string with a JSON content type through without serializing it. */
export function sendJsonText(reply: FastifyReply, text: JsonText): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(text.json);
}
