import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, describe, expect, it } from "vitest";
import { authTokens, emailOutbox, rateLimits } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { pruneAccounts } from "./service.ts";

const t = await createTestApp();
const admin = await t.signUp("admin");
const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("update password and email", () => {
  it("needs the current password; a change signs other sessions out and answers a fresh token", async () => {
    const me = await t.signUp("user");
    const other = (await t.call("POST", "/v2/api/lambda/login", { body: { email: me.email, password: me.password, role: "user" } })).json();
    const before = await rowOf(me.user_id);
    const wrong = await t.call("POST", "/v2/api/lambda/update/password", {
      token: me.token,
      body: { password: "new password 123", current_password: "nope nope" },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().validation.current_password).toBeTruthy();
    expect((await rowOf(me.user_id)).passwordHash).toBe(before.passwordHash);

    const ok = await t.call("POST", "/v2/api/lambda/update/password", {
      token: me.token,
      body: { password: "new password 123", current_password: me.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ error: false, message: "Updated" });
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: other.token })).statusCode).toBe(401);
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: ok.json().token })).statusCode).toBe(200);
  });

  it("changes one's own email with the password; a taken address answers 409 and changes nothing", async () => {
    const me = await t.signUp("user");
    const someone = await t.signUp("user");
    const taken = await t.call("POST", "/v2/api/lambda/update/email", {
      token: me.token,
      body: { email: someone.email, current_password: me.password },
    });
    expect(taken.statusCode).toBe(409);
    expect((await rowOf(me.user_id)).email).toBe(me.email);
    const email = `moved-${Date.now()}@example.test`;
    const ok = await t.call("POST", "/v2/api/lambda/update/email", { token: me.token, body: { email, current_password: me.password } });
    expect(ok.statusCode).toBe(200);
    // Waiting for the new address's confirmation (verification.test.ts follows it through).
    expect(await rowOf(me.user_id)).toMatchObject({ email: me.email, pendingEmail: email });
  });

  it("lets only admins change another account's email and password, verify it; the target is signed out", async () => {
    const target = await t.signUp("user");
    const attacker = await t.signUp("user");
    const before = await rowOf(target.user_id);
    for (const [url, body] of [
      ["/v2/api/lambda/admin/update/password", { id: target.user_id, password: "taken over 123" }],
      ["/v2/api/lambda/admin/update/email", { id: target.user_id, email: "attacker@example.test" }],
      ["/v2/api/lambda/verify/user", { user_id: target.user_id }],
    ] as const) {
      const denied = await t.call("POST", url, { token: attacker.token, body });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe("Invalid Access");
    }
    expect(await rowOf(target.user_id)).toEqual(before);

    expect(
      (
        await t.call("POST", "/v2/api/lambda/admin/update/password", {
          token: admin.token,
          body: { id: target.user_id, password: "set by admin 1" },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: target.token })).statusCode).toBe(401);
    expect(
      (await t.call("POST", "/v2/api/lambda/login", { body: { email: target.email, password: "set by admin 1", role: "user" } }))
        .statusCode,
    ).toBe(200);
    const email = `admin-set-${Date.now()}@example.test`;
    expect(
      (await t.call("POST", "/v2/api/lambda/admin/update/email", { token: admin.token, body: { id: target.user_id, email } })).statusCode,
    ).toBe(200);
    expect((await t.call("POST", "/v2/api/lambda/verify/user", { token: admin.token, body: { user_id: target.user_id } })).statusCode).toBe(
      200,
    );
    const after = await rowOf(target.user_id);
    expect(after.email).toBe(email);
    expect(after.emailVerified).toBe(true);
    expect((await t.call("POST", "/v2/api/lambda/verify/user", { token: admin.token, body: { user_id: 999999 } })).statusCode).toBe(404);
  });
});

describe("preferences", () => {
  it("stores and merges a person's own preferences; bad names are refused", async () => {
    const me = await t.signUp("user");
    expect((await t.call("GET", "/v2/api/lambda/preference", { token: me.token })).json()).toEqual({ error: false, model: {} });
    await t.call("POST", "/v2/api/lambda/preference", { token: me.token, body: { payload: { theme: "dark", reminders: true } } });
    await t.call("POST", "/v2/api/lambda/preference", { token: me.token, body: { payload: { reminders: false } } });
    expect((await t.call("GET", "/v2/api/lambda/preference", { token: me.token })).json().model).toEqual({
      theme: "dark",
      reminders: false,
    });
    const bad = await t.call("POST", "/v2/api/lambda/preference", { token: me.token, body: { payload: { "a b": 1 } } });
    expect(bad.statusCode).toBe(400);
    expect((await t.call("GET", "/v2/api/lambda/preference")).statusCode).toBe(401);
  });
});

