import { ErrorResponse, MessageResponse } from "@academy/contract/common";
import { and, eq, ilike, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { emailOutbox, emailTemplates, photos } from "../../db/schema/accounts.ts";
import { cms, pages } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { conflict, notFound } from "../../lib/http-error.ts";
import type { FileStore } from "../../providers/storage/store.ts";
import { findUserById } from "../auth/repo.ts";
import { postUsingPhoto } from "../blog/service.ts";
import * as mailRepo from "../mail/repo.ts";
import { type MailWorker, renderTemplate } from "../mail/service.ts";

const IdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** What a test mail fills its placeholders with when the admin gives no value. */
export function sampleValues(origin: string, firstName: string): Record<string, string> {
  return {
    first_name: firstName || "Jamie",
    last_name: "Rivera",
    email: "candidate@example.com",
    link: `${origin}/user/login`,
    url: `${origin}/`,
    dashboard_url: `${origin}/user/dashboard`,
    code: "482913",
    role: "user",
    expires_in: "30 minutes",
  };
}

/**
 * Staff tools around mail and media: a test send of a template to oneself, retrying a mail
 * from the outbox, and deleting a photo only when nothing uses it.
 */
export const emailAdminRoutes: FastifyPluginAsyncZod<{ db: Db; mail: MailWorker; store: FileStore; publicUrl: string }> = async (
  app,
  { db, mail, store, publicUrl },
) => {
  const preHandler = app.requireAuth("admin");

  app.post(
    "/v2/api/lambda/email/:id/test",
    {
      schema: {
        tags: ["email"],
        summary: "Send a template, filled with sample values, to your own address",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const [template] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, request.params.id));
      if (!template) throw notFound("Email template not found");
      const me = await findUserById(db, request.principal!.id);
      if (!me) throw notFound("User not found");
      const mailed = renderTemplate(template, sampleValues(publicUrl, me.firstName));
      await mailRepo.insertOutbox(db, { to: me.email, ...mailed, subject: `[Test] ${mailed.subject}`, templateSlug: template.slug });
      mail.kick();
      return { error: false as const, message: `Test sent to ${me.email}` };
    },
  );

  app.post(
    "/v2/api/lambda/email/outbox/:id/retry",
    {
      schema: {
        tags: ["email"],
        summary: "Send a failed or queued mail again now",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const rows = await db
        .update(emailOutbox)
        .set({ status: "queued", attempts: 0, lastError: null, nextAttemptAt: new Date() })
        .where(and(eq(emailOutbox.id, request.params.id), or(eq(emailOutbox.status, "failed"), eq(emailOutbox.status, "queued"))))
        .returning({ id: emailOutbox.id });
      if (!rows.length) {
        const [row] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, request.params.id));
        if (!row) throw notFound("Mail not found");
        throw conflict("This mail was already sent");
      }
      mail.kick();
      return { error: false as const, message: "Queued for sending" };
    },
  );

  app.delete(
    "/v2/api/lambda/photo/:id",
    {
      schema: {
        tags: ["uploads"],
        summary: "Delete a photo that no page, CMS entry, profile or blog post uses",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const photo = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(photos).where(eq(photos.id, request.params.id));
        if (!row) throw notFound("Photo not found");
        const pattern = `%${row.url}%`;
        const [inCms] = await tx.select({ id: cms.id }).from(cms).where(ilike(cms.value, pattern)).limit(1);
        const [inPage] = await tx.select({ id: pages.id }).from(pages).where(ilike(pages.body, pattern)).limit(1);
        const [asAvatar] = await tx.select({ id: users.id }).from(users).where(eq(users.photo, row.url)).limit(1);
        const asCover = await postUsingPhoto(tx, row.id);
        const usedBy = inCms
          ? "a CMS entry"
          : inPage
            ? "a page"
            : asAvatar
              ? "a profile"
              : asCover
                ? `the blog post "${asCover.title}" (as its cover)`
                : null;
        if (usedBy) throw conflict(`This photo is used by ${usedBy}; remove it there first`);
        await tx.delete(photos).where(eq(photos.id, row.id));
        return row;
      });
      // The row is gone first: a file left behind by a failed removal is harmless, a row without its file is not.
      await store.remove(photo.storageKey).catch((e) => request.log.warn({ err: e }, "stored file not removed"));
      return { error: false as const, message: "Deleted" };
    },
  );
};
