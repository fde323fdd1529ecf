import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it, onTestFinished } from "vitest";
import { adminInvitations, users } from "../../db/schema/users.ts";
import { setPasswordHashCost } from "../../lib/passwords.ts";
import { hashToken } from "../../lib/secure-token.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";

const t = await createTestApp();
const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe("register", () => {
  it("creates a user, hashes the password with argon2id at OWASP's cost and answers like login", async () => {
    // The product's cost (the test setup lowers it for every other sign-up of the run).
    setPasswordHashCost("owasp");
    onTestFinished(() => setPasswordHashCost("test-run"));
    const res = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: "Ada@Example.test", password: "a long enough password", first_name: "Ada", last_name: "Lovelace", role: "user" },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ error: false, role: "user", expire_at: 3600, first_name: "Ada", last_name: "Lovelace", photo: null });
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user_id));
    expect(row!.email).toBe("ada@example.test");
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(res.body).not.toContain("password_hash");
    expect(res.body).not.toContain("$argon2");
  });

  it("accepts 64-character and emoji passwords", async () => {
    for (const password of ["x".repeat(64), "🚒🚑🚓 fire and rescue 🚒🚑🚓"]) {
      const email = `pw-${password.length}@example.test`;
      const reg = await t.call("POST", "/v2/api/lambda/register", { body: { email, password, role: "user" } });
      expect(reg.statusCode).toBe(200);
      const login = await t.call("POST", "/v2/api/lambda/login", { body: { email, password, role: "user" } });
      expect(login.statusCode).toBe(200);
    }
  });

  it("refuses a second account with the same email, in any letter case, and writes nothing", async () => {
    await t.signUp("user", { email: "twice@example.test" });
    const before = await countUsers();
    const res = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: "TWICE@example.test", password: "another password", role: "user" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: true, validation: { email: expect.any(String) } });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ["missing fields", {}, ["email", "password", "role"]],
    ["wrong types", { email: 42, password: true, role: "user" }, ["email", "password"]],
    ["a bad email", { email: "not-an-email", password: "long enough pw", role: "user" }, ["email"]],
    ["a short password", { email: "short@example.test", password: "1234567", role: "user" }, ["password"]],
    ["a password over 128 characters", { email: "long@example.test", password: "p".repeat(129), role: "user" }, ["password"]],
    ["an unknown role", { email: "role@example.test", password: "long enough pw", role: "superuser" }, ["role"]],
    [
      "a mass-assigned field",
      { email: "mass@example.test", password: "long enough pw", role: "user", email_verified: true },
      ["email_verified"],
    ],
  ])("answers 400 with field messages for %s, and writes nothing", async (_name, body, fields) => {
    const before = await countUsers();
    const res = await t.call("POST", "/v2/api/lambda/register", { body });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.error).toBe(true);
    expect(json.message).toEqual(expect.any(String));
    for (const f of fields) expect(json.validation[f]).toEqual(expect.any(String));
    expect(await countUsers()).toBe(before);
  });

  it("answers 413 to a body over 1 MiB and writes nothing", async () => {
    const before = await countUsers();
    const res = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: "big@example.test", password: "long enough pw", role: "user", first_name: "x".repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: true, message: "Request body is too large" });
    expect(await countUsers()).toBe(before);
  });

  it("rejects prototype-poisoning keys with 400 before the handler runs", async () => {
    const before = await countUsers();
    for (const payload of [
      '{"email":"p1@example.test","password":"long enough pw","role":"user","__proto__":{"role":"admin"}}',
      '{"email":"p2@example.test","password":"long enough pw","role":"user","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/v2/api/lambda/register",
        headers: { "x-project": (await import("../../test/app.ts")).PROJECT, "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(true);
    }
    expect(await countUsers()).toBe(before);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});

describe("admin accounts", () => {
  it("lets the first admin register, then requires an invitation or an admin", async () => {
    const first = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: "first-admin@example.test", password: "admin password 1", role: "admin" },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ role: "admin", two_factor_setup_required: true });
    const adminToken = first.json().token as string;

    const before = await countUsers();
    const refused = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: "second-admin@example.test", password: "admin password 2", role: "admin" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: true, message: "Admin accounts need an invitation" });
    const userToken = (await t.signUp("user")).token;
    const asUser = await t.call("POST", "/v2/api/lambda/register", {
      token: userToken,
      body: { email: "second-admin@example.test", password: "admin password 2", role: "admin" },
    });
    expect(asUser.statusCode).toBe(403);
    expect(await countUsers()).toBe(before + 1);

    // Staff turn on two-factor sign-in before their token creates anything.
    const early = await t.call("POST", "/v2/api/lambda/register", {
      token: adminToken,
      body: { email: "second-admin@example.test", password: "admin password 2", role: "admin" },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ error: true, code: "TWO_FACTOR_REQUIRED" });
    expect(await countUsers()).toBe(before + 1);
    await t.turnOnTwoFactor(adminToken);

    // An admin's token creates the account without switching the admin's session.
    const created = await t.call("POST", "/v2/api/lambda/register", {
      token: adminToken,
      body: { email: "second-admin@example.test", password: "admin password 2", role: "admin" },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ error: false, message: "User created", user_id: expect.any(Number) });
    expect(created.body).not.toContain("token");
  });

  it("accepts a valid invitation once, for its own email only", async () => {
    const token = "invitation-token-with-plenty-of-entropy-123456";
    await t.db.insert(adminInvitations).values({
      email: "invited@example.test",
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const wrongEmail = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: "intruder@example.test", password: "admin password 3", role: "admin", invitation: token },
    });
    expect(wrongEmail.statusCode).toBe(403);
    const ok = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: "invited@example.test", password: "admin password 3", role: "admin", invitation: token },
    });
    expect(ok.statusCode).toBe(200);
    const again = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: "invited2@example.test", password: "admin password 3", role: "admin", invitation: token },
    });
    expect(again.statusCode).toBe(403);
  });
});

