import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it, onTestFinished } from "vitest";
import { authTokens, emailOutbox, emailTemplates } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import { seedEmailTemplates } from "../../db/seed/emails.ts";
import { createTestApp, testClock } from "../../test/app.ts";
import { startMailServer } from "../../test/mail-server.ts";

const smtp = await startMailServer();
const clock = testClock();
const t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://academy.example" }, { clock: clock.now });
const flush = () => t.app.mail.flush();
const admin = await t.signUp("admin");
const RESET = /password reset code/;
const MAGIC = /sign-in link/;

const linkIn = (text: string, path: string) => {
  const m = new RegExp(`https://academy\\.example${path.replaceAll("/", "\\/")}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!m?.[1]) throw new Error(`no ${path} link in mail: ${text}`);
  return decodeURIComponent(m[1]);
};
const outboxCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n;
const passwordHashOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash;

describe("forgot and reset", () => {
  it("mails a link from PUBLIC_URL and a code; the reset works once and signs every session out", async () => {
    const me = await t.signUp("user");
    const res = await t.call("POST", "/v2/api/lambda/forgot", {
      body: { email: me.email, role: "user" },
      headers: { host: "evil.example" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, message: "Email Sent" });
    const mail = await smtp.waitForMail(me.email, flush, RESET);
    expect(mail.text).not.toContain("evil.example");
    const token = linkIn(mail.text, "/user/reset");
    const code = /code: (\d{6})/i.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The code is in the mail, never in its subject (which lock screens and mail lists show).
    expect(mail.subject).not.toContain(code);
    expect(mail.subject).not.toMatch(/\d{6}/);

    const before = await passwordHashOf(me.user_id);
    const wrong = await t.call("POST", "/v2/api/lambda/reset", {
      body: { token, code: code === "000000" ? "111111" : "000000", password: "a brand new password" },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().validation.code).toBeTruthy();
    expect(await passwordHashOf(me.user_id)).toBe(before);

    const ok = await t.call("POST", "/v2/api/lambda/reset", { body: { token, code, password: "a brand new password" } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ error: false, message: "Reset Password" });
    expect(ok.json()).not.toHaveProperty("token");
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: me.token })).statusCode).toBe(401);
    const login = await t.call("POST", "/v2/api/lambda/login", {
      body: { email: me.email, password: "a brand new password", role: "user" },
    });
    expect(login.statusCode).toBe(200);

    const changed = await passwordHashOf(me.user_id);
    const again = await t.call("POST", "/v2/api/lambda/reset", { body: { token, code, password: "yet another password" } });
    expect(again.statusCode).toBe(403);
    expect(await passwordHashOf(me.user_id)).toBe(changed);
  });

  it("answers the same for unknown emails and the wrong role, and mails nothing", async () => {
    const me = await t.signUp("user");
    await flush();
    const before = await outboxCount();
    const unknown = await t.call("POST", "/v2/api/lambda/forgot", { body: { email: "nobody@example.test", role: "user" } });
    const wrongRole = await t.call("POST", "/v2/api/lambda/forgot", { body: { email: me.email, role: "admin" } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(wrongRole.body);
    expect(await outboxCount()).toBe(before);
  });

  it("refuses an expired link, and a magic-link token used as a reset token", async () => {
    const me = await t.signUp("user");
    await t.call("POST", "/v2/api/lambda/forgot", { body: { email: me.email, role: "user" } });
    const mail = await smtp.waitForMail(me.email, flush, RESET);
    const token = linkIn(mail.text, "/user/reset");
    const code = /code: (\d{6})/i.exec(mail.text)![1];
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, me.user_id));
    const before = await passwordHashOf(me.user_id);
    const expired = await t.call("POST", "/v2/api/lambda/reset", { body: { token, code, password: "a brand new password" } });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/invalid or has expired/);

    await t.call("POST", "/v2/api/lambda/magic-login/generate", { body: { email: me.email, role: "user" } });
    const magic = linkIn((await smtp.waitForMail(me.email, flush, MAGIC)).text, "/magic-login/verify");
    const foreign = await t.call("POST", "/v2/api/lambda/reset", {
      body: { token: magic, code: "123456", password: "a brand new password" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await passwordHashOf(me.user_id)).toBe(before);
  });

  it("limits forgot to 3 per 5 minutes per email, with Retry-After, for unknown emails too", async () => {
    for (const email of ["ratelimited@example.test", (await t.signUp("user")).email]) {
      for (let i = 0; i < 3; i++)
        expect((await t.call("POST", "/v2/api/lambda/forgot", { body: { email, role: "user" } })).statusCode).toBe(200);
      const limited = await t.call("POST", "/v2/api/lambda/forgot", { body: { email, role: "user" } });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/Too many attempts/);
    }
  });
});

describe("magic link", () => {
  it("signs in once for the role asked; the link token is no bearer token", async () => {
    const me = await t.signUp("user");
    const res = await t.call("POST", "/v2/api/lambda/magic-login/generate", {
      body: { email: me.email, role: "user", url: "https://evil.example/magic-login/verify" },
    });
    expect(res.json()).toEqual({ error: false });
    const mail = await smtp.waitForMail(me.email, flush, MAGIC);
    expect(mail.text).not.toContain("evil.example");
    const token = linkIn(mail.text, "/magic-login/verify");
    expect((await t.call("GET", "/v2/api/lambda/profile", { token })).statusCode).toBe(401);

    const login = await t.call("POST", "/v2/api/lambda/magic-login", { body: { token } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ error: false, role: "user", user_id: me.user_id });
    const again = await t.call("POST", "/v2/api/lambda/magic-login", { body: { token } });
    expect(again.statusCode).toBe(403);
    expect(again.json()).not.toHaveProperty("token");
  });

  it("refuses an expired link", async () => {
    const me = await t.signUp("user");
    await t.call("POST", "/v2/api/lambda/magic-login/generate", { body: { email: me.email, role: "user" } });
    const token = linkIn((await smtp.waitForMail(me.email, flush, MAGIC)).text, "/magic-login/verify");
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, me.user_id));
    expect((await t.call("POST", "/v2/api/lambda/magic-login", { body: { token } })).statusCode).toBe(403);
  });
});

describe("two-factor sign-in", () => {
  it("enables with a code, then login needs a code; each code works once; the pending token opens nothing", async () => {
    const me = await t.signUp("user");
    const enable = await t.call("POST", "/v2/api/lambda/2fa/enable", { token: me.token });
    expect(enable.statusCode).toBe(200);
    const { secret, qr_code, otpauth_url } = enable.json();
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    expect(otpauth_url).toContain("otpauth://totp/");
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user_id));
    expect(row!.twoFactorSecret).not.toContain(secret);

    // The server's clock in the middle of a 30-second step, so no step ends while the test runs.
    const now = Math.floor(Date.now() / 30_000) * 30 + 15;
    clock.stopAt(now * 1000);
    onTestFinished(() => clock.resume());
    // Codes of the previous, current and next step: all within the accepted drift, each usable once, in order.
    const code1 = await generate({ secret, epoch: now - 30 });
    const bad = await t.call("POST", "/v2/api/lambda/2fa/authorize", {
      token: me.token,
      body: { token: code1 === "000000" ? "000001" : "000000" },
    });
    expect(bad.statusCode).toBe(403);
    expect((await t.call("POST", "/v2/api/lambda/2fa/authorize", { token: me.token, body: { token: code1 } })).statusCode).toBe(200);
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: me.token })).json().model.two_factor_enabled).toBe(true);

    const login = await t.call("POST", "/v2/api/lambda/login", { body: { email: me.email, password: me.password, role: "user" } });
    expect(login.statusCode).toBe(200);
    const pending = login.json();
    expect(pending).toMatchObject({ error: false, two_factor_required: true, role: "user" });
    expect(pending).not.toHaveProperty("token");
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: pending.access_token })).statusCode).toBe(401);
    expect((await t.call("GET", "/v4/api/records/user", { token: pending.access_token })).statusCode).toBeGreaterThanOrEqual(401);

    // The code already used to enable is refused.
    const reused = await t.call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: pending.access_token, token: code1 } });
    expect(reused.statusCode).toBe(403);
    const code2 = await generate({ secret, epoch: now });
    const ok = await t.call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: pending.access_token, token: code2 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ error: false, role: "user", user_id: me.user_id });
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: ok.json().token })).statusCode).toBe(200);

    // A pending login is used once, and a code twice is refused.
    const login2 = (
      await t.call("POST", "/v2/api/lambda/login", { body: { email: me.email, password: me.password, role: "user" } })
    ).json();
    expect(
      (await t.call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: pending.access_token, token: code2 } })).statusCode,
    ).toBe(401);
    expect(
      (await t.call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: login2.access_token, token: code2 } })).statusCode,
    ).toBe(403);

    // Five wrong codes void the pending login.
    // (the reused code above was the first wrong one)
    for (let i = 0; i < 3; i++)
      expect(
        (await t.call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: login2.access_token, token: "000000" } })).statusCode,
      ).toBe(403);
    const fifth = await t.call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: login2.access_token, token: "000000" } });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers["retry-after"]).toBeDefined();
    const code3 = await generate({ secret, epoch: now + 30 });
    expect(
      (await t.call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: login2.access_token, token: code3 } })).statusCode,
    ).toBe(401);

    // A magic link does not bypass the second factor.
    await t.call("POST", "/v2/api/lambda/magic-login/generate", { body: { email: me.email, role: "user" } });
    const magic = linkIn((await smtp.waitForMail(me.email, flush, MAGIC)).text, "/magic-login/verify");
    expect((await t.call("POST", "/v2/api/lambda/magic-login", { body: { token: magic } })).json()).toMatchObject({
      two_factor_required: true,
    });

    // Disable needs a fresh code.
    expect((await t.call("POST", "/v2/api/lambda/2fa/disable", { token: ok.json().token, body: { token: code2 } })).statusCode).toBe(403);
    expect((await t.call("POST", "/v2/api/lambda/2fa/disable", { token: ok.json().token, body: { token: code3 } })).statusCode).toBe(200);
    const plain = await t.call("POST", "/v2/api/lambda/login", { body: { email: me.email, password: me.password, role: "user" } });
    expect(plain.json()).toHaveProperty("token");
  });
});

describe("login rate limit", () => {
  it("answers 429 with Retry-After after 5 attempts a minute, for unknown emails the same", async () => {
    for (const email of [(await t.signUp("user")).email, "ghost@example.test"]) {
      for (let i = 0; i < 5; i++)
        expect(
          (await t.call("POST", "/v2/api/lambda/login", { body: { email, password: "wrong password", role: "user" } })).statusCode,
        ).toBe(403);
      const limited = await t.call("POST", "/v2/api/lambda/login", { body: { email, password: "wrong password", role: "user" } });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json()).not.toHaveProperty("token");
    }
  });
});

describe("admin invitation", () => {
  it("mails a link with which the invited person creates a staff account", async () => {
    const email = `staff-${Date.now()}@example.test`;
    const user = await t.signUp("user");
    expect((await t.call("POST", "/v2/api/lambda/admin/invite", { token: user.token, body: { email } })).statusCode).toBe(403);
    expect((await t.call("POST", "/v2/api/lambda/admin/invite", { token: admin.token, body: { email } })).statusCode).toBe(200);
    const mail = await smtp.waitForMail(email, flush, /invited/);
    const invitation = decodeURIComponent(/\/admin\/signup\?invitation=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    const reg = await t.call("POST", "/v2/api/lambda/register", {
      body: { email, password: "staff password 1", role: "admin", invitation },
    });
    expect(reg.statusCode).toBe(200);
    expect(reg.json().role).toBe("admin");
    // The invitation was mailed to this address: opening it proved the address, so no confirmation mail follows.
    const profile = await t.call("GET", "/v2/api/lambda/profile", { token: reg.json().token });
    expect(profile.json().model.email_verified).toBe(true);
    await flush();
    expect(smtp.mailsTo(email).map((m) => m.subject)).not.toContainEqual(expect.stringMatching(/Confirm your email/));
  });

  it("lets only admins read the outbox", async () => {
    const user = await t.signUp("user");
    expect((await t.call("GET", "/v2/api/lambda/outbox", { token: user.token })).statusCode).toBe(403);
    expect((await t.call("GET", "/v2/api/lambda/outbox")).statusCode).toBe(401);
    const list = await t.call("GET", "/v2/api/lambda/outbox", { token: admin.token, query: { to: user.email } });
    expect(list.statusCode).toBe(200);
    const mails = list.json().list as { to: string; template_slug: string }[];
    expect(mails.map((m) => [m.to, m.template_slug]).sort()).toEqual([
      [user.email, "verify"],
      [user.email, "welcome"],
    ]);
  });
});

describe("the reset mail's subject", () => {
  it("moves on from the subject that carried the code, unless staff edited it", async () => {
    const forgot = eq(emailTemplates.slug, "forgot");
    const subject = async () => (await t.db.select().from(emailTemplates).where(forgot))[0]!.subject;
    await t.db.update(emailTemplates).set({ subject: "Your password reset code: {{code}}" }).where(forgot);
    await seedEmailTemplates(t.db);
    expect(await subject()).toBe("Your password reset code and link");
    await t.db.update(emailTemplates).set({ subject: "Reset: {{code}} (our own words)" }).where(forgot);
    await seedEmailTemplates(t.db);
    expect(await subject()).toBe("Reset: {{code}} (our own words)");

    // Even a subject staff wrote never carries the code: it is filled in the body only.
    const me = await t.signUp("user");
    expect((await t.call("POST", "/v2/api/lambda/forgot", { body: { email: me.email, role: "user" } })).statusCode).toBe(200);
    const mail = await smtp.waitForMail(me.email, flush, /our own words/);
    expect(mail.subject).toBe("Reset: (our own words)");
    expect(mail.text).toMatch(/code: \d{6}/i);
    await t.db.update(emailTemplates).set({ subject: "Your password reset code and link" }).where(forgot);
  });
});
