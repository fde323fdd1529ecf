import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { cms } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { startMailServer } from "../../test/mail-server.ts";

const smtp = await startMailServer();
const t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://academy.example" });
const flush = () => t.app.mail.flush();
/** The first admin, with two-factor sign-in on: it creates the other staff accounts. */
const boss = await t.signUp("admin");
const PASSWORD = "staff password 1";
const SETUP_REFUSAL = {
  error: true,
  message: "Staff accounts need two-factor sign-in. Set it up to continue.",
  code: "TWO_FACTOR_REQUIRED",
};

let seq = 0;
/** A staff account made by an admin: nobody has signed in to it, and it has no two-factor sign-in. */
async function newAdmin() {
  const email = `staff-${++seq}-${Date.now()}@example.test`;
  const created = await t.call("POST", "/v2/api/lambda/register", {
    token: boss.token,
    body: { email, password: PASSWORD, role: "admin", first_name: "Sam", last_name: "Staff" },
  });
  expect(created.statusCode, created.body).toBe(200);
  return { email, id: created.json().user_id as number };
}
const login = (email: string, role: "user" | "admin" = "admin", password = PASSWORD) =>
  t.call("POST", "/v2/api/lambda/login", { body: { email, password, role } });
/** A code of the step after the one now: later than any code the account used before this call. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const countOf = async (table: typeof users | typeof cms) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const lastSignInOf = async (id: number) =>
  (await t.call("GET", `/v2/api/lambda/admin/users/${id}/overview`, { token: boss.token })).json().model.last_sign_in_at as string | null;

/** Calls an admin can make, each of a different kind: staff calls, the records API (reads and writes), legacy calls, own account calls. */
const staffCalls = (userId: number): [string, string, unknown?][] => [
  ["GET", "/v2/api/lambda/admin/users"],
  ["GET", `/v2/api/lambda/admin/users/${userId}/overview`],
  ["GET", "/v4/api/records/user"],
  ["GET", "/v4/api/records/user?page=1,10"],
  ["GET", `/v4/api/records/user/${userId}`],
  ["POST", "/v4/api/records/cms", { page: "home", key: "sneaky", type: "text", value: "x" }],
  ["PUT", `/v4/api/records/user/${userId}`, { first_name: "Changed" }],
  ["DELETE", `/v4/api/records/user/${userId}`],
  ["POST", "/v1/api/rest/user/GETALL", {}],
  ["GET", `/v3/api/custom/${TEST_ENV.PROJECT_ID}/dashboard`],
  ["GET", "/v2/api/lambda/outbox"],
  ["POST", "/v2/api/lambda/register", { email: "made-early@example.test", password: "long enough pw", role: "admin" }],
  ["POST", "/v2/api/lambda/admin/invite", { email: "invited-early@example.test" }],
  ["POST", "/v2/api/lambda/profile", { payload: { first_name: "Changed" } }],
  ["GET", "/v2/api/lambda/preference"],
  ["POST", "/v2/api/lambda/verify/email/resend"],
  ["POST", "/v2/api/lambda/2fa/disable", { token: "123456" }],
];

