import { SESSION_RENEWED, TOKEN_REFRESH_PATH } from "@academy/contract/constants";

/**
 * Keeps a session alive while the person is active (decision 28). The server's access token lives
 * TOKEN_TTL_SECONDS; a refresh token renews it (and is replaced at every renewal). This module
 * renews at half the token's life when the person touched the page since the last renewal, and
 * on demand when a call met an expired token while they were active. An idle person is not
 * renewed: their token ends and the Session Expired modal follows, as the spec says.
 */

const REFRESH_KEY = "refreshToken";
/** How often the timer looks at the token (browsers slow timers in background tabs to about once a minute). */
const CHECK_EVERY_MS = 30_000;

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;
type Renewed = (token: string) => void;

let lastActivityAt = 0;
let lastRenewalAt = Date.now();
let inFlight: Promise<boolean> | null = null;
const renewedListeners = new Set<Renewed>();

const storage = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

/** The auth store listens: the new token replaces the one in its state. */
export function onTokenRenewed(listener: Renewed): () => void {
  renewedListeners.add(listener);
  return () => {
    renewedListeners.delete(listener);
  };
}

/** A key, pointer, touch or wheel: the person is here. */
export function noteActivity(now = Date.now()): void {
  lastActivityAt = now;
}

/** Whether the person did anything since the session was last renewed (or this page loaded). */
export const isActiveSinceRenewal = () => lastActivityAt > lastRenewalAt;

/** `iat` and `exp` of a JWT in milliseconds, or null for anything else. */
export function tokenTimes(token: string | null): { issuedAt: number; expiresAt: number } | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { iat?: unknown; exp?: unknown };
    if (typeof claims.iat !== "number" || typeof claims.exp !== "number") return null;
    return { issuedAt: claims.iat * 1000, expiresAt: claims.exp * 1000 };
  } catch {
    return null;
  }
}

/** Past half its life, with the person active since the last renewal: time to renew. */
export function shouldRenew(now = Date.now()): boolean {
  const store = storage();
  if (!store?.getItem(REFRESH_KEY) || !isActiveSinceRenewal()) return false;
  const times = tokenTimes(store.getItem("token"));
  return !!times && now >= times.issuedAt + (times.expiresAt - times.issuedAt) / 2;
}

/**
 * Renews the session once (calls made meanwhile share it). True when a new token is stored, by
 * this call or by another tab. Other tabs of the same browser renew under one lock, so the
 * server never sees one refresh token twice from us.
 */
export function renewSession(projectHeader: string): Promise<boolean> {
  inFlight ??= withLock(() => renewOnce(projectHeader)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? (locks.request("academy-session-renewal", work) as Promise<T>) : work();
}

async function renewOnce(projectHeader: string): Promise<boolean> {
  const store = storage();
  const refreshToken = store?.getItem(REFRESH_KEY);
  if (!store || !refreshToken) return false;
  const tokenBefore = store.getItem("token");
  let response: Response;
  try {
    response = await fetch(TOKEN_REFRESH_PATH, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", "x-project": projectHeader },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
  } catch {
    return false;
  }
  const body = (await response.json().catch(() => null)) as { token?: unknown; refresh_token?: unknown; code?: unknown } | null;
  if (response.ok && typeof body?.token === "string" && typeof body.refresh_token === "string") {
    store.setItem("token", body.token);
    store.setItem(REFRESH_KEY, body.refresh_token);
    lastRenewalAt = Date.now();
    for (const listener of renewedListeners) listener(body.token);
    return true;
  }
  // Another tab renewed first (it holds the new tokens in the shared storage).
  if (response.status === 409 && body?.code === SESSION_RENEWED) return store.getItem("token") !== tokenBefore;
  return false;
}

/** Starts watching for activity and renewing in time; answers the function that stops it. */
export function startSessionRenewal(projectHeader: string): () => void {
  const onActivity = () => noteActivity();
  const events = ["pointerdown", "keydown", "touchstart", "wheel"] as const;
  for (const name of events) window.addEventListener(name, onActivity, { passive: true, capture: true });
  const timer = window.setInterval(() => {
    if (shouldRenew()) void renewSession(projectHeader);
  }, CHECK_EVERY_MS);
  return () => {
    window.clearInterval(timer);
    for (const name of events) window.removeEventListener(name, onActivity, { capture: true });
  };
}

/** Test seam: forget activity and renewals. */
export function resetSessionRenewalForTests(): void {
  lastActivityAt = 0;
  lastRenewalAt = Date.now();
  inFlight = null;
}
