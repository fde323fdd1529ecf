import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  api,
  customPath,
  getProjectId,
  onSessionExpired,
  onTwoFactorSetupRequired,
  parseProjectHeader,
  resetProjectConfigForTests,
  toFormError,
} from "./api-client";

function reply(status: number, body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
}

describe("api client", () => {
  beforeEach(() => {
    resetProjectConfigForTests();
    vi.stubGlobal("localStorage", { getItem: (k: string) => (k === "token" ? "tok" : null) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the project header and the bearer token", async () => {
    const fetchStub = reply(200, { error: false, ok: 1 });
    vi.stubGlobal("fetch", fetchStub);
    await expect(api.get("/v2/api/lambda/profile", { query: { a: 1, b: [2, 3], c: undefined } })).resolves.toEqual({
      error: false,
      ok: 1,
    });
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe("/v2/api/lambda/profile?a=1&b=2&b=3");
    const headers = init?.headers as Record<string, string>;
    expect(headers["x-project"]).toBe(btoa("rescue-academy:local-project-secret"));
    expect(headers.Authorization).toBe("Bearer tok");
  });

  it("omits the bearer when asked", async () => {
    const fetchStub = reply(200, { error: false });
    vi.stubGlobal("fetch", fetchStub);
    await api.post("/v2/api/lambda/login", { email: "a@b.c" }, { auth: false });
    const headers = fetchStub.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers["Content-Type"]).toBe("application/json");
  });

  it("throws on 401 and raises the session-expired signal on TOKEN_EXPIRED", async () => {
    vi.stubGlobal("fetch", reply(401, { error: true, message: "TOKEN_EXPIRED", code: "TOKEN_EXPIRED" }));
    const listener = vi.fn();
    const off = onSessionExpired(listener);
    await expect(api.get("/v2/api/lambda/profile")).rejects.toMatchObject({
      status: 401,
      code: "TOKEN_EXPIRED",
      message: "Your session has expired. Sign in again to continue.",
    });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });

  it("ends the session on INVALID_TOKEN too (a stored token the server does not recognise)", async () => {
    vi.stubGlobal("fetch", reply(401, { error: true, message: "INVALID_TOKEN", code: "INVALID_TOKEN" }));
    const listener = vi.fn();
    const off = onSessionExpired(listener);
    await expect(api.get("/v2/api/lambda/profile")).rejects.toMatchObject({
      status: 401,
      code: "INVALID_TOKEN",
      message: "Your session has expired. Sign in again to continue.",
    });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });

  it("never hands a machine code to a screen as its message", async () => {
    vi.stubGlobal("fetch", reply(401, { error: true, message: "UNAUTHORIZED", code: "UNAUTHORIZED" }));
    const failure = await api.get("/x").catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect((failure as Error).message).not.toMatch(/UNAUTHORIZED/);
    vi.stubGlobal("fetch", reply(400, { error: true, message: "Choose at least one theme" }));
    expect(await api.get("/x")).toMatchObject({ message: "Choose at least one theme" });
  });

  it("stays quiet about expiry when asked, and for other 401s", async () => {
    const listener = vi.fn();
    const off = onSessionExpired(listener);
    vi.stubGlobal("fetch", reply(401, { error: true, message: "TOKEN_EXPIRED" }));
    await expect(api.post("/v2/api/lambda/check", {}, { silentExpiry: true })).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal("fetch", reply(401, { error: true, message: "UNAUTHORIZED", code: "UNAUTHORIZED" }));
    await expect(api.get("/x")).rejects.toBeInstanceOf(ApiError);
    expect(listener).not.toHaveBeenCalled();
    off();
  });

  it("raises the staff setup signal on TWO_FACTOR_REQUIRED, and not the expiry one", async () => {
    const setup = vi.fn();
    const expired = vi.fn();
    const offSetup = onTwoFactorSetupRequired(setup);
    const offExpired = onSessionExpired(expired);
    const refusal = { error: true, message: "Staff accounts need two-factor sign-in. Set it up to continue.", code: "TWO_FACTOR_REQUIRED" };
    vi.stubGlobal("fetch", reply(403, refusal));
    await expect(api.get("/v2/api/lambda/admin/users")).rejects.toMatchObject({ status: 403, code: "TWO_FACTOR_REQUIRED" });
    await expect(api.get("/v2/api/lambda/admin/users", { throwOn: [] })).resolves.toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
    vi.stubGlobal("fetch", reply(403, { error: true, message: "Invalid Access" }));
    await expect(api.get("/v2/api/lambda/admin/users")).rejects.toBeInstanceOf(ApiError);
    expect(setup).toHaveBeenCalledTimes(2);
    expect(expired).not.toHaveBeenCalled();
    offSetup();
    offExpired();
  });

  it("throws 403 with validation for forms", async () => {
    vi.stubGlobal("fetch", reply(403, { error: true, message: "Invalid Credentials", validation: { email: "Invalid email" } }));
    const failure = await api.post("/v2/api/lambda/login", {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(toFormError(failure)).toEqual({ message: "Invalid Credentials", fields: { email: "Invalid email" } });
  });

  it("returns other errors as values unless the call lists them", async () => {
    vi.stubGlobal("fetch", reply(422, { error: true, message: "Bad", validation: { password: "Too short" } }));
    const answer = await api.post("/v2/api/lambda/register", {});
    expect(answer).toEqual({ error: true, status: 422, message: "Bad", validation: { password: "Too short" } });
    expect(toFormError(answer).fields).toEqual({ password: "Too short" });

    vi.stubGlobal("fetch", reply(500, { error: true, message: "Boom" }));
    await expect(api.get("/v2/api/lambda/stripe/products", { throwOn: [401, 403, 500] })).rejects.toMatchObject({
      status: 500,
    });
  });

  it("turns a network failure into an ApiError with status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(api.get("/x")).rejects.toMatchObject({ status: 0 });
  });

  it("decodes the project id", () => {
    expect(parseProjectHeader(btoa("acme:s3cr:et"))).toEqual({ header: btoa("acme:s3cr:et"), id: "acme" });
    expect(parseProjectHeader("")).toBeUndefined();
    expect(parseProjectHeader("%%%")).toBeUndefined();
    expect(getProjectId()).toBe("rescue-academy");
    expect(customPath("/quiz/list")).toBe("/v3/api/custom/rescue-academy/quiz/list");
  });
});
