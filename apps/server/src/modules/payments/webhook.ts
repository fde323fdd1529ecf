import { ErrorResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import type { PaymentProvider } from "../../providers/payments/interface.ts";
import { PaymentError } from "../../providers/payments/interface.ts";
import { applyEvent, type CurrentSubscription, subscriptionOf } from "./events-repo.ts";

export const WEBHOOK_PATH = "/v2/api/lambda/stripe/webhook";
/** The card provider's tolerance for the signature's timestamp. */
const TOLERANCE_SECONDS = 300;

/** Text PostgreSQL stores as is: no NUL, which neither `text` nor `jsonb` accepts. */
const Text = z
  .string()
  .min(1)
  .max(255)
  .refine((v) => !v.includes("\u0000"), "must not contain NUL");
/** Unix seconds within what a timestamp holds. */
const Seconds = z.number().int().min(0).max(253_402_300_799);
/** A moment the object may leave out; one it gives must be a date we can store (`created: 1e15` is not). */
const Moment = Seconds.nullish();
const ProviderObject = z.record(z.string(), z.unknown());
const Event = z.object({
  id: Text,
  type: Text,
  created: Seconds,
  data: z.object({ object: ProviderObject, previous_attributes: ProviderObject.optional() }),
});
/** What each kind of event must carry for its effect to be applied; other fields are read leniently. */
const ObjectOf: { prefix: string; schema: z.ZodType }[] = [
  {
    prefix: "customer.subscription.",
    schema: z.object({
      id: Text,
      customer: z.union([Text, z.object({ id: Text })]),
      status: z.enum(["trialing", "active", "past_due", "canceled", "incomplete", "unpaid"]),
      created: Moment,
      trial_end: Moment,
      canceled_at: Moment,
      current_period_start: Moment,
      current_period_end: Moment,
      items: z
        .object({
          data: z.array(
            z.object({
              id: Text.optional(),
              price: z.union([Text, z.object({ id: Text })]),
              current_period_start: Moment,
              current_period_end: Moment,
            }),
          ),
        })
        .optional(),
    }),
  },
  {
    prefix: "invoice.",
    schema: z.object({
      id: Text,
      created: Moment,
      lines: z.object({ data: z.array(z.object({ description: z.string().nullish() })) }).optional(),
    }),
  },
  { prefix: "charge.", schema: z.object({ id: Text, created: Moment }) },
  { prefix: "checkout.session.", schema: z.object({ id: Text, created: Moment }) },
];

const malformed = (why: string) => badRequest(`Malformed event: ${why}`);

/** The event in a verified body, or a 400 saying what is wrong with it. */
function readEvent(parsed: unknown) {
  const event = Event.safeParse(parsed);
  if (!event.success) throw malformed(z.prettifyError(event.error).replaceAll("\n", " "));
  // jsonb refuses the NUL character anywhere in the object.
  if (JSON.stringify(event.data.data.object).includes("\\u0000")) throw malformed("text must not contain NUL");
  const shape = ObjectOf.find((o) => event.data.type.startsWith(o.prefix));
  const object = shape?.schema.safeParse(event.data.data.object);
  if (object && !object.success) throw malformed(z.prettifyError(object.error).replaceAll("\n", " "));
  return event.data;
}

/** PostgreSQL's "data exception" class (22xxx): a value it cannot store, so the body was at fault. */
function isDataException(e: unknown): boolean {
  const err = e as { code?: unknown; cause?: { code?: unknown } };
  const code = err.code ?? err.cause?.code;
  return typeof code === "string" && code.startsWith("22");
}

/**
 * The subscription a payment or a checkout is for, as the provider holds it now. One the provider
 * does not know is left alone; a provider that cannot answer makes the event fail with 502, so the
 * provider sends it again later.
 */
async function currentSubscription(provider: PaymentProvider, id: string | null): Promise<CurrentSubscription | undefined> {
  if (!id) return undefined;
  try {
    const subscription = await provider.getSubscription(id);
    return { subscription, object: { ...subscription }, readAt: Math.floor(Date.now() / 1000) };
  } catch (e) {
    if (e instanceof PaymentError && e.isMissing) return undefined;
    throw new HttpError(502, "The card provider could not be reached; the event will be applied when it is sent again", {
      code: "provider_unavailable",
    });
  }
}

/**
 * Events from the card provider. The signature is checked on the raw bytes (this plugin's own
 * JSON parser keeps them), then the event is applied once, in one transaction with its effect.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{
  db: Db;
  secret: string | undefined;
  provider: PaymentProvider;
  publicUrl: string;
}> = async (app, { db, secret, provider, publicUrl }) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    WEBHOOK_PATH,
    {
      schema: {
        tags: ["payments"],
        summary: "Card provider events (Stripe-Signature: t=...,v1=... over the raw body); no project header",
        response: { 200: z.object({ received: z.literal(true), applied: z.boolean() }), 400: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request) => {
      if (!secret) throw badRequest("Webhooks are not configured");
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) throw badRequest("Missing or invalid signature");
      // The provider SDK is loaded with the first event: a server without webhooks never needs it.
      const { default: Stripe } = await import("stripe");
      let parsed: unknown;
      try {
        // The signature is checked on the raw bytes before the body is parsed.
        parsed = Stripe.webhooks.constructEvent(request.body, signature, secret, TOLERANCE_SECONDS);
      } catch (e) {
        if (e instanceof SyntaxError) throw malformed("the body is not JSON");
        throw badRequest("Missing or invalid signature");
      }
      const event = readEvent(parsed);
      const current = await currentSubscription(provider, subscriptionOf(event));
      let applied: boolean;
      try {
        applied = await db.transaction((tx) => applyEvent(tx, event, current, { publicUrl }));
      } catch (e) {
        if (isDataException(e)) throw malformed("a value the database cannot store");
        throw e;
      }
      return { received: true as const, applied };
    },
  );
};
