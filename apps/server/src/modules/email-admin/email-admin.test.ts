import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, emailTemplates, photos } from "../../db/schema/accounts.ts";
import { cms } from "../../db/schema/content.ts";
import { createTestApp } from "../../test/app.ts";
import { startMailServer } from "../../test/mail-server.ts";

const smtp = await startMailServer();
const uploadDir = mkdtempSync(path.join(tmpdir(), "academy-photos-"));
const t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://academy.example", UPLOAD_DIR: uploadDir });
const admin = await t.signUp("admin");
const flush = () => t.app.mail.flush();

describe("email templates", () => {
  it("sends a test of a template, filled with sample values, to the admin's own address", async () => {
    const [template] = await t.db
      .insert(emailTemplates)
      .values({
        slug: "exam-reminder",
        name: "Exam reminder",
        subject: "{{first_name}}, your exam is near",
        html: "<p>Hi {{first_name}}, see {{dashboard_url}}</p>",
        text: "Hi {{first_name}}",
      })
      .returning();
    const res = await t.call("POST", `/v2/api/lambda/email/${template!.id}/test`, { token: admin.token });
    expect(res.json()).toEqual({ error: false, message: `Test sent to ${admin.email}` });
    const mail = await smtp.waitForMail(admin.email, flush, /^\[Test\]/);
    expect(mail.subject).toBe("[Test] Test, your exam is near");
    expect(mail.raw).toContain("https://academy.example/user/dashboard");
  });

  it("retries a failed mail, refuses to resend a sent one, and is for admins only", async () => {
    const [failed] = await t.db
      .insert(emailOutbox)
      .values({
        to: "someone@example.test",
        subject: "Retry me",
        html: "<p>x</p>",
        text: "x",
        status: "failed",
        attempts: 8,
        lastError: "550 mailbox unavailable",
      })
      .returning();
    const user = await t.signUp("user");
    expect((await t.call("POST", `/v2/api/lambda/email/outbox/${failed!.id}/retry`, { token: user.token })).statusCode).toBe(403);
    const res = await t.call("POST", `/v2/api/lambda/email/outbox/${failed!.id}/retry`, { token: admin.token });
    expect(res.json()).toEqual({ error: false, message: "Queued for sending" });
    await smtp.waitForMail("someone@example.test", flush, /Retry me/);
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    expect(sent!.status).toBe("sent");
    const again = await t.call("POST", `/v2/api/lambda/email/outbox/${failed!.id}/retry`, { token: admin.token });
    expect(again.statusCode).toBe(409);
    expect((await t.call("POST", "/v2/api/lambda/email/outbox/999999/retry", { token: admin.token })).statusCode).toBe(404);
  });
});

describe("photos", () => {
  async function storedPhoto(name: string) {
    const key = `${crypto.randomUUID()}.png`;
    writeFileSync(path.join(uploadDir, key), "png bytes");
    const [row] = await t.db
      .insert(photos)
      .values({ userId: admin.user_id, url: `/uploads/${key}`, storageKey: key, originalName: name, mime: "image/png", size: 9 })
      .returning();
    return row!;
  }
  const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(photos))[0]!.n;

  it("deletes an unused photo and its file", async () => {
    const photo = await storedPhoto("unused.png");
    const res = await t.call("DELETE", `/v2/api/lambda/photo/${photo.id}`, { token: admin.token });
    expect(res.json()).toEqual({ error: false, message: "Deleted" });
    expect(existsSync(path.join(uploadDir, photo.storageKey))).toBe(false);
    expect((await t.call("DELETE", `/v2/api/lambda/photo/${photo.id}`, { token: admin.token })).statusCode).toBe(404);
  });

  it("refuses with 409 to delete a photo in use, keeping row and file", async () => {
    const photo = await storedPhoto("hero.png");
    await t.db.insert(cms).values({ page: "landing", key: "hero_image", type: "image", value: photo.url });
    const before = await count();
    const res = await t.call("DELETE", `/v2/api/lambda/photo/${photo.id}`, { token: admin.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This photo is used by a CMS entry; remove it there first");
    expect(await count()).toBe(before);
    expect(existsSync(path.join(uploadDir, photo.storageKey))).toBe(true);
  });
});
