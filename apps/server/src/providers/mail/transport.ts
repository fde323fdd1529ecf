export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Text files sent with the mail; such as a calendar invite (.ics). */
  attachments?: { filename: string; contentType: string; content: string }[];
};

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
      await (await transporter).sendMail({
        ...message,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
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