describe("two-factor sign-in for staff (ADMIN_2FA_REQUIRED, on by default)", () => {
  it("lets an admin without it sign in, but opens only its setup, the profile, the session check and logout", async () => {
    const a = await newAdmin();
    const res = await login(a.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ error: false, role: "admin", user_id: a.id, two_factor_setup_required: true });
    const { token } = res.json();

    expect((await t.call("POST", "/v2/api/lambda/check", { token, body: { role: "admin" } })).json()).toEqual({
      error: false,
      two_factor_setup_required: true,
    });
    const profile = await t.call("GET", "/v2/api/lambda/profile", { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().model).toMatchObject({ id: a.id, two_factor_enabled: false, two_factor_required: true });

    const before = { self: await rowOf(a.id), users: await countOf(users), cms: await countOf(cms) };
    for (const [method, url, body] of staffCalls(a.id)) {
      const refused = await t.call(method as "GET", url, { token, body });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json(), `${method} ${url}`).toEqual(SETUP_REFUSAL);
    }
    expect(await rowOf(a.id)).toEqual(before.self);
    expect(await countOf(users)).toBe(before.users);
    expect(await countOf(cms)).toBe(before.cms);
    await flush();
    expect(smtp.mailsTo("invited-early@example.test")).toEqual([]);
  });

  it("opens the staff area to the same session once it is on; the next sign-in asks for a code", async () => {
    const a = await newAdmin();
    const { token } = (await login(a.email)).json();
    const enable = await t.call("POST", "/v2/api/lambda/2fa/enable", { token });
    expect(enable.statusCode).toBe(200);
    const { secret } = enable.json();
    const wrong = await t.call("POST", "/v2/api/lambda/2fa/authorize", { token, body: { token: "000000" } });
    expect(wrong.statusCode).toBe(403);
    expect((await t.call("GET", "/v2/api/lambda/admin/users", { token })).statusCode).toBe(403);
    expect((await t.call("POST", "/v2/api/lambda/2fa/authorize", { token, body: { token: await generate({ secret }) } })).statusCode).toBe(
      200,
    );

    expect((await t.call("GET", "/v2/api/lambda/admin/users", { token })).statusCode).toBe(200);
    expect((await t.call("GET", `/v4/api/records/user/${a.id}`, { token })).statusCode).toBe(200);
    expect((await t.call("POST", "/v2/api/lambda/check", { token, body: { role: "admin" } })).json()).toEqual({ error: false });
    expect((await t.call("GET", "/v2/api/lambda/profile", { token })).json().model).toMatchObject({
      two_factor_enabled: true,
      two_factor_required: true,
    });

    const pending = (await login(a.email)).json();
    expect(pending).toMatchObject({ error: false, two_factor_required: true, role: "admin" });
    expect(pending).not.toHaveProperty("token");
    const verified = await t.call("POST", "/v2/api/lambda/2fa/verify", {
      body: { access_token: pending.access_token, token: await nextCode(secret) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ error: false, role: "admin", user_id: a.id });
    expect(verified.json()).not.toHaveProperty("two_factor_setup_required");
    expect((await t.call("GET", "/v2/api/lambda/admin/users", { token: verified.json().token })).statusCode).toBe(200);
  });

  it("keeps it on: staff cannot turn it off", async () => {
    const a = await newAdmin();
    const { token } = (await login(a.email)).json();
    const secret = await t.turnOnTwoFactor(token);
    const off = await t.call("POST", "/v2/api/lambda/2fa/disable", { token, body: { token: await nextCode(secret) } });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ error: true, message: "Staff accounts keep two-factor sign-in on" });
    expect(await rowOf(a.id)).toMatchObject({ twoFactorEnabled: true, twoFactorSecret: expect.any(String) });
  });

  it("lets an admin without it log out, which ends the session", async () => {
    const a = await newAdmin();
    const { token } = (await login(a.email)).json();
    expect((await t.call("POST", "/v2/api/lambda/logout", { token })).json()).toEqual({ error: false, message: "Logged out" });
    const after = await t.call("GET", "/v2/api/lambda/profile", { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("TOKEN_EXPIRED");
  });

  it("gives a magic-link sign-in of an admin without it the same setup-only session", async () => {
    const a = await newAdmin();
    await t.call("POST", "/v2/api/lambda/magic-login/generate", { body: { email: a.email, role: "admin" } });
    const mail = await smtp.waitForMail(a.email, flush, /sign-in link/);
    const link = decodeURIComponent(/magic-login\/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    const answer = (await t.call("POST", "/v2/api/lambda/magic-login", { body: { token: link } })).json();
    expect(answer).toMatchObject({ error: false, role: "admin", two_factor_setup_required: true });
    expect((await t.call("GET", "/v2/api/lambda/admin/users", { token: answer.token })).json()).toEqual(SETUP_REFUSAL);
  });

  it("asks nothing of candidates", async () => {
    const me = await t.signUp("user");
    const res = (await login(me.email, "user", me.password)).json();
    expect(res).not.toHaveProperty("two_factor_setup_required");
    expect((await t.call("POST", "/v2/api/lambda/check", { token: res.token, body: { role: "user" } })).json()).toEqual({ error: false });
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: res.token })).json().model.two_factor_required).toBe(false);
    expect((await t.call("GET", `/v4/api/records/user/${me.user_id}`, { token: res.token })).statusCode).toBe(200);
  });
});