describe("login", () => {
  it("answers the login shape for the right role", async () => {
    const u = await t.signUp("user");
    const res = await t.call("POST", "/v2/api/lambda/login", { body: { email: u.email, password: u.password, role: "user" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: false,
      role: "user",
      staff_role: null,
      token: expect.any(String),
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      expire_at: 3600,
      user_id: u.user_id,
      first_name: "Test",
      last_name: expect.stringMatching(/^Person/),
      photo: null,
    });
  });

  it("gives one answer for a wrong password, an unknown email and the wrong role", async () => {
    const u = await t.signUp("user");
    const answers = await Promise.all(
      [
        { email: u.email, password: "wrong password", role: "user" },
        { email: "nobody@example.test", password: u.password, role: "user" },
        { email: u.email, password: u.password, role: "admin" },
      ].map((body) => t.call("POST", "/v2/api/lambda/login", { body })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: true,
        message: "Invalid Credentials",
        validation: { email: "Invalid Credentials", password: "Invalid Credentials" },
      });
    }
  });

  it("refuses a disabled account", async () => {
    const u = await t.signUp("user");
    await t.db.update(users).set({ status: "disabled" }).where(eq(users.id, u.user_id));
    const res = await t.call("POST", "/v2/api/lambda/login", { body: { email: u.email, password: u.password, role: "user" } });
    expect(res.statusCode).toBe(403);
  });
});

