import { describe, expect, it } from "vitest";
import { authReducer, persistAuthAction, readStoredAuth, signedOutState } from "./auth-state";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const login = {
  type: "LOGIN" as const,
  payload: { user: 7, token: "t", role: "user" as const, userDetails: { firstName: "Ana", lastName: "Lee", photo: null } },
};

describe("authReducer", () => {
  it("signs in, flags expiry and signs out", () => {
    const signedIn = authReducer(signedOutState, login);
    expect(signedIn).toMatchObject({ isAuthenticated: true, user: 7, role: "user", token: "t" });
    const expired = authReducer(signedIn, { type: "SESSION_EXPIRED", payload: true });
    expect(expired.sessionExpired).toBe(true);
    expect(authReducer(expired, { type: "SESSION_EXPIRED", payload: false }).sessionExpired).toBe(false);
    const out = authReducer(expired, { type: "LOGOUT", redirectTo: "/user/login" });
    expect(out).toEqual({ ...signedOutState, signOutRedirect: "/user/login" });
    expect(authReducer(out, { type: "SIGN_OUT_REDIRECT_DONE" })).toEqual(signedOutState);
  });

  it("ignores expiry when nobody is signed in", () => {
    expect(authReducer(signedOutState, { type: "SESSION_EXPIRED", payload: true })).toBe(signedOutState);
  });
});

describe("staff two-factor setup", () => {
  const adminLogin = { ...login, payload: { ...login.payload, role: "admin" as const, twoFactorSetupRequired: true } };

  it("comes with the sign-in, is cleared once set up, and is only ever asked of signed-in staff", () => {
    const pending = authReducer(signedOutState, adminLogin);
    expect(pending.twoFactorSetupRequired).toBe(true);
    const done = authReducer(pending, { type: "TWO_FACTOR_SETUP_REQUIRED", payload: false });
    expect(done.twoFactorSetupRequired).toBe(false);
    expect(authReducer(done, { type: "TWO_FACTOR_SETUP_REQUIRED", payload: true }).twoFactorSetupRequired).toBe(true);
    const candidate = authReducer(signedOutState, login);
    expect(authReducer(candidate, { type: "TWO_FACTOR_SETUP_REQUIRED", payload: true })).toBe(candidate);
    expect(authReducer(signedOutState, { type: "TWO_FACTOR_SETUP_REQUIRED", payload: true })).toBe(signedOutState);
    expect(authReducer(pending, { type: "LOGOUT" }).twoFactorSetupRequired).toBe(false);
  });

  it("survives a reload until it is set up, and goes with the session", () => {
    const storage = memoryStorage();
    persistAuthAction(storage, adminLogin);
    expect(readStoredAuth(storage)).toMatchObject({ role: "admin", twoFactorSetupRequired: true });
    persistAuthAction(storage, { type: "TWO_FACTOR_SETUP_REQUIRED", payload: false });
    expect(readStoredAuth(storage).twoFactorSetupRequired).toBe(false);
    persistAuthAction(storage, { type: "TWO_FACTOR_SETUP_REQUIRED", payload: true });
    expect(readStoredAuth(storage).twoFactorSetupRequired).toBe(true);
    persistAuthAction(storage, { type: "LOGOUT" });
    expect(storage.data.size).toBe(0);
  });
});

describe("storage", () => {
  it("persists LOGIN and clears on LOGOUT", () => {
    const storage = memoryStorage();
    persistAuthAction(storage, login);
    expect(Object.fromEntries(storage.data)).toEqual({
      user: "7",
      token: "t",
      role: "user",
      userDetails: JSON.stringify({ firstName: "Ana", lastName: "Lee", photo: null }),
    });
    expect(readStoredAuth(storage)).toMatchObject({ isAuthenticated: true, user: 7, role: "user" });
    persistAuthAction(storage, { type: "LOGOUT" });
    expect(storage.data.size).toBe(0);
    expect(readStoredAuth(storage)).toEqual(signedOutState);
  });

  it("survives corrupt values", () => {
    const storage = memoryStorage();
    storage.setItem("token", "t");
    storage.setItem("role", "root");
    storage.setItem("userDetails", "{not json");
    expect(readStoredAuth(storage)).toEqual(signedOutState);
    storage.setItem("userDetails", "null");
    expect(readStoredAuth(storage)).toMatchObject({ isAuthenticated: true, role: null, userDetails: null });
  });
});

describe("the staff role of a session", () => {
  const staffLogin = { type: "LOGIN" as const, payload: { ...login.payload, role: "admin" as const, staffRole: "coach" as const } };

  it("is kept for staff, across a reload, and gone on sign-out", () => {
    const storage = memoryStorage();
    expect(authReducer(signedOutState, staffLogin).staffRole).toBe("coach");
    persistAuthAction(storage, staffLogin);
    expect(readStoredAuth(storage).staffRole).toBe("coach");
    persistAuthAction(storage, { type: "LOGOUT" });
    expect(storage.data.has("staffRole")).toBe(false);
  });

  it("is none for a candidate, and an unknown stored value counts as none", () => {
    const storage = memoryStorage();
    expect(authReducer(signedOutState, { ...login, payload: { ...login.payload, staffRole: "coach" } }).staffRole).toBeNull();
    persistAuthAction(storage, staffLogin);
    storage.setItem("staffRole", "owner");
    expect(readStoredAuth(storage).staffRole).toBeNull();
  });
});
