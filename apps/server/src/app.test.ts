import { describe, expect, it } from "vitest";
import { createTestApp, PROJECT } from "./test/app.ts";

const t = await createTestApp();

describe("project header", () => {
  it("refuses API calls without the header or with a wrong one, with a message", async () => {
    for (const headers of [
      {},
      { "x-project": "" },
      { "x-project": Buffer.from("academy-test:wrong-secret").toString("base64") },
      { "x-project": `${PROJECT}x` },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/v2/api/lambda/login",
        headers,
        payload: { email: "a@b.co", password: "x", role: "user" },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: true, message: "Invalid project" });
    }
    const unknownRoute = await t.app.inject({ method: "GET", url: "/v4/api/records/user" });
    expect(unknownRoute.statusCode).toBe(403);
  });

  it("lets calls with the right header through", async () => {
    const res = await t.call("POST", "/v2/api/lambda/login", { body: { email: "a@b.co", password: "x", role: "user" } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Invalid Credentials");
  });

  it("is not asked of the signed webhook and of a beacon without a token, whatever their query string; only of them", async () => {
    const post = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "POST", url, payload: "{}", headers: { "content-type": "text/plain", ...headers } });
    for (const url of [
      "/v2/api/lambda/stripe/webhook",
      "/v2/api/lambda/stripe/webhook?from=stripe",
      "/v2/api/lambda/analytics/user-sessions",
      "/v2/api/lambda/analytics/user-sessions?beacon=1",
    ])
      expect((await post(url)).json().message, url).not.toBe("Invalid project");
    // Paths that only begin like them, and a beacon that sends a token, need the header.
    for (const [url, headers] of [
      ["/v2/api/lambda/stripe/webhooks", {}],
      ["/v2/api/lambda/stripe/webhook/x", {}],
      ["/v2/api/lambda/analytics/user-sessions-all", {}],
      ["/v2/api/lambda/analytics/user-sessions", { authorization: "Bearer x" }],
    ] as const) {
      const res = await post(url, headers);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 403, "Invalid project"]);
    }
  });

  it("is not needed for health checks and the API docs", async () => {
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ready" });
    expect((await t.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(200);
  });
});

describe("errors", () => {
  it("answers unknown API routes with a JSON 404", async () => {
    const res = await t.call("GET", "/v2/api/lambda/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, message: "No route for GET /v2/api/lambda/nothing-here" });
  });

  it("answers malformed JSON with 400 and a message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/api/lambda/login",
      headers: { "x-project": PROJECT, "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: true, message: "Request body is not valid JSON" });
  });

  it("answers a body nested thousands deep with 400, wherever it is sent", async () => {
    const u = await t.signUp();
    const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    for (const [url, payload] of [
      ["/v2/api/lambda/subscription/channel/send", `{"room":"user:${u.user_id}","payload":${deep}}`],
      ["/v2/api/lambda/login", deep],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { "x-project": PROJECT, "content-type": "application/json", authorization: `Bearer ${u.token}` },
        payload,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: true, message: "The request body is nested more than 64 levels deep" });
    }
    // Ordinary nesting is still read.
    const ok = await t.call("POST", "/v2/api/lambda/subscription/channel/send", {
      token: u.token,
      body: { room: `user:${u.user_id}`, payload: { a: { b: { c: [1, 2, { d: "[[[{{{" }] } } } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("never leaks internals in a 5xx", async () => {
    const leaky = await createTestApp();
    leaky.app.get("/v2/api/lambda/explode", async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:42');
    });
    const res = await leaky.call("GET", "/v2/api/lambda/explode");
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: true, message: "Internal server error" });
  });

  it("sends security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.headers["content-security-policy"]).toContain("object-src 'none'");
    expect(res.headers["content-security-policy"]).toContain("base-uri 'none'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("readiness", () => {
  it("answers 503 while the database is unreachable, keeps /healthz up, and recovers without a restart", async () => {
    const doomed = await createTestApp();
    const u = await doomed.signUp("user");
    const restore = await doomed.database.cutOff();
    expect((await doomed.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const ready = await doomed.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    const api = await doomed.call("GET", "/v2/api/lambda/profile", { token: u.token });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({ error: true, message: "Service temporarily unavailable" });
    expect(api.headers["retry-after"]).toBe("5");
    if (!restore) return; // PGlite, once closed, stays closed: the outage half is what it can show.
    await restore();
    expect((await doomed.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    expect((await doomed.call("GET", "/v2/api/lambda/profile", { token: u.token })).statusCode).toBe(200);
  });
});

describe("OpenAPI", () => {
  it("documents the JSON answer of every call in the contract's shape; only files, feeds and a call that always refuses go without", async () => {
    type Op = { responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> };
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as { paths: Record<string, Record<string, Op>> };
    const notJson = new Set([
      "GET /blog/rss.xml",
      "GET /sitemap.xml",
      "GET /robots.txt",
      "GET /content/images/{file}",
      "GET /v2/api/library/documents/{slug}/file",
      "GET /v2/api/lambda/stripe/invoice/{id}/pdf",
      "GET /v2/api/lambda/stripe/customer/invoice/{id}/pdf",
      "GET /v3/api/custom/{name}/quiz/result/{id}/pdf",
      "POST /rest/{table}/EXPORT",
      "GET /v2/api/lambda/admin/activity/export",
      // Without an id a delete is refused (400): it has no success to describe.
      "DELETE /v4/api/records/{table}",
    ]);
    const untyped: string[] = [];
    let typed = 0;
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const call = `${method.toUpperCase()} ${path}`;
        const success = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith("2"));
        const schemas = success.map(([, r]) => r.content?.["application/json"]?.schema);
        const isTyped = schemas.length > 0 && schemas.every((s) => s && ["type", "anyOf", "oneOf", "allOf", "$ref"].some((k) => k in s));
        if (isTyped) typed += 1;
        else if (!notJson.has(call)) untyped.push(call);
      }
    expect(untyped).toEqual([]);
    expect(typed).toBeGreaterThan(150);
  });

  it("names every operation with its own operationId, and says where the API is served and under what licence", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      info: { license?: { name: string } };
      servers?: { url: string }[];
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => [`${method} ${path}`, op.operationId]),
    );
    expect(ids.filter(([, id]) => typeof id !== "string" || !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
    expect(new Set(ids.map(([, id]) => id)).size).toBe(ids.length);
    expect(Object.fromEntries(ids)["get /v2/api/lambda/stripe/invoice/{id}/pdf"]).toBe("getV2ApiLambdaStripeInvoiceByIdPdf");
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.config.publicUrl })]);
    expect(doc.info.license?.name).toBeTruthy();
  });

  it("documents the auth calls with their schemas", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.openapi).toBe("3.1.0");
    for (const path of ["/v2/api/lambda/login", "/v2/api/lambda/register", "/v2/api/lambda/check", "/v2/api/lambda/profile"])
      expect(doc.paths[path], path).toBeDefined();
    const login = doc.paths["/v2/api/lambda/login"].post;
    expect(Object.keys(login.requestBody.content["application/json"].schema.properties)).toEqual(["email", "password", "role"]);
    expect(login.responses["200"]).toBeDefined();
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
  });
});
