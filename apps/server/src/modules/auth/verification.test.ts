import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import { hashToken } from "../../lib/secure-token.ts";
import { createTestApp } from "../../test/app.ts";
import { startMailServer } from "../../test/mail-server.ts";

const smtp = await startMailServer();
const t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://academy.example" });
const flush = () => t.app.mail.flush();
const admin = await t.signUp("admin");
const CONFIRM = /Confirm your email/;

const linkIn = (text: string, path: string) => {
  const m = new RegExp(`https://academy\\.example${path.replaceAll("/", "\\/")}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!m?.[1]) throw new Error(`no ${path} link in mail: ${text}`);
  return decodeURIComponent(m[1]);
};
/** The token of the latest confirmation mail to this address. */
const confirmationToken = async (email: string, role = "user") =>
  linkIn((await smtp.waitForMail(email, flush, CONFIRM)).text, `/${role}/verify-email`);
const verify = (token: unknown, bearer?: string) => t.call("POST", "/v2/api/lambda/verify/email", { body: { token }, token: bearer });
const resend = (bearer?: string) => t.call("POST", "/v2/api/lambda/verify/email/resend", { token: bearer });
const isVerified = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.emailVerified;
const profileOf = async (token: string) => (await t.call("GET", "/v2/api/lambda/profile", { token })).json().model;

describe("confirming the email address", () => {
  it("sign-up mails a link from PUBLIC_URL; it confirms the address once and signs no one in", async () => {
    const email = `new-${Date.now()}@example.test`;
    const reg = await t.call("POST", "/v2/api/lambda/register", {
      body: { email, password: "correct horse battery", first_name: "Noor", last_name: "Haddad", role: "user" },
      headers: { host: "evil.example" },
    });
    expect(reg.statusCode).toBe(200);
    const me = reg.json() as { token: string; user_id: number };
    expect((await profileOf(me.token)).email_verified).toBe(false);

    const mail = await smtp.waitForMail(email, flush, CONFIRM);
    expect(mail.text).not.toContain("evil.example");
    expect(mail.text).toContain("Hello Noor");
    const token = linkIn(mail.text, "/user/verify-email");
    // Stored as its hash only.
    const [stored] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({ userId: me.user_id, kind: "verify", usedAt: null });
    expect(JSON.stringify(await t.db.select().from(authTokens))).not.toContain(token);

    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ error: false, message: "Email confirmed" });
    expect((await profileOf(me.token)).email_verified).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid, used or expired/);
  });

  it("refuses an expired link and leaves the address unconfirmed", async () => {
    const me = await t.signUp("user");
    const token = await confirmationToken(me.email);
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect((await verify(token)).statusCode).toBe(400);
    expect(await isVerified(me.user_id)).toBe(false);
  });

  it("refuses tokens of another kind: a reset link's and a magic link's", async () => {
    const me = await t.signUp("user");
    await t.call("POST", "/v2/api/lambda/forgot", { body: { email: me.email, role: "user" } });
    const reset = linkIn((await smtp.waitForMail(me.email, flush, /password reset code/)).text, "/user/reset");
    await t.call("POST", "/v2/api/lambda/magic-login/generate", { body: { email: me.email, role: "user" } });
    const magic = linkIn((await smtp.waitForMail(me.email, flush, /sign-in link/)).text, "/magic-login/verify");
    for (const token of [reset, magic]) expect((await verify(token)).statusCode).toBe(400);
    expect(await isVerified(me.user_id)).toBe(false);
    // The refused tokens still work for what they were made for.
    expect((await t.call("POST", "/v2/api/lambda/magic-login", { body: { token: magic } })).statusCode).toBe(200);
  });

  it("refuses made-up, empty, oversized and malformed tokens without changing anyone", async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.emailVerified, true)))[0]!.n;
    for (const token of ["not-a-real-token", "A".repeat(43), "' OR 1=1--"]) {
      const res = await verify(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().validation).toEqual({ token: "Ask for a new confirmation link" });
    }
    for (const token of ["", "x".repeat(201), 12345, null]) expect((await verify(token)).statusCode).toBe(400);
    const extra = await t.call("POST", "/v2/api/lambda/verify/email", { body: { token: "x", user_id: admin.user_id } });
    expect(extra.statusCode).toBe(400);
    const noProject = await t.app.inject({ method: "POST", url: "/v2/api/lambda/verify/email", payload: { token: "x" } });
    expect(noProject.statusCode).toBe(403);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.emailVerified, true)))[0]!.n).toBe(before);
  });

  it("confirms the link's own account, whoever is signed in when it is opened", async () => {
    const owner = await t.signUp("user");
    const other = await t.signUp("user");
    const token = await confirmationToken(owner.email);
    expect((await verify(token, other.token)).statusCode).toBe(200);
    expect(await isVerified(owner.user_id)).toBe(true);
    expect(await isVerified(other.user_id)).toBe(false);
  });

  it("keeps the account's address until the new one is confirmed, and tells the old one", async () => {
    const me = await t.signUp("user");
    const oldLink = await confirmationToken(me.email);
    const newEmail = `moved-${Date.now()}@example.test`;
    const change = await t.call("POST", "/v2/api/lambda/update/email", {
      token: me.token,
      body: { email: newEmail, current_password: me.password },
    });
    expect(change.statusCode).toBe(200);
    // Nothing moved yet: the person still signs in with the old address, which was told.
    expect(await profileOf(me.token)).toMatchObject({ email: me.email, pending_email: newEmail });
    const login = await t.call("POST", "/v2/api/lambda/login", { body: { email: me.email, password: me.password, role: "user" } });
    expect(login.statusCode).toBe(200);
    const told = await smtp.waitForMail(me.email, flush, /sign-in email is about to change/);
    expect(told.text).toContain(newEmail);
    // The link for the old address no longer confirms anything.
    expect((await verify(oldLink)).statusCode).toBe(400);

    const newLink = await confirmationToken(newEmail);
    expect((await verify(newLink)).statusCode).toBe(200);
    expect(await profileOf(me.token)).toMatchObject({ email: newEmail, email_verified: true, pending_email: null });
    expect((await verify(newLink)).statusCode).toBe(400);
  });

  it("a confirmed address stays confirmed while a change waits; asking for the current one withdraws it", async () => {
    const me = await t.signUp("user");
    expect((await verify(await confirmationToken(me.email))).statusCode).toBe(200);
    const newEmail = `again-${Date.now()}@example.test`;
    await t.call("POST", "/v2/api/lambda/update/email", { token: me.token, body: { email: newEmail, current_password: me.password } });
    expect(await profileOf(me.token)).toMatchObject({ email: me.email, email_verified: true, pending_email: newEmail });
    const link = await confirmationToken(newEmail);
    await t.call("POST", "/v2/api/lambda/update/email", { token: me.token, body: { email: me.email, current_password: me.password } });
    expect((await profileOf(me.token)).pending_email).toBeNull();
    expect((await verify(link)).statusCode).toBe(400);
    expect((await profileOf(me.token)).email).toBe(me.email);
  });

  it("refuses to move to an address another account took meanwhile", async () => {
    const me = await t.signUp("user");
    const wanted = `wanted-${Date.now()}@example.test`;
    await t.call("POST", "/v2/api/lambda/update/email", { token: me.token, body: { email: wanted, current_password: me.password } });
    const link = await confirmationToken(wanted);
    const squatter = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: wanted, password: "a long passphrase", role: "user" },
    });
    expect(squatter.statusCode).toBe(200);
    expect((await verify(link)).statusCode).toBe(409);
    expect((await profileOf(me.token)).email).toBe(me.email);
  });

  it("does not block signing in before the address is confirmed", async () => {
    const me = await t.signUp("user");
    const login = await t.call("POST", "/v2/api/lambda/login", { body: { email: me.email, password: me.password, role: "user" } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toHaveProperty("token");
    expect(await isVerified(me.user_id)).toBe(false);
  });
});

describe("asking for a new link", () => {
  it("needs a signed-in person", async () => {
    expect((await resend()).statusCode).toBe(401);
  });

  it("mails a new link that replaces the older ones, and answers 409 once confirmed", async () => {
    const me = await t.signUp("user");
    const first = await confirmationToken(me.email);
    const res = await resend(me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, message: "Email Sent" });
    await flush();
    const links = smtp.mailsTo(me.email).filter((m) => CONFIRM.test(m.subject));
    expect(links).toHaveLength(2);
    const second = linkIn(links.at(-1)!.text, "/user/verify-email");
    expect(second).not.toBe(first);

    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
    const done = await resend(me.token);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe("Your email address is already confirmed");
  });

  it("is limited to 3 requests per 5 minutes per address, then 429 with Retry-After and no mail", async () => {
    const me = await t.signUp("user");
    for (let i = 0; i < 3; i++) expect((await resend(me.token)).statusCode).toBe(200);
    await flush();
    const mailed = smtp.mailsTo(me.email).length;
    const limited = await resend(me.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    await flush();
    expect(smtp.mailsTo(me.email)).toHaveLength(mailed);
  });
});

describe("accounts whose address is proven another way", () => {
  it("the first admin's link opens the staff confirmation screen", async () => {
    expect(linkIn((await smtp.waitForMail(admin.email, flush, CONFIRM)).text, "/admin/verify-email")).toBeTruthy();
  });

  it("an account an admin creates starts confirmed and gets no link", async () => {
    const email = `made-${Date.now()}@example.test`;
    const res = await t.call("POST", "/v2/api/lambda/register", {
      token: admin.token,
      body: { email, password: "correct horse battery", role: "user" },
    });
    expect(res.statusCode).toBe(200);
    expect(await isVerified(res.json().user_id)).toBe(true);
    await flush();
    expect(smtp.mailsTo(email).map((m) => m.subject)).not.toContainEqual(expect.stringMatching(CONFIRM));
  });

  it("the admin's verify/user still confirms an account, and only for admins", async () => {
    const me = await t.signUp("user");
    const denied = await t.call("POST", "/v2/api/lambda/verify/user", { token: me.token, body: { user_id: me.user_id } });
    expect(denied.statusCode).toBe(403);
    expect(await isVerified(me.user_id)).toBe(false);
    const res = await t.call("POST", "/v2/api/lambda/verify/user", { token: admin.token, body: { user_id: me.user_id } });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(me.token)).email_verified).toBe(true);
  });

  it("a magic-link sign-in confirms the address too", async () => {
    const me = await t.signUp("user");
    await t.call("POST", "/v2/api/lambda/magic-login/generate", { body: { email: me.email, role: "user" } });
    const magic = linkIn((await smtp.waitForMail(me.email, flush, /sign-in link/)).text, "/magic-login/verify");
    expect((await t.call("POST", "/v2/api/lambda/magic-login", { body: { token: magic } })).statusCode).toBe(200);
    expect(await isVerified(me.user_id)).toBe(true);
  });
});
