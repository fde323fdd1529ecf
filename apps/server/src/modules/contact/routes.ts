import { ErrorResponse, MessageResponse } from "@academy/contract/common";
import { ContactRequest } from "@academy/contract/contact";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import type { MailWorker } from "../mail/service.ts";
import * as service from "./service.ts";

/** The contact page's form: the message goes to every active admin through the outbox. */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Db; mail: MailWorker }> = async (app, { db, mail }) => {
  app.post(
    "/v2/api/lambda/contact",
    {
      schema: {
        tags: ["contact"],
        summary: "Send a message to the academy's staff (3 per 10 minutes per address)",
        body: ContactRequest,
        response: { 200: MessageResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      await service.sendContactMessage({ db, mail }, request.ip, request.body);
      return { error: false as const, message: "Thank you: your message was sent to the academy's staff" };
    },
  );
};
