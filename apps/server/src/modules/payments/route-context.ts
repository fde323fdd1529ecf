import { ErrorResponse } from "@academy/contract/common";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TestModeProvider } from "../../providers/payments/test-mode.ts";
import type * as authService from "../auth/service.ts";
import * as service from "./service.ts";

/** What every part of the payment calls shares: their errors, path prefix and answer shapes. */
export type App = Parameters<FastifyPluginAsyncZod>[0];
export const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  502: ErrorResponse,
};
export const P = "/v2/api/lambda/stripe";
export const ModelOf = <T extends z.ZodType>(t: T) => z.object({ error: z.literal(false), model: t });
export const CreatedResponse = z.object({ error: z.literal(false), message: z.string(), data: z.number().int() });

export type RouteContext = ReturnType<typeof routeContext>;

/** The dependencies and guards each part of the payment calls uses. */
export function routeContext(app: App, deps: service.PaymentsDeps, testMode: TestModeProvider | null, authDeps: authService.AuthDeps) {
  return {
    deps,
    testMode,
    authDeps,
    /** Staff reads (products, prices, subscriptions, billing) and staff changes of the payment calls. */
    staffRead: { preHandler: app.requireStaff("payments.read") },
    staffWrite: { preHandler: app.requireStaff("payments.write") },
    user: { preHandler: app.requireAuth("user") },
    tags: ["payments"],
    me: (request: { principal: { id: number } | null }) => request.principal!.id,
    /** An invoice as a PDF download, addressed to its customer. */
    sendInvoicePdf: async (reply: FastifyReply, id: number, ownerId?: number) => {
      const { pdf, fileName } = await service.invoiceDocument(deps, id, ownerId);
      return reply.header("content-type", "application/pdf").header("content-disposition", `attachment; filename="${fileName}"`).send(pdf);
    },
  };
}
