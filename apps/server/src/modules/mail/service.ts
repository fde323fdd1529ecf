import type { OutboxMail } from "@academy/contract/auth";
import type { Db } from "../../db/client.ts";
import type { MailAttachment } from "../../db/schema/accounts.ts";
import { DEFAULT_EMAIL_TEMPLATES } from "../../db/seed/emails.ts";
import { conflict, notFound } from "../../lib/http-error.ts";
import type { MailTransport } from "../../providers/mail/transport.ts";
import * as repo from "./repo.ts";

export type TemplateSlug =
  | "welcome"
  | "verify"
  | "forgot"
  | "magic-link"
  | "two-factor"
  | "admin-invite"
  | "staff-email-changed"
  | "staff-password-changed"
  | "staff-two-factor-reset"
  | "email-change-requested"
  | "coaching-booked"
  | "coaching-changed"
  | "coaching-cancelled"
  | "coaching-reminder"
  | "chat-unread"
  | "payment-receipt"
  | "payment-failed"
  | "trial-ending"
  | "subscription-cancelled"
  | "subscription-ended";

export type { MailAttachment } from "../../db/schema/accounts.ts";

export const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

/** Fills `{{name}}` placeholders; values are escaped in the HTML part. Unknown names stay empty. */
export function fill(template: string, vars: Record<string, string>, html: boolean): string {
  return template.replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/gi, (_, name: string) => {
    const value = vars[name] ?? "";
    return html ? escapeHtml(value) : value;
  });
}

/**
 * Renders a template and puts the mail in the outbox. Pass the transaction of the change that
 * causes the mail: both are kept, or neither. Delivery happens later, in the worker.
 */
export async function enqueueMail(
  db: Db,
  slug: TemplateSlug,
  to: string,
  vars: Record<string, string>,
  /** `sendAt`: not before then (a reminder); `attachments`: files sent with it (a calendar invite). */
  opts: { sendAt?: Date; attachments?: MailAttachment[] } = {},
): Promise<number> {
  const template = (await repo.findTemplate(db, slug)) ?? DEFAULT_EMAIL_TEMPLATES.find((t) => t.slug === slug);
  if (!template) throw new Error(`no email template ${slug}`);
  const row = await repo.insertOutbox(db, {
    to,
    ...renderTemplate(template, vars),
    templateSlug: slug,
    attachments: opts.attachments?.length ? opts.attachments : null,
    ...(opts.sendAt ? { nextAttemptAt: opts.sendAt } : {}),
  });
  return row.id;
}

/** Puts a mail written by the caller (no template) in the outbox, in the caller's transaction. */
export async function enqueueWritten(db: Db, mail: { to: string; subject: string; text: string; html: string }): Promise<number> {
  const row = await repo.insertOutbox(db, { ...mail, templateSlug: null });
  return row.id;
}

/** The newest mails of the outbox, to one address or all, as staff read them (and tests, what was sent). */
export async function listOutbox(db: Db, opts: { to?: string; limit: number }): Promise<OutboxMail[]> {
  const rows = await repo.listOutbox(db, opts);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    template_slug: r.templateSlug,
    status: r.status,
    attempts: r.attempts,
    last_error: r.lastError,
    sent_at: r.sentAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}

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
    old_email: "old-address@example.com",
    new_email: "candidate@example.com",
    contact_url: `${origin}/contact-us`,
  };
}

/** Queues a template filled with sample values to `to`, its subject marked as a test. */
export async function sendTemplateTest(db: Db, templateId: number, to: { email: string; firstName: string }, origin: string) {
  const template = await repo.findTemplateById(db, templateId);
  if (!template) throw notFound("Email template not found");
  const mailed = renderTemplate(template, sampleValues(origin, to.firstName));
  await repo.insertOutbox(db, { to: to.email, ...mailed, subject: `[Test] ${mailed.subject}`, templateSlug: template.slug });
}

/** Sends a failed or queued mail again now; a sent one stays sent. */
export async function retryMail(db: Db, id: number): Promise<void> {
  if (await repo.requeue(db, id)) return;
  if (!(await repo.findOutboxStatus(db, id))) throw notFound("Mail not found");
  throw conflict("This mail was already sent");
}

/** Drops a mail that is still waiting (a reminder of a session that was moved or cancelled). */
export async function withdrawMail(db: Db, id: number): Promise<void> {
  await repo.deleteQueued(db, id);
}

/**
 * Placeholders that carry a secret (a reset code, a link with a one-time token): never filled in a
 * subject, which lock screens, notifications and mail lists show, even when staff edit one in.
 */
const SECRET_PLACEHOLDERS = ["code", "link"];

/** A template's subject, HTML and text with its placeholders filled (the secret ones only in the body). */
export function renderTemplate(template: { subject: string; html: string; text: string }, vars: Record<string, string>) {
  const subjectVars = Object.fromEntries(Object.entries(vars).filter(([name]) => !SECRET_PLACEHOLDERS.includes(name)));
  return {
    subject: fill(template.subject, subjectVars, false).replace(/\s+/g, " ").trim(),
    html: fill(template.html, vars, true),
    text: fill(template.text, vars, false),
  };
}

const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;
/** 30 s, 1 min, 2 min … capped at 1 hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export type MailWorker = {
  /** Runs one delivery pass now (after a mail was queued, and in tests). */
  flush(): Promise<number>;
  /** Starts a pass soon without waiting for it. */
  kick(): void;
  stop(): void;
};

/** Delivers queued mails every `intervalMs`, retrying failures with backoff. */
export function startMailWorker(opts: {
  db: Db;
  transport: MailTransport;
  from: string;
  intervalMs: number;
  onError: (e: unknown) => void;
}): MailWorker {
  const { db, transport, from } = opts;
  let running: Promise<number> | null = null;
  let isStopped = false;

  async function pass(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await repo.claimDue(db, 10, LEASE_SECONDS);
      if (batch.length === 0) return delivered;
      for (const mail of batch) {
        try {
          await transport.send({
            from,
            to: mail.to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            attachments: mail.attachments ?? undefined,
          });
          await repo.markSent(db, mail.id);
          delivered += 1;
        } catch (e) {
          const message = e instanceof Error ? e.message.slice(0, 500) : String(e).slice(0, 500);
          const retryAt = mail.attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + retryDelayMs(mail.attempts));
          await repo.markFailedAttempt(db, mail.id, message, retryAt);
        }
      }
      if (isStopped) return delivered;
    }
  }

  function flush(): Promise<number> {
    if (isStopped) return Promise.resolve(0);
    // One pass at a time per instance; a flush during a pass waits for it and runs again.
    const next: Promise<number> = (running ?? Promise.resolve(0)).catch(() => 0).then(() => pass());
    running = next;
    next.then(
      () => {
        if (running === next) running = null;
      },
      (e) => {
        if (running === next) running = null;
        if (!isStopped) opts.onError(e);
      },
    );
    return next;
  }

  const timer = setInterval(() => void flush().catch(() => {}), opts.intervalMs);
  timer.unref();

  return {
    flush,
    kick: () => setImmediate(() => void flush().catch(() => {})),
    stop() {
      isStopped = true;
      clearInterval(timer);
      transport.close();
    },
  };
}
