import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/accounts.ts";
import type { MailMessage, MailTransport } from "../../providers/mail/transport.ts";
import { createLogTransport } from "../../providers/mail/transport.ts";
import { createTestApp } from "../../test/app.ts";
import { enqueueMail, fill, startMailWorker } from "./service.ts";

const t = await createTestApp();

describe("mail outbox", () => {
  it("fills placeholders, escaping them in the HTML part only", () => {
    expect(fill("Hi {{ first_name }} <b>{{missing}}</b>", { first_name: "<Ann & Co>" }, true)).toBe("Hi &lt;Ann &amp; Co&gt; <b></b>");
    expect(fill("Hi {{first_name}}", { first_name: "<Ann>" }, false)).toBe("Hi <Ann>");
  });

  it("without SMTP, writes each mail with its link to the log and marks it delivered", async () => {
    const lines: string[] = [];
    const worker = startMailWorker({
      db: t.db,
      transport: createLogTransport((l) => lines.push(l)),
      from: "a@b.c",
      intervalMs: 60_000,
      onError: () => {},
    });
    const id = await enqueueMail(t.db, "magic-link", "log@example.test", {
      first_name: "Lo",
      link: "http://localhost:3000/magic-login/verify?token=abc",
      minutes: "10",
    });
    await worker.flush();
    worker.stop();
    expect(lines.join("\n")).toContain("Mail to log@example.test");
    expect(lines.join("\n")).toContain("http://localhost:3000/magic-login/verify?token=abc");
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("delivers each mail once when several workers run at the same time", async () => {
    const sent: MailMessage[] = [];
    const transport: MailTransport = {
      kind: "smtp",
      send: async (m) => {
        await new Promise((r) => setTimeout(r, 2));
        sent.push(m);
      },
      close() {},
    };
    const to = `many-${Date.now()}@example.test`;
    for (let i = 0; i < 25; i++) await enqueueMail(t.db, "welcome", to, { first_name: `N${i}`, dashboard_url: "x" });
    const workers = [1, 2, 3].map(() => startMailWorker({ db: t.db, transport, from: "a@b.c", intervalMs: 60_000, onError: () => {} }));
    await Promise.all(workers.map((w) => w.flush()));
    for (const w of workers) w.stop();
    const mine = sent.filter((m) => m.to === to);
    expect(mine).toHaveLength(25);
    expect(new Set(mine.map((m) => m.subject)).size).toBe(25);
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(sql`${emailOutbox.to} = ${to} and ${emailOutbox.status} <> 'sent'`);
    expect(left!.n).toBe(0);
  });

  it("gives up after 8 attempts and keeps the mail as failed with its error", async () => {
    const transport: MailTransport = { kind: "smtp", send: async () => Promise.reject(new Error("550 mailbox unavailable")), close() {} };
    const worker = startMailWorker({ db: t.db, transport, from: "a@b.c", intervalMs: 60_000, onError: () => {} });
    const id = await enqueueMail(t.db, "welcome", "bounce@example.test", { first_name: "B", dashboard_url: "x" });
    for (let attempt = 1; attempt <= 8; attempt++) {
      await t.db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(emailOutbox.id, id));
      await worker.flush();
    }
    worker.stop();
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: 8, lastError: "550 mailbox unavailable" });
  });
});
