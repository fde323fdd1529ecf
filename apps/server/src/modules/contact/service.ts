import type { ContactRequest } from "@academy/contract/contact";
import type { Db } from "../../db/client.ts";
import { countAttempt } from "../auth/service.ts";
import { escapeHtml, type MailWorker } from "../mail/service.ts";
import { mailActiveAdmins } from "../users/service.ts";

/** The contact page's message goes to every active admin through the outbox (3 per 10 minutes per address). */
export async function sendContactMessage({ db, mail }: { db: Db; mail: MailWorker }, ip: string, input: ContactRequest): Promise<void> {
  const { name, email, message } = input;
  await countAttempt(db, { key: `contact:ip:${ip}`, max: 3, windowSeconds: 600 });
  await db.transaction(async (tx) => {
    await mailActiveAdmins(tx, {
      subject: `Contact form: ${name}`,
      text: `From: ${name} <${email}>\n\n${message}\n`,
      html: `<p>From: ${escapeHtml(name)} &lt;${escapeHtml(email)}&gt;</p><p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
    });
  });
  mail.kick();
}