describe("google-captcha", () => {
  it("passes every token when no secret is configured", async () => {
    const res = await t.call("POST", "/v2/api/lambda/google-captcha", { body: { captchaToken: "anything" } });
    expect(res.json()).toEqual({ error: false, success: true, message: "Captcha check is off on this server" });
  });

  it("checks the token with the configured secret", async () => {
    const seen: string[] = [];
    const verifier = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        seen.push(body);
        const params = new URLSearchParams(body);
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ success: params.get("response") === "good-token" && params.get("secret") === "captcha-secret" }));
      });
    });
    await new Promise<void>((r) => verifier.listen(0, "127.0.0.1", r));
    afterAll(() => new Promise<void>((r) => verifier.close(() => r())));
    const withSecret = await createTestApp({
      RECAPTCHA_SECRET: "captcha-secret",
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`,
    });
    const good = await withSecret.call("POST", "/v2/api/lambda/google-captcha", { body: { captchaToken: "good-token" } });
    expect(good.json()).toMatchObject({ error: false, success: true });
    const bad = await withSecret.call("POST", "/v2/api/lambda/google-captcha", { body: { captchaToken: "forged" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Captcha check failed");
    expect(seen).toHaveLength(2);
  });
});

describe("mail delivery", () => {
  it("keeps a mail the server cannot deliver, with its error, for a later retry; the request succeeds", async () => {
    const down = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:9" });
    const started = Date.now();
    const me = await down.signUp("user");
    expect(Date.now() - started).toBeLessThan(3000);
    await down.app.mail.flush();
    const [mail] = await down.db.select().from(emailOutbox).where(eq(emailOutbox.to, me.email));
    expect(mail).toMatchObject({ status: "queued", attempts: 1, templateSlug: "welcome" });
    expect(mail!.lastError).toBeTruthy();
    expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("sign-in failures per account", () => {
  it("after 10 failures in 15 minutes the account cools down, even with the right password and from another address", async () => {
    const loose = await createTestApp({ LOGIN_RATE_LIMIT: "100" });
    const me = await loose.signUp("user");
    for (let i = 0; i < 10; i++) {
      const res = await loose.call("POST", "/v2/api/lambda/login", {
        body: { email: me.email, password: "wrong password", role: "user" },
        headers: { "x-forwarded-for": `10.0.0.${i}` },
      });
      expect(res.statusCode).toBe(403);
    }
    const right = await loose.call("POST", "/v2/api/lambda/login", { body: { email: me.email, password: me.password, role: "user" } });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    expect(right.json()).not.toHaveProperty("token");
  });
});

describe("housekeeping", () => {
  it("drops rate-limit windows and one-time tokens older than a day, and keeps current ones", async () => {
    const me = await t.signUp("user");
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await t.db.insert(rateLimits).values([
      { key: "old-window", windowStart: old, count: 3 },
      { key: "new-window", windowStart: new Date(), count: 1 },
    ]);
    await t.db.insert(authTokens).values([
      { userId: me.user_id, kind: "magic", tokenHash: `old-${Date.now()}`, expiresAt: old },
      { userId: me.user_id, kind: "magic", tokenHash: `new-${Date.now()}`, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await pruneAccounts(t.db);
    expect((await t.db.select().from(rateLimits)).map((r) => r.key)).not.toContain("old-window");
    expect((await t.db.select().from(rateLimits)).map((r) => r.key)).toContain("new-window");
    // Sign-up also left a live verify token; this looks at the magic ones it made.
    const tokens = await t.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, me.user_id), eq(authTokens.kind, "magic")));
    expect(tokens.map((r) => r.tokenHash.split("-")[0])).toEqual(["new"]);
  });
});

describe("re-authentication limits", () => {
  it("after 10 wrong current passwords the account's email and password changes answer 429", async () => {
    const me = await t.signUp("user");
    for (let i = 0; i < 10; i++) {
      const res = await t.call("POST", "/v2/api/lambda/update/password", {
        token: me.token,
        body: { password: "new password 123", current_password: `guess ${i}` },
      });
      expect(res.statusCode).toBe(403);
    }
    const before = await rowOf(me.user_id);
    const limited = await t.call("POST", "/v2/api/lambda/update/email", {
      token: me.token,
      body: { email: "x@example.test", current_password: me.password },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(await rowOf(me.user_id)).toEqual(before);
  });

  it("after 5 wrong codes two-factor setup answers 429, even for a right code", async () => {
    const me = await t.signUp("user");
    const { secret } = (await t.call("POST", "/v2/api/lambda/2fa/enable", { token: me.token })).json();
    const right = await generate({ secret });
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expect((await t.call("POST", "/v2/api/lambda/2fa/authorize", { token: me.token, body: { token: wrong } })).statusCode).toBe(403);
    expect((await t.call("POST", "/v2/api/lambda/2fa/authorize", { token: me.token, body: { token: right } })).statusCode).toBe(429);
    expect((await rowOf(me.user_id)).twoFactorEnabled).toBe(false);
  });
});
