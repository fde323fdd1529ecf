import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll } from "vitest";

export type ReceivedMail = {
  to: string[];
  /** The message as received, for a MIME parser. */
  source: string;
  /** The message with quoted-printable undone, for reading links and codes. */
  raw: string;
  subject: string;
  text: string;
};

/** Decodes quoted-printable soft breaks and escapes, enough to read links and codes. */
const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A real SMTP server in the test process: what the app sends arrives here. */
export async function startMailServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const decoded = decodeQuotedPrintable(raw);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          source: raw,
          raw: decoded,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
          text: decoded,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /**
   * The latest mail to `to` whose subject matches, waiting for the app's worker to deliver it
   * (matched by subject, not by order: a retried mail may arrive after a later one).
   */
  async function waitForMail(to: string, flush: () => Promise<unknown>, subject: RegExp): Promise<ReceivedMail> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      await flush();
      const mail = received.filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject)).at(-1);
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail "${subject}" to ${to}`);
  }
  const mailsTo = (to: string) => received.filter((m) => m.to.includes(to.toLowerCase()));

  return { url: `smtp://127.0.0.1:${port}`, received, waitForMail, mailsTo };
}
