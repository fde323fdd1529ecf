import { ErrorResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import Stripe from "stripe";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { applyEvent } from "./events.ts";

export const WEBHOOK_PATH = "/v2/api/lambda/stripe/webhook";
/** The card provider's tolerance for the signature's timestamp. */
const TOLERANCE_SECONDS = 300;

/**
 * Events from the card provider. The signature is checked on the raw bytes (this plugin's own
 * JSON parser keeps them), then the event is applied once, in one transaction with its effect.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ db: Db; secret: string | undefined }> = async (app, { db, secret }) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    WEBHOOK_PATH,
    {
      schema: {
        tags: ["payments"],
        summary: "Card provider events (Stripe-Signature: t=...,v1=... over the raw body); no project header",
        response: { 200: z.object({ received: z.literal(true), applied: z.boolean() }), 400: ErrorResponse },
      },
    },
    async (request) => {
      if (!secret) throw badRequest("Webhooks are not configured");
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) throw badRequest("Missing or invalid signature");
      let event: { id: string; type: string; created: number; data: { object: unknown } };
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, secret, TOLERANCE_SECONDS) as unknown as typeof event;
      } catch {
        throw badRequest("Missing or invalid signature");
      }
      if (
        typeof event.id !== "string" ||
        typeof event.type !== "string" ||
        typeof event.created !== "number" ||
        typeof event.data?.object !== "object"
      )
        throw badRequest("Malformed event");
      const applied = await db.transaction((tx) =>
        applyEvent(tx, {
          id: event.id,
          type: event.type,
          created: event.created,
          data: { object: event.data.object as Record<string, unknown> },
        }),
      );
      return { received: true as const, applied };
    },
  );
};
