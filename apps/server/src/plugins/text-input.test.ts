import { describe, expect, it } from "vitest";
import { createTestApp, PROJECT } from "../test/app.ts";

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";

describe("text PostgreSQL cannot store answers 400 on every route, never 500", async () => {
  const { app, call, signUp } = await createTestApp();
  const admin = await signUp("admin");
  const user = await signUp("user");

  /** A JSON body sent as raw text, so a lone surrogate reaches the server as the escape `\ud800`. */
  const rawPost = (url: string, json: string, token?: string) =>
    app.inject({
      method: "POST",
      url,
      payload: json,
      headers: {
        "content-type": "application/json",
        "x-project": PROJECT,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  for (const [name, bad] of [
    ["a NUL character", NUL],
    ["a lone surrogate", LONE_SURROGATE],
  ] as const) {
    const escaped = JSON.stringify(bad).replace("\ud800", "\\ud800");

    it(`register with ${name} in a name`, async () => {
      const email = `text-${Date.now()}-${Math.random()}@example.test`;
      const res = await rawPost(
        "/v2/api/lambda/register",
        `{"email":"${email}","password":"correct horse battery","role":"user","first_name":${escaped}}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, validation: { first_name: expect.any(String) } });
      const login = await call("POST", "/v2/api/lambda/login", { body: { email, password: "correct horse battery", role: "user" } });
      expect(login.statusCode).toBe(403);
    });

    it(`profile with ${name}`, async () => {
      const res = await rawPost("/v2/api/lambda/profile", `{"payload":{"first_name":${escaped}}}`, user.token);
      expect(res.statusCode).toBe(400);
      const profile = await call("GET", "/v2/api/lambda/profile", { token: user.token });
      expect(profile.json().model.first_name).toBe("Test");
    });

    it(`preference with ${name}`, async () => {
      const res = await rawPost("/v2/api/lambda/preference", `{"payload":{"theme":${escaped}}}`, user.token);
      expect(res.statusCode).toBe(400);
      expect((await call("GET", "/v2/api/lambda/preference", { token: user.token })).json().model).not.toHaveProperty("theme");
    });

    it(`admin user search with ${name}`, async () => {
      // A URL cannot carry a lone surrogate: its UTF-8-like bytes decode to U+FFFD, which is valid text.
      const res =
        bad === NUL
          ? await call("GET", "/v2/api/lambda/admin/users", { token: admin.token, query: { q: bad } })
          : await call("GET", "/v2/api/lambda/admin/users?q=%ED%A0%80", { token: admin.token });
      if (bad === NUL) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(true);
      } else expect(res.statusCode).toBe(200);
    });

    it(`records filter with ${name}`, async () => {
      const res = await call("GET", "/v4/api/records/cms", { token: admin.token, query: { filter: `content_key,cs,${bad}` } });
      expect(res.statusCode).toBe(400);
    });
  }

  it("a NUL in the path answers 400 or 404, not 500", async () => {
    const res = await call("GET", "/v4/api/records/cms/1%00", { token: admin.token });
    expect(res.statusCode).toBeLessThan(500);
  });

  it("ordinary text, accents and emoji pass", async () => {
    const res = await call("POST", "/v2/api/lambda/profile", { token: user.token, body: { payload: { first_name: "Zoë 🚒" } } });
    expect(res.statusCode).toBe(200);
  });
});
