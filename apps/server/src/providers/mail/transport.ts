export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Text files sent with the mail; such as a calendar invite (.ics). */
  attachments?: { filename: string; contentType: string; content: string }[];
};

/** A calendar attachment that is an invitation, with its iTIP method: `text/calendar; charset=utf-8; method=REQUEST`. */
const CALENDAR_METHOD = /^text\/calendar\b.*;\s*method=(\w+)/i;

/** Where the outbox worker hands a mail: an SMTP server, or the log when none is configured. */
export interface MailTransport {
  readonly kind: "smtp" | "log";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpTransport(url: string): MailTransport {
  // Loaded with the first mail (a server without SMTP never needs it). Short timeouts: a slow
  // mail server delays the worker, never a request.
  const transporter = import("nodemailer").then(({ default: nodemailer }) =>
    nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
  );
  return {
    kind: "smtp",
    async send(message) {
      // A calendar invitation (`text/calendar; method=…`) goes as iMIP (RFC 6047): an alternative of
      // the message body that Gmail and Outlook show as an invitation with its answer buttons, and
      // the same event as an .ics file for the others.
      const invitation = message.attachments?.find((a) => CALENDAR_METHOD.test(a.contentType));
      await (await transporter).sendMail({
        ...message,
        attachments: message.attachments
          ?.filter((a) => a !== invitation)
          .map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        ...(invitation
          ? {
              icalEvent: {
                method: (CALENDAR_METHOD.exec(invitation.contentType)?.[1] ?? "REQUEST").toUpperCase(),
                filename: invitation.filename,
                content: invitation.content,
              },
            }
          : {}),
      });
    },
    close: () => void transporter.then((t) => t.close()),
  };
}

/**
 * Without SMTP the mail is written to the log (its text part carries any link), so a local
 * install can sign in by magic link or reset a password without a mail server.
 */
export function createLogTransport(log: (line: string) => void): MailTransport {
  return {
    kind: "log",
    async send(message) {
      log(
        `Mail to ${message.to} (no SMTP_URL set, not sent): ${message.subject}\n${message.text}${message.attachments?.length ? `\nAttached: ${message.attachments.map((a) => a.filename).join(", ")}` : ""}`,
      );
    },
    close() {},
  };
}
