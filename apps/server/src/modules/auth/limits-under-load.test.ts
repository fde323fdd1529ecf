import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";
import { paymentsHelpers } from "../payments/test-helpers.ts";

const wrongCode = (secret: string) => generate({ secret }).then((right) => String((Number(right) + 500_000) % 1_000_000).padStart(6, "0"));

describe("sign-in limits hold under concurrency", () => {
  it("100 simultaneous wrong passwords for one account check at most 10 of them", async () => {
    // A per-address limit high enough that only the per-account failure limit (10 per 15 minutes) applies.
    const { call, signUp } = await createTestApp({ LOGIN_RATE_LIMIT: "1000" });
    const user = await signUp("user");
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call("POST", "/v2/api/lambda/login", { body: { email: user.email, password: "wrong password", role: "user" } }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // 403 "Invalid Credentials" is only answered after the password was hashed and compared.
    expect(statuses.filter((s) => s === 403).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(90);
    expect(statuses.every((s) => s === 403 || s === 429)).toBe(true);
    // The right password is refused too until the window ends.
    const right = await call("POST", "/v2/api/lambda/login", { body: { email: user.email, password: user.password, role: "user" } });
    expect(right.statusCode).toBe(429);
  }, 60_000);

  it("a right password gives its slot back", async () => {
    const { call, signUp } = await createTestApp({ LOGIN_RATE_LIMIT: "1000" });
    const user = await signUp("user");
    for (let i = 0; i < 15; i++) {
      const ok = await call("POST", "/v2/api/lambda/login", { body: { email: user.email, password: user.password, role: "user" } });
      expect(ok.statusCode).toBe(200);
    }
  }, 60_000);

  it("wrong two-factor codes are limited per account across sign-ins", async () => {
    const { call, signUp, turnOnTwoFactor } = await createTestApp({ LOGIN_RATE_LIMIT: "1000" });
    const user = await signUp("user");
    const secret = await turnOnTwoFactor(user.token);
    const pendingLogin = async () => {
      const res = await call("POST", "/v2/api/lambda/login", { body: { email: user.email, password: user.password, role: "user" } });
      expect(res.statusCode).toBe(200);
      return (res.json() as { access_token: string }).access_token;
    };
    // Two sign-ins, four wrong codes each (under the five a pending sign-in allows): eight.
    for (let round = 0; round < 2; round++) {
      const pending = await pendingLogin();
      for (let i = 0; i < 4; i++) {
        const res = await call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: pending, token: await wrongCode(secret) } });
        expect(res.statusCode).toBe(403);
      }
    }
    // A third sign-in: 20 simultaneous wrong codes; only two more are checked before the account's ten are spent.
    const pending = await pendingLogin();
    const code = await wrongCode(secret);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: pending, token: code } })),
    );
    expect(answers.filter((a) => a.statusCode === 403).length).toBeLessThanOrEqual(2);
    // A fresh sign-in gets no new chances: even the right code waits for the window to end.
    const fresh = await pendingLogin();
    const right = await call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: fresh, token: await generate({ secret }) } });
    expect(right.statusCode).toBe(429);
    expect(right.headers["retry-after"]).toBeDefined();
  }, 60_000);

  it("sign-ups are limited per address", async () => {
    const { call } = await createTestApp({ REGISTER_RATE_LIMIT: "3", TRUST_PROXY: "127.0.0.1" });
    const register = (n: number, ip: string) =>
      call("POST", "/v2/api/lambda/register", {
        body: { email: `limit${n}-${Date.now()}@example.test`, password: "correct horse battery", role: "user" },
        headers: { "x-forwarded-for": ip },
      });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => register(n, "203.0.113.7")));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(answers.find((a) => a.statusCode === 429)?.headers["retry-after"]).toBeDefined();
    // Another address is not held back.
    expect((await register(7, "198.51.100.9")).statusCode).toBe(200);
  }, 60_000);

  it("signing up while subscribing counts against the same per-address limit", async () => {
    const t = await createTestApp({ REGISTER_RATE_LIMIT: "2", TRUST_PROXY: "127.0.0.1" });
    const { P, priceId } = paymentsHelpers(t);
    const plan = await priceId("Premium monthly");
    const email = (n: number) => `subscribe-limit${n}-${Date.now()}@example.test`;
    const subscribe = (n: number, ip: string) =>
      t.call("POST", `${P}/customer/register-subscribe`, {
        body: { email: email(n), password: "correct horse battery", price_id: plan },
        headers: { "x-forwarded-for": ip },
      });
    const plain = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: email(0), password: "correct horse battery", role: "user" },
      headers: { "x-forwarded-for": "203.0.113.8" },
    });
    expect(plain.statusCode).toBe(200);
    expect((await subscribe(1, "203.0.113.8")).statusCode).toBe(200);
    const refused = await subscribe(2, "203.0.113.8");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // Nothing was made for the refused sign-up: it cannot sign in.
    const signIn = await t.call("POST", "/v2/api/lambda/login", {
      body: { email: email(2), password: "correct horse battery", role: "user" },
      headers: { "x-forwarded-for": "198.51.100.10" },
    });
    expect(signIn.statusCode).toBe(403);
    // Another address is not held back.
    expect((await subscribe(3, "198.51.100.9")).statusCode).toBe(200);
  }, 60_000);
});