describe("the pending login of an account with two-factor sign-in (AUTH-5, TOK-4)", () => {
  it("gets 401 from every records and legacy call, and changes nothing", async () => {
    const a = await newAdmin();
    await t.turnOnTwoFactor((await login(a.email)).json().token);
    const pending = (await login(a.email)).json();
    expect(pending.two_factor_required).toBe(true);
    const before = { self: await rowOf(a.id), cms: await countOf(cms) };
    const calls: [string, string, unknown?][] = [
      ["GET", "/v4/api/records/user"],
      ["GET", "/v4/api/records/user?page=1,10"],
      ["GET", `/v4/api/records/user/${a.id}`],
      ["GET", "/v4/api/records/cms"],
      ["POST", "/v4/api/records/cms", { page: "home", key: "pending", type: "text", value: "x" }],
      ["PUT", `/v4/api/records/user/${a.id}`, { first_name: "Changed" }],
      ["PUT", "/v4/api/records/user", { first_name: "Changed", updateCondition: { id: a.id } }],
      ["DELETE", `/v4/api/records/cms/1`],
      ["POST", "/v1/api/rest/user/GETALL", {}],
      ["POST", "/rest/user/EXPORT", {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method as "GET", url, { token: pending.access_token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      // The pending token is no access token: refused as one that is not ours.
      expect(res.json(), `${method} ${url}`).toEqual({ error: true, message: "INVALID_TOKEN", code: "INVALID_TOKEN" });
    }
    expect(await rowOf(a.id)).toEqual(before.self);
    expect(await countOf(cms)).toBe(before.cms);
  });

  it("is not opened by a password reset: the new password still needs the code", async () => {
    const a = await newAdmin();
    const secret = await t.turnOnTwoFactor((await login(a.email)).json().token);
    await t.call("POST", "/v2/api/lambda/forgot", { body: { email: a.email, role: "admin" } });
    const mail = await smtp.waitForMail(a.email, flush, /password reset code/);
    const reset = decodeURIComponent(/\/admin\/reset\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    const code = /code: (\d{6})/i.exec(mail.text)![1]!;

    // Neither the link's token nor its code stands in for the second factor.
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: reset })).statusCode).toBe(401);
    const asPending = await t.call("POST", "/v2/api/lambda/2fa/verify", { body: { access_token: reset, token: code } });
    expect(asPending.statusCode).toBe(401);
    expect(asPending.json()).not.toHaveProperty("token");

    const done = await t.call("POST", "/v2/api/lambda/reset", { body: { token: reset, code, password: "a brand new password" } });
    expect(done.json()).toEqual({ error: false, message: "Reset Password" });
    expect(await rowOf(a.id)).toMatchObject({ twoFactorEnabled: true });
    const after = (await login(a.email, "admin", "a brand new password")).json();
    expect(after).toMatchObject({ error: false, two_factor_required: true });
    expect(after).not.toHaveProperty("token");
    const verified = await t.call("POST", "/v2/api/lambda/2fa/verify", {
      body: { access_token: after.access_token, token: await nextCode(secret) },
    });
    expect(verified.statusCode).toBe(200);
  });
});

