import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/accounts.ts";
import { createTestApp, testClock } from "../../test/app.ts";
import { describeDevice } from "./sessions.ts";

// Sessions that outlast an exam (decision 28): the app's clock is moved instead of waited on.
const clock = testClock();
const t = await createTestApp({ TOKEN_TTL_SECONDS: "3600" }, { clock: clock.now });
const MINUTE = 60_000;
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

type Session = { token: string; refresh_token: string };
const login = async (email: string, password: string, userAgent = FIREFOX): Promise<Session> => {
  const res = await t.call("POST", "/v2/api/lambda/login", {
    body: { email, password, role: "user" },
    headers: { "user-agent": userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const renew = (refresh_token: string) => t.call("POST", "/v2/api/lambda/token/refresh", { body: { refresh_token } });
const profile = (token: string) => t.call("GET", "/v2/api/lambda/profile", { token });
const expired = { error: true, message: "TOKEN_EXPIRED", code: "TOKEN_EXPIRED" };

async function freshUser() {
  clock.resume();
  const u = await t.signUp("user");
  clock.stopAt(Date.now());
  return { ...u, session: await login(u.email, u.password) };
}

describe("renewal while the person is active", () => {
  it("keeps a candidate answering through a two-hour exam signed in, each renewal rotating the refresh token", async () => {
    const u = await freshUser();
    expect(u.session.refresh_token).toMatch(/^[\w-]{43}$/);
    let session = u.session;
    // Every 20 minutes for two and a half hours, the web app renews; every call in between works.
    for (let minute = 20; minute <= 150; minute += 20) {
      clock.advance(20 * MINUTE);
      const res = await renew(session.refresh_token);
      expect(res.statusCode, `${minute} min: ${res.body}`).toBe(200);
      const next = res.json();
      expect(next).toMatchObject({ error: false, expire_at: 3600 });
      expect(next.refresh_token).not.toBe(session.refresh_token);
      session = next;
      expect((await profile(session.token)).statusCode, `${minute} min`).toBe(200);
    }
    // The first access token, two and a half hours old, is long over.
    expect((await profile(u.session.token)).json()).toEqual(expired);
  });

  it("ends an idle session: past the token's life plus the grace, renewal is refused and the token expired", async () => {
    const u = await freshUser();
    clock.advance(60 * MINUTE + 1000);
    expect((await profile(u.session.token)).json()).toEqual(expired);
    // Within the grace (a save in flight as the token ended): still renewed.
    const late = await renew(u.session.refresh_token);
    expect(late.statusCode).toBe(200);
    // Then idle past the limit: refused.
    clock.advance(60 * MINUTE + 5 * MINUTE + 1000);
    const res = await renew(late.json().refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });

  it("ends a session after 12 hours however active", async () => {
    let session = (await freshUser()).session;
    for (let hour = 1; hour <= 11; hour++) {
      clock.advance(50 * MINUTE);
      const res = await renew(session.refresh_token);
      expect(res.statusCode).toBe(200);
      session = res.json();
    }
    clock.advance(70 * MINUTE);
    expect((await renew(session.refresh_token)).statusCode).toBe(401);
  });
});

describe("theft detection and revocation", () => {
  it("signs the session out when a replaced refresh token comes back, but forgives a retry within 10 seconds", async () => {
    const u = await freshUser();
    const first = u.session.refresh_token;
    const second = (await renew(first)).json();
    // A retry at once (two tabs, an answer lost on the way): 409, nothing revoked.
    const retry = await renew(first);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe("SESSION_RENEWED");
    expect((await profile(second.token)).statusCode).toBe(200);
    // The old token presented later: a copy in other hands. The session ends for both holders.
    clock.advance(30_000);
    const reuse = await renew(first);
    expect(reuse.json()).toEqual(expired);
    expect((await profile(second.token)).json()).toEqual(expired);
    expect((await renew(second.refresh_token)).json()).toEqual(expired);
    // Other sessions of the account are untouched.
    const other = await login(u.email, u.password);
    expect((await profile(other.token)).statusCode).toBe(200);
  });

  it("refuses a refresh token that was never issued, and the access token as a refresh token", async () => {
    const u = await freshUser();
    expect((await renew("A".repeat(43))).json()).toEqual(expired);
    expect((await renew(u.session.token.slice(0, 200))).statusCode).toBe(401);
    expect((await renew("")).statusCode).toBe(400);
  });

  it("refuses renewal after logout, a password change elsewhere, a password reset, a role change and disabling", async () => {
    const loggedOut = await freshUser();
    await t.call("POST", "/v2/api/lambda/logout", { token: loggedOut.session.token });
    expect((await renew(loggedOut.session.refresh_token)).json()).toEqual(expired);

    // Changing one's password: this device continues in a new session, the other one ends.
    const changed = await freshUser();
    const phone = await login(changed.email, changed.password, IPHONE);
    const change = await t.call("POST", "/v2/api/lambda/update/password", {
      token: changed.session.token,
      body: { password: "a different password", current_password: changed.password },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await renew(phone.refresh_token)).json()).toEqual(expired);
    expect((await renew(changed.session.refresh_token)).json()).toEqual(expired);
    const continued = await renew(change.json().refresh_token);
    expect(continued.statusCode).toBe(200);
    expect((await profile(continued.json().token)).statusCode).toBe(200);

    const reset = await freshUser();
    expect((await t.call("POST", "/v2/api/lambda/forgot", { body: { email: reset.email, role: "user" } })).statusCode).toBe(200);
    const [mail] = await t.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, reset.email)))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    const token = decodeURIComponent(/reset\?token=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);
    const code = /code: (\d{6})/i.exec(mail!.text)![1];
    expect((await t.call("POST", "/v2/api/lambda/reset", { body: { token, code, password: "a brand new password" } })).statusCode).toBe(
      200,
    );
    expect((await renew(reset.session.refresh_token)).json()).toEqual(expired);

    clock.resume();
    const admin = await t.signUp("admin");
    const demoted = await freshUser();
    clock.resume();
    const role = await t.call("PUT", `/v2/api/lambda/admin/users/${demoted.user_id}`, {
      token: admin.token,
      body: { role: "admin", staff_role: "support" },
    });
    expect(role.statusCode, role.body).toBe(200);
    expect((await renew(demoted.session.refresh_token)).json()).toEqual(expired);
    const disabled = await freshUser();
    clock.resume();
    const off = await t.call("PUT", `/v2/api/lambda/admin/users/${disabled.user_id}`, { token: admin.token, body: { status: "disabled" } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await renew(disabled.session.refresh_token)).json()).toEqual(expired);
  });
});

describe("the sessions list", () => {
  it("lists one's sessions with device and last renewal, marks this one, and signs one or all others out at once", async () => {
    const u = await freshUser();
    const phone = await login(u.email, u.password, IPHONE);
    clock.advance(10 * MINUTE);
    const renewed = (await renew(phone.refresh_token)).json();
    const list = await t.call("GET", "/v2/api/lambda/sessions", { token: u.session.token });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().list as { id: number; device: string; is_current: boolean; last_seen_at: string }[];
    // The sign-up's own session, the Firefox sign-in and the iPhone one (renewed last, so first).
    expect(sessions.map((s) => [s.device, s.is_current])).toEqual([
      ["Safari on iPhone", false],
      ["Firefox on Windows", true],
      ["Unknown device", false],
    ]);
    expect(list.body).not.toMatch(/hash|refresh|token_version|user_agent/);

    // Another person cannot sign my session out (404, and it still works).
    clock.resume();
    const other = await t.signUp("user");
    clock.stopAt(Date.now());
    const foreign = await t.call("DELETE", `/v2/api/lambda/sessions/${sessions[0]!.id}`, { token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect((await profile(renewed.token)).statusCode).toBe(200);

    // Sign the phone out: its token stops at once and it cannot renew.
    const out = await t.call("DELETE", `/v2/api/lambda/sessions/${sessions[0]!.id}`, { token: u.session.token });
    expect(out.json()).toEqual({ error: false, message: "Signed out" });
    expect((await profile(renewed.token)).json()).toEqual(expired);
    expect((await renew(renewed.refresh_token)).json()).toEqual(expired);

    // Everywhere else: the sign-up's session ends, this one continues.
    const others = await t.call("POST", "/v2/api/lambda/sessions/sign-out-others", { token: u.session.token });
    expect(others.json()).toEqual({ error: false, message: "Signed out", count: 1 });
    expect((await profile(u.token)).json()).toEqual(expired);
    expect((await profile(u.session.token)).statusCode).toBe(200);
    const after = (await t.call("GET", "/v2/api/lambda/sessions", { token: u.session.token })).json().list;
    expect(after).toHaveLength(1);
  });

  it("names devices from their user agents", () => {
    expect(describeDevice(FIREFOX)).toBe("Firefox on Windows");
    expect(describeDevice(IPHONE)).toBe("Safari on iPhone");
    expect(describeDevice("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")).toBe(
      "Chrome on Linux",
    );
    expect(describeDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/131 Safari/537.36 Edg/131")).toBe(
      "Edge on macOS",
    );
    expect(describeDevice("curl/8.5.0")).toBe("Unknown device");
  });
});
