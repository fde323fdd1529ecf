import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";

// A real OpenID Connect provider on this machine.
const provider = new OAuth2Server();
await provider.issuer.keys.generate("RS256");
await provider.start(0, "127.0.0.1");
afterAll(() => provider.stop());

const t = await createTestApp({
  PUBLIC_URL: "https://academy.example",
  OIDC_MOCK_ISSUER: provider.issuer.url!,
  OIDC_MOCK_CLIENT_ID: "academy",
  OIDC_MOCK_CLIENT_SECRET: "academy-secret",
});

/** The tokens the provider signs from now on carry these claims (the access and the ID token). */
let identity: Record<string, unknown> = {};
provider.service.on("beforeTokenSigning", (token) => {
  Object.assign(token.payload, identity);
});
const nextIdentity = (claims: Record<string, unknown>) => {
  identity = claims;
};

/** Starts sign-in, lets the provider approve, and answers the callback's path and query. */
async function approveAt(role: "user" | "admin") {
  const start = await t.call("GET", "/v2/api/lambda/mock/login", { query: { role } });
  expect(start.statusCode).toBe(200);
  const authorize = await fetch(start.json().url, { redirect: "manual" });
  const back = new URL(authorize.headers.get("location")!);
  expect(back.origin + back.pathname).toBe("https://academy.example/oauth/mock/callback");
  return `${back.pathname}${back.search}`;
}

const followToSignIn = async (callbackPath: string) => {
  const callback = await t.app.inject({ method: "GET", url: callbackPath });
  expect(callback.statusCode).toBe(302);
  const token = new URL(callback.headers.location!, "https://academy.example").searchParams.get("token")!;
  return t.call("POST", "/v2/api/lambda/magic-login", { body: { token } });
};

describe("OpenID Connect sign-in", () => {
  it("creates a candidate from a verified email and signs them in", async () => {
    const email = `oidc-${Date.now()}@example.test`;
    const callbackPath = await approveAt("user");
    nextIdentity({ email, email_verified: true, given_name: "Ola", family_name: "Nordmann" });
    const login = await followToSignIn(callbackPath);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ error: false, role: "user", first_name: "Ola", last_name: "Nordmann" });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: "user", emailVerified: true, lastSignInAt: expect.any(Date) });
  });

  it("signs an existing account in; the callback works once", async () => {
    const me = await t.signUp("user");
    await t.db.update(users).set({ lastSignInAt: null }).where(eq(users.id, me.user_id));
    const callbackPath = await approveAt("user");
    nextIdentity({ email: me.email, email_verified: true });
    const startedAt = Date.now();
    expect((await followToSignIn(callbackPath)).json()).toMatchObject({ user_id: me.user_id });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user_id));
    expect(row!.lastSignInAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    const again = await t.app.inject({ method: "GET", url: callbackPath });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was already used/);
  });

  it("refuses a forged state, an unverified email, and a staff sign-in for an unknown email", async () => {
    const forged = await t.app.inject({ method: "GET", url: "/oauth/mock/callback?code=abc&state=forged" });
    expect(forged.statusCode).toBe(400);

    const count = (await t.db.select().from(users)).length;
    const unverified = await approveAt("user");
    nextIdentity({ email: "unverified@example.test", email_verified: false });
    const res = await t.app.inject({ method: "GET", url: unverified });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Your mock account has no verified email address.");

    const staff = await approveAt("admin");
    nextIdentity({ email: "not-staff@example.test", email_verified: true });
    expect((await t.app.inject({ method: "GET", url: staff })).statusCode).toBe(400);
    expect((await t.db.select().from(users)).length).toBe(count);
  });

  it("lists the configured providers", async () => {
    expect((await t.call("GET", "/v2/api/lambda/oauth/providers")).json()).toEqual({ error: false, list: ["mock"] });
  });

  it("answers 404 with a message for a provider that is not configured", async () => {
    const res = await t.call("GET", "/v2/api/lambda/google/login", { query: { role: "user" } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Sign-in with google is not configured on this server");
  });
});