describe("last sign-in", () => {
  it("is empty until the person signs in, then kept by every sign-in path that opens a session", async () => {
    const created = await t.call("POST", "/v2/api/lambda/register", {
      token: boss.token,
      body: { email: `signin-${Date.now()}@example.test`, password: PASSWORD, role: "user" },
    });
    const id = created.json().user_id as number;
    const { email } = await rowOf(id);
    expect(await lastSignInOf(id)).toBeNull();

    // Password.
    let startedAt = Date.now();
    const first = (await login(email, "user")).json();
    const byPassword = await lastSignInOf(id);
    expect(Date.parse(byPassword!)).toBeGreaterThanOrEqual(startedAt - 1000);

    // Magic link.
    await t.call("POST", "/v2/api/lambda/magic-login/generate", { body: { email, role: "user" } });
    const mail = await smtp.waitForMail(email, flush, /sign-in link/);
    const link = decodeURIComponent(/magic-login\/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    await new Promise((r) => setTimeout(r, 5));
    expect((await t.call("POST", "/v2/api/lambda/magic-login", { body: { token: link } })).statusCode).toBe(200);
    const byMagic = await lastSignInOf(id);
    expect(Date.parse(byMagic!)).toBeGreaterThan(Date.parse(byPassword!));

    // With two-factor sign-in: the password alone opens no session and counts for nothing; the code does.
    const secret = await t.turnOnTwoFactor(first.token);
    const pending = (await login(email, "user")).json();
    expect(pending.two_factor_required).toBe(true);
    expect(await lastSignInOf(id)).toBe(byMagic);
    startedAt = Date.now();
    const verified = await t.call("POST", "/v2/api/lambda/2fa/verify", {
      body: { access_token: pending.access_token, token: await nextCode(secret) },
    });
    expect(verified.statusCode).toBe(200);
    const byCode = await lastSignInOf(id);
    expect(Date.parse(byCode!)).toBeGreaterThan(Date.parse(byMagic!));
    expect(Date.parse(byCode!)).toBeGreaterThanOrEqual(startedAt - 1000);
  });

  it("is readable by staff through the records API and writable by no one", async () => {
    const me = await t.signUp("user");
    const asStaff = await t.call("GET", `/v4/api/records/user/${me.user_id}`, { token: boss.token });
    expect(asStaff.json().model.last_sign_in_at).toEqual(expect.any(String));
    const own = await t.call("GET", `/v4/api/records/user/${me.user_id}`, { token: me.token });
    expect(own.json().model).not.toHaveProperty("last_sign_in_at");

    const before = await rowOf(me.user_id);
    const past = "2020-01-01T00:00:00.000Z";
    for (const [token, url, body, status] of [
      [boss.token, `/v4/api/records/user/${me.user_id}`, { last_sign_in_at: past }, 400],
      [boss.token, "/v4/api/records/user", { last_sign_in_at: past, updateCondition: { id: me.user_id } }, 400],
      [me.token, `/v4/api/records/user/${me.user_id}`, { last_sign_in_at: past }, 403],
    ] as const) {
      const res = await t.call("PUT", url, { token, body });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
    }
    const profile = await t.call("POST", "/v2/api/lambda/profile", {
      token: me.token,
      body: { payload: { last_sign_in_at: "2020-01-01T00:00:00.000Z" } },
    });
    expect(profile.statusCode).toBe(400);
    expect(await rowOf(me.user_id)).toEqual(before);
  });
});

describe("with ADMIN_2FA_REQUIRED=false", () => {
  it("lets an admin work with a password alone, and turn two-factor sign-in on and off", async () => {
    const loose = await createTestApp({ ADMIN_2FA_REQUIRED: "false" });
    const a = await loose.signUp("admin", {}, { twoFactor: false });
    expect(a).not.toHaveProperty("two_factor_setup_required");
    expect((await loose.call("GET", "/v2/api/lambda/admin/users", { token: a.token })).statusCode).toBe(200);
    expect((await loose.call("GET", "/v4/api/records/user", { token: a.token })).statusCode).toBe(200);
    expect((await loose.call("GET", "/v2/api/lambda/profile", { token: a.token })).json().model.two_factor_required).toBe(false);
    const secret = await loose.turnOnTwoFactor(a.token);
    const off = await loose.call("POST", "/v2/api/lambda/2fa/disable", { token: a.token, body: { token: await nextCode(secret) } });
    expect(off.statusCode).toBe(200);
  });

  it("checks a staff role's account in the records reads too (the check rides in the read's own query)", async () => {
    const loose = await createTestApp({ ADMIN_2FA_REQUIRED: "false" });
    const a = await loose.signUp("admin", {}, { twoFactor: false });
    const email = `coach-${Date.now()}@example.test`;
    const made = await loose.call("POST", "/v2/api/lambda/register", {
      token: a.token,
      body: { email, password: "coach password 1", role: "admin", staff_role: "coach" },
    });
    expect(made.statusCode).toBe(200);
    const coach = (
      await loose.call("POST", "/v2/api/lambda/login", { body: { email, password: "coach password 1", role: "admin" } })
    ).json().token as string;
    // As a signed-in person on the schedule (their own rows), as staff on published texts, refused on accounts.
    expect((await loose.call("GET", "/v4/api/records/schedule", { token: coach })).statusCode).toBe(200);
    expect((await loose.call("GET", "/v4/api/records/cms", { token: coach })).statusCode).toBe(200);
    expect((await loose.call("GET", "/v4/api/records/user", { token: coach })).statusCode).toBe(403);
    // A changed staff role ends the token on these reads as well.
    const id = made.json().user_id as number;
    expect(
      (await loose.call("PUT", `/v2/api/lambda/admin/users/${id}`, { token: a.token, body: { staff_role: "support" } })).statusCode,
    ).toBe(200);
    expect((await loose.call("GET", "/v4/api/records/schedule", { token: coach })).statusCode).toBe(401);
  });
});
