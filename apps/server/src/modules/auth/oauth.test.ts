import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { startOidcProvider } from "../../test/oidc-provider.mjs";

/** The person the providers sign in from now on. */
let identity: Record<string, unknown> = {};
const nextIdentity = (claims: Record<string, unknown>) => {
  identity = claims;
};
const client = (name: string) => ({
  clientId: "academy",
  clientSecret: "academy-secret-of-32-characters!",
  redirectUris: [`https://academy.example/oauth/${name}/callback`],
  claims: () => identity,
});

// The certified provider in its default, spec-conformant mode (email only at userinfo), and one
// that never sends email_verified, trusted by configuration.
const provider = await startOidcProvider(client("mock"));
const trusted = await startOidcProvider({ ...client("trusted"), conformIdTokenClaims: false });
afterAll(() => Promise.all([provider.close(), trusted.close()]));

const t = await createTestApp({
  PUBLIC_URL: "https://academy.example",
  OIDC_MOCK_ISSUER: provider.issuer,
  OIDC_MOCK_CLIENT_ID: "academy",
  OIDC_MOCK_CLIENT_SECRET: "academy-secret-of-32-characters!",
  OIDC_TRUSTED_ISSUER: trusted.issuer,
  OIDC_TRUSTED_CLIENT_ID: "academy",
  OIDC_TRUSTED_CLIENT_SECRET: "academy-secret-of-32-characters!",
  OIDC_TRUSTED_TRUST_EMAIL: "true",
});

/** Starts sign-in, lets the provider approve (following its redirects with its cookies), and answers the callback's path and query. */
async function approveAt(role: "user" | "admin", name = "mock") {
  const start = await t.call("GET", `/v2/api/lambda/${name}/login`, { query: { role } });
  expect(start.statusCode).toBe(200);
  const cookies = new Map<string, string>();
  let url = new URL(start.json().url);
  for (let hop = 0; hop < 5 && url.origin !== "https://academy.example"; hop++) {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const answer = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    for (const set of answer.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    expect(answer.status, await answer.clone().text()).toBeGreaterThanOrEqual(300);
    url = new URL(answer.headers.get("location")!, url);
  }
  expect(url.origin + url.pathname).toBe(`https://academy.example/oauth/${name}/callback`);
  return `${url.pathname}${url.search}`;
}

const followToSignIn = async (callbackPath: string) => {
  const callback = await t.app.inject({ method: "GET", url: callbackPath });
  expect(callback.statusCode).toBe(302);
  const token = new URL(callback.headers.location!, "https://academy.example").searchParams.get("token")!;
  return t.call("POST", "/v2/api/lambda/magic-login", { body: { token } });
};

/** A failed sign-in sends the browser back to the sign-in page, which says why. */
const expectFailure = async (callbackPath: string, loginPath: string, code: string) => {
  const res = await t.app.inject({ method: "GET", url: callbackPath });
  expect(res.statusCode).toBe(302);
  const back = new URL(res.headers.location!, "https://academy.example");
  expect(back.pathname).toBe(loginPath);
  expect(back.searchParams.get("oauth_error")).toBe(code);
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
    await expectFailure(callbackPath, "/user/login", "expired");
  });

  it("refuses a forged state, an unverified email, and a staff sign-in for an unknown email", async () => {
    await expectFailure("/oauth/mock/callback?code=abc&state=forged", "/user/login", "expired");
    await expectFailure("/oauth/mock/callback?error=access_denied", "/user/login", "failed");

    const count = (await t.db.select().from(users)).length;
    const unverified = await approveAt("user");
    nextIdentity({ email: "unverified@example.test", email_verified: false });
    await expectFailure(unverified, "/user/login", "unverified_email");

    const staff = await approveAt("admin");
    nextIdentity({ email: "not-staff@example.test", email_verified: true });
    await expectFailure(staff, "/admin/login", "no_staff_account");
    expect((await t.db.select().from(users)).length).toBe(count);
  });

  it("trusts the email of a provider configured so, when it never says whether it is verified", async () => {
    const email = `trusted-${Date.now()}@example.test`;
    const callbackPath = await approveAt("user", "trusted");
    nextIdentity({ email, given_name: "Tove" });
    expect((await followToSignIn(callbackPath)).json()).toMatchObject({ error: false, role: "user", first_name: "Tove" });

    // An explicit "not verified" is refused even there; a provider not trusted so needs the claim.
    const refused = await approveAt("user", "trusted");
    nextIdentity({ email: `trusted-unverified-${Date.now()}@example.test`, email_verified: false });
    await expectFailure(refused, "/user/login", "unverified_email");
    const untrusted = await approveAt("user");
    nextIdentity({ email: `untrusted-${Date.now()}@example.test` });
    await expectFailure(untrusted, "/user/login", "unverified_email");
  });

  it("lists the configured providers", async () => {
    expect((await t.call("GET", "/v2/api/lambda/oauth/providers")).json()).toEqual({ error: false, list: ["mock", "trusted"] });
  });

  it("answers 404 with a message for a provider that is not configured", async () => {
    const res = await t.call("GET", "/v2/api/lambda/google/login", { query: { role: "user" } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Sign-in with google is not configured on this server");
  });
});
