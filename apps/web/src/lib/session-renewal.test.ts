import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, onSessionExpired, resetProjectConfigForTests } from "./api-client";
import { noteActivity, onTokenRenewed, resetSessionRenewalForTests, shouldRenew, tokenTimes } from "./session-renewal";

/** A JWT-shaped token (unsigned: the client only reads its times). */
const jwt = (iat: number, exp: number, tag = "a") => `h.${btoa(JSON.stringify({ iat, exp, tag })).replace(/=+$/, "")}.s`;

function memoryStorage(initial: Record<string, string>) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const expired = { error: true, message: "TOKEN_EXPIRED", code: "TOKEN_EXPIRED" };

describe("session renewal", () => {
  const now = Math.floor(Date.now() / 1000);
  let store: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    resetProjectConfigForTests();
    resetSessionRenewalForTests();
    store = memoryStorage({ token: jwt(now - 100, now + 3500), refreshToken: "r1" });
    vi.stubGlobal("localStorage", store);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("reads a token's times, and renews past half its life only when the person was active", () => {
    expect(tokenTimes(jwt(10, 70))).toEqual({ issuedAt: 10_000, expiresAt: 70_000 });
    expect(tokenTimes("not a token")).toBeNull();
    const halfway = (now - 100 + 1800) * 1000;
    // Idle: never renewed, so the session ends with its token.
    expect(shouldRenew(halfway + 1000)).toBe(false);
    noteActivity(Date.now() + 1);
    expect(shouldRenew(halfway - 1000)).toBe(false);
    expect(shouldRenew(halfway + 1000)).toBe(true);
  });

  it("renews and sends again a call that met an expired token while the person was active", async () => {
    noteActivity(Date.now() + 1);
    const renewed = vi.fn();
    const off = onTokenRenewed(renewed);
    const fresh = jwt(now, now + 3600, "fresh");
    const fetchStub = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/v2/api/lambda/token/refresh") {
        expect(JSON.parse(String(init?.body))).toEqual({ refresh_token: "r1" });
        return json(200, { error: false, token: fresh, refresh_token: "r2", expire_at: 3600 });
      }
      const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
      return auth === `Bearer ${fresh}` ? json(200, { error: false, message: "Saved" }) : json(401, expired);
    });
    vi.stubGlobal("fetch", fetchStub);
    const expiry = vi.fn();
    const offExpiry = onSessionExpired(expiry);
    await expect(api.put("/v3/api/custom/rescue-academy/quiz/update/7", { answers: { 1: "b" } })).resolves.toEqual({
      error: false,
      message: "Saved",
    });
    expect(fetchStub.mock.calls.map((c) => c[0])).toEqual([
      "/v3/api/custom/rescue-academy/quiz/update/7",
      "/v2/api/lambda/token/refresh",
      "/v3/api/custom/rescue-academy/quiz/update/7",
    ]);
    expect(store.items.get("token")).toBe(fresh);
    expect(store.items.get("refreshToken")).toBe("r2");
    expect(renewed).toHaveBeenCalledWith(fresh);
    expect(expiry).not.toHaveBeenCalled();
    off();
    offExpiry();
  });

  it("shows the Session Expired modal when the person was idle, without trying to renew", async () => {
    const fetchStub = vi.fn(async () => json(401, expired));
    vi.stubGlobal("fetch", fetchStub);
    const expiry = vi.fn();
    const off = onSessionExpired(expiry);
    await expect(api.get("/v2/api/lambda/profile")).rejects.toMatchObject({ status: 401 });
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(expiry).toHaveBeenCalledTimes(1);
    off();
  });

  it("shows the modal when the renewal is refused (signed out elsewhere, idle past the limit)", async () => {
    noteActivity(Date.now() + 1);
    const fetchStub = vi.fn(async () => json(401, expired));
    vi.stubGlobal("fetch", fetchStub);
    const expiry = vi.fn();
    const off = onSessionExpired(expiry);
    await expect(api.get("/v2/api/lambda/profile")).rejects.toMatchObject({ status: 401 });
    expect(fetchStub.mock.calls.map((c) => (c as unknown[])[0])).toEqual(["/v2/api/lambda/profile", "/v2/api/lambda/token/refresh"]);
    expect(expiry).toHaveBeenCalledTimes(1);
    expect(store.items.get("refreshToken")).toBe("r1");
    off();
  });

  it("sends again, without the modal, a call that met the ended token while the timer renewed it", async () => {
    // Nothing done since the timer's renewal, but the call went out with the token before it.
    const fresh = jwt(now, now + 3600, "fresh");
    const fetchStub = vi.fn(async (_url: string, init?: RequestInit) => {
      const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
      if (auth === `Bearer ${fresh}`) return json(200, { error: false, message: "Saved" });
      store.items.set("token", fresh); // the renewal lands while this call is answered
      return json(401, expired);
    });
    vi.stubGlobal("fetch", fetchStub);
    const expiry = vi.fn();
    const off = onSessionExpired(expiry);
    await expect(api.put("/v3/api/custom/rescue-academy/quiz/update/7", { answers: { 1: "b" } })).resolves.toEqual({
      error: false,
      message: "Saved",
    });
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(expiry).not.toHaveBeenCalled();
    off();
  });

  it("renews once for calls that expire together", async () => {
    noteActivity(Date.now() + 1);
    const fresh = jwt(now, now + 3600, "fresh");
    let renewals = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/v2/api/lambda/token/refresh") {
          renewals += 1;
          return json(200, { error: false, token: fresh, refresh_token: "r2", expire_at: 3600 });
        }
        const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
        return auth === `Bearer ${fresh}` ? json(200, { error: false }) : json(401, expired);
      }),
    );
    await Promise.all([api.get("/a"), api.get("/b"), api.get("/c")]);
    expect(renewals).toBe(1);
  });
});
