import { ErrorResponse, MessageResponse } from "@academy/contract/common";
import { ContactRequest } from "@academy/contract/contact";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";
import { hit } from "../auth/rate-limit.ts";
import * as mailRepo from "../mail/repo.ts";
import { escapeHtml, type MailWorker } from "../mail/service.ts";

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
      const { name, email, message } = request.body;
      await hit(db, { key: `contact:ip:${request.ip}`, max: 3, windowSeconds: 600 });
      await db.transaction(async (tx) => {
        const admins = await tx
          .select({ email: users.email })
          .from(users)
          .where(and(eq(users.role, "admin"), eq(users.status, "active")));
        for (const admin of admins)
          await mailRepo.insertOutbox(tx, {
            to: admin.email,
            subject: `Contact form: ${name}`,
            text: `From: ${name} <${email}>\n\n${message}\n`,
            html: `<p>From: ${escapeHtml(name)} &lt;${escapeHtml(email)}&gt;</p><p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
            templateSlug: null,
          });
      });
      mail.kick();
      return { error: false as const, message: "Thank you: your message was sent to the academy's staff" };
    },
  );
};