describe("tokens", () => {
  const secret = new TextEncoder().encode(TEST_ENV.JWT_SECRET);
  const forge = (claims: Record<string, unknown>, alg = "HS256") => new SignJWT(claims).setProtectedHeader({ alg }).sign(secret);

  it("checks a session for its role and refuses the other role", async () => {
    const u = await t.signUp("user");
    expect((await t.call("POST", "/v2/api/lambda/check", { token: u.token, body: { role: "user" } })).json()).toEqual({ error: false });
    const other = await t.call("POST", "/v2/api/lambda/check", { token: u.token, body: { role: "admin" } });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: true, message: "Invalid Access" });
  });

  it("answers UNAUTHORIZED without a token and INVALID_TOKEN for one that is not ours", async () => {
    const none = await t.call("GET", "/v2/api/lambda/profile");
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: true, message: "UNAUTHORIZED", code: "UNAUTHORIZED" });
    const garbage = await t.call("GET", "/v2/api/lambda/profile", { token: "not.a.token" });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ error: true, message: "INVALID_TOKEN", code: "INVALID_TOKEN" });
  });

  it("refuses forged, edited, unsigned and wrong-audience tokens", async () => {
    const u = await t.signUp("user");
    const now = Math.floor(Date.now() / 1000);
    const base = {
      sub: String(u.user_id),
      role: "user",
      tv: 1,
      typ: "access",
      iss: "rescue-academy",
      aud: "rescue-academy:api",
      iat: now,
      exp: now + 600,
    };
    const [header, , signature] = u.token.split(".");
    const edited = Buffer.from(JSON.stringify({ ...base, role: "admin" })).toString("base64url");
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from(JSON.stringify(base)).toString("base64url")}.`;
    const wrongKey = await new SignJWT(base)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("another-key-0123456789abcdef0123456789abcdef"));
    // Not ours (bad signature, edited, unsigned, wrong key, audience, issuer, kind, no `exp`): INVALID_TOKEN.
    // Ours but past its lifetime, or revoked (an old token version): TOKEN_EXPIRED, the session-expired answer.
    const tokens: [string, string][] = [
      [`${header}.${edited}.${signature}`, "INVALID_TOKEN"],
      [`${header}.${edited}.${"A".repeat(signature!.length)}`, "INVALID_TOKEN"],
      [unsigned, "INVALID_TOKEN"],
      [wrongKey, "INVALID_TOKEN"],
      [await forge({ ...base, aud: "someone-else" }), "INVALID_TOKEN"],
      [await forge({ ...base, iss: "someone-else" }), "INVALID_TOKEN"],
      [await forge({ ...base, exp: undefined }), "INVALID_TOKEN"],
      [await forge({ ...base, typ: "reset" }), "INVALID_TOKEN"],
      [await forge({ ...base, exp: now - 1 }), "TOKEN_EXPIRED"],
      [await forge({ ...base, tv: 0 }), "TOKEN_EXPIRED"],
    ];
    // The control: the same claims, correctly signed, pass.
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: await forge(base) })).statusCode).toBe(200);
    // A call that checks the account first, and a records read that leaves the account to its own query.
    for (const [token, code] of tokens)
      for (const url of ["/v2/api/lambda/profile", "/v4/api/records/schedule?size=1"]) {
        const res = await t.call("GET", url, { token });
        expect(res.statusCode, `${url} ${token}`).toBe(401);
        expect(res.json(), token).toEqual({ error: true, message: code, code });
      }
  });

  it("expires a token after TOKEN_TTL_SECONDS", async () => {
    // The server's clock, moved on by the test instead of waiting.
    let now = Date.now();
    const short = await createTestApp({ TOKEN_TTL_SECONDS: "3" }, { clock: () => now });
    const u = await short.signUp("user");
    expect(u.expire_at).toBe(3);
    const { iat, exp } = JSON.parse(Buffer.from(u.token.split(".")[1]!, "base64url").toString());
    expect(exp - iat).toBe(3);
    expect(iat).toBe(Math.floor(now / 1000));
    expect((await short.call("GET", "/v2/api/lambda/profile", { token: u.token })).statusCode).toBe(200);
    // The last second of its life: still good (and now kept as verified).
    now = exp * 1000 - 1;
    expect((await short.call("GET", "/v2/api/lambda/profile", { token: u.token })).statusCode).toBe(200);
    expect((await short.call("GET", "/v4/api/records/schedule?size=1", { token: u.token })).statusCode).toBe(200);
    // Past `exp`: refused, although the verdict above was kept, by the calls that read it at once too.
    now = exp * 1000 + 1;
    for (const url of ["/v4/api/records/schedule?size=1", "/v2/api/lambda/profile", "/v4/api/records/schedule/1"]) {
      const res = await short.call("GET", url, { token: u.token });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ error: true, message: "TOKEN_EXPIRED", code: "TOKEN_EXPIRED" });
    }
  });

  it("revokes every token of the account on logout", async () => {
    const u = await t.signUp("user");
    const second = (await t.call("POST", "/v2/api/lambda/login", { body: { email: u.email, password: u.password, role: "user" } })).json()
      .token;
    const out = await t.call("POST", "/v2/api/lambda/logout", { token: u.token });
    expect(out.json()).toEqual({ error: false, message: "Logged out" });
    for (const token of [u.token, second]) {
      const res = await t.call("GET", "/v2/api/lambda/profile", { token });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("TOKEN_EXPIRED");
    }
    const again = await t.call("POST", "/v2/api/lambda/login", { body: { email: u.email, password: u.password, role: "user" } });
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: again.json().token })).statusCode).toBe(200);
  });

  it("revokes tokens when the role changes or the account is disabled", async () => {
    const u = await t.signUp("user");
    await t.db.update(users).set({ role: "admin", staffRole: "administrator" }).where(eq(users.id, u.user_id));
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: u.token })).statusCode).toBe(401);
    const v = await t.signUp("user");
    await t.db.update(users).set({ status: "disabled" }).where(eq(users.id, v.user_id));
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: v.token })).statusCode).toBe(401);
  });
});

describe("profile", () => {
  it("answers the profile without secrets, and updates name and time zone", async () => {
    const u = await t.signUp("user");
    const res = await t.call("GET", "/v2/api/lambda/profile", { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().model).toMatchObject({ id: u.user_id, email: u.email, role: "user", time_zone: "UTC", two_factor_enabled: false });
    for (const secret of ["password", "token_version", "two_factor_secret", "argon2"]) expect(res.body).not.toContain(secret);

    const upd = await t.call("POST", "/v2/api/lambda/profile", {
      token: u.token,
      body: { payload: { first_name: "Grace", time_zone: "Europe/Berlin" } },
    });
    expect(upd.json()).toEqual({ error: false, message: "Updated" });
    const after = (await t.call("GET", "/v2/api/lambda/profile", { token: u.token })).json().model;
    expect(after).toMatchObject({ first_name: "Grace", time_zone: "Europe/Berlin" });
  });

  it("starts a new account in the time zone its browser sent, and refuses an unknown one", async () => {
    const email = `zone-${Date.now()}@example.test`;
    const made = await t.call("POST", "/v2/api/lambda/register", {
      body: { email, password: "a long passphrase", role: "user", time_zone: "Europe/Berlin" },
    });
    expect(made.statusCode, made.body).toBe(200);
    const profile = (await t.call("GET", "/v2/api/lambda/profile", { token: made.json().token })).json().model;
    expect(profile.time_zone).toBe("Europe/Berlin");

    const mars = `mars-${Date.now()}@example.test`;
    const unknown = await t.call("POST", "/v2/api/lambda/register", {
      body: { email: mars, password: "a long passphrase", role: "user", time_zone: "Mars/Olympus" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ validation: { time_zone: "Unknown time zone" } });
    expect(await t.db.select().from(users).where(eq(users.email, mars))).toEqual([]);
  });

  it("refuses role, email, password and unknown time zones, and changes nothing", async () => {
    const u = await t.signUp("user");
    const [before] = await t.db.select().from(users).where(eq(users.id, u.user_id));
    for (const payload of [
      { role: "admin" },
      { email: "x@example.test" },
      { password_hash: "x" },
      { token_version: 9 },
      { time_zone: "Mars/Olympus" },
      { first_name: "" },
    ]) {
      const res = await t.call("POST", "/v2/api/lambda/profile", { token: u.token, body: { payload } });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(true);
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, u.user_id));
    expect(after).toEqual(before);
  });
});
