import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { type MailWorker, startMailWorker } from "../modules/mail/service.ts";
import type { MailTransport } from "../providers/mail/transport.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The outbox worker: `flush()` delivers due mails now. */
    mail: MailWorker;
  }
}

/** Every 5 seconds: deliver the outbox's due mails (retries back off); `app.mail` runs a pass now. */
export const mailDeliveryJob = fp<{ db: Db; transport: MailTransport; from: string }>(async (app, { db, transport, from }) => {
  const mail = startMailWorker({
    db,
    transport,
    from,
    intervalMs: 5_000,
    onError: (e) => app.log.warn({ err: e }, "mail delivery pass failed"),
  });
  app.decorate("mail", mail);
  app.addHook("onClose", async () => mail.stop());
});
