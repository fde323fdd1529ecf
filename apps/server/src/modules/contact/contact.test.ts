import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/accounts.ts";
import { createTestApp } from "../../test/app.ts";
import { startMailServer } from "../../test/mail-server.ts";

const smtp = await startMailServer();
const t = await createTestApp({ SMTP_URL: smtp.url });
const admin = await t.signUp("admin");
const outboxCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n;

describe("contact form", () => {
  it("mails the message to the admins, escaped", async () => {
    const res = await t.call("POST", "/v2/api/lambda/contact", {
      body: { name: "Priya <b>", email: "priya@example.test", message: "When does the next Fire & Rescue intake open?" },
    });
    expect(res.json()).toEqual({ error: false, message: "Thank you: your message was sent to the academy's staff" });
    const mail = await smtp.waitForMail(admin.email, () => t.app.mail.flush(), /Contact form/);
    expect(mail.text).toContain("priya@example.test");
    expect(mail.text).toContain("Fire &amp; Rescue");
    expect(mail.text).toContain("Priya &lt;b&gt;");
  });

  it("refuses bad input and a flood, sending nothing", async () => {
    const before = await outboxCount();
    for (const body of [
      {},
      { name: "A", email: "not-an-email", message: "long enough message" },
      { name: "A", email: "a@example.test", message: "short" },
      { name: "A", email: "a@example.test", message: "long enough message", role: "admin" },
    ]) {
      const res = await t.call("POST", "/v2/api/lambda/contact", { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await outboxCount()).toBe(before);
    const send = () =>
      t.call("POST", "/v2/api/lambda/contact", { body: { name: "Flood", email: "f@example.test", message: "the same message again" } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send()).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
