import type { AnalyticsEvent, UserSessionBatch } from "@academy/contract/analytics";
import { ANALYTICS_FLUSH_EVENTS, ANALYTICS_MAX_EVENTS_PER_BATCH, screenSizeOf } from "@academy/contract/constants";
import { describeTarget, isField, maskedHtml } from "./mask";
import { isWorthRetrying, requeue, retryDelayMs } from "./outbox";

/** The most events kept while waiting to send; past it the oldest go first. */
export const MAX_BUFFERED_EVENTS = 500;
/** A beacon (and a keepalive fetch) may carry about 64 KB: batches stay under this many characters. */
const BEACON_BUDGET = 60_000;
/** Sends what waits this often while the page is open. */
const FLUSH_INTERVAL_MS = 20_000;
/** One input, scroll or resize event per element (or page) this often at most. */
const THROTTLE_MS = 1_000;
const SESSION_KEY = "academy-analytics-session";

const TEXT = { "content-type": "text/plain;charset=UTF-8" };

/** Leaving the page: `navigator.sendBeacon` survives a closing tab; a keepalive fetch stands in where it refuses. */
const sendWithBeacon = (url: string, body: string) => {
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, body)) return;
  fetch(url, { method: "POST", body, keepalive: true, headers: TEXT }).catch(() => undefined);
};

/** While the page is open: a fetch whose answer says whether the server took the batch (null: no answer). */
const postBatch = (url: string, body: string): Promise<number | null> =>
  fetch(url, { method: "POST", body, keepalive: true, headers: TEXT }).then(
    (res) => res.status,
    () => null,
  );

/** This tab's session: kept across reloads of the tab (sessionStorage), new in another tab. */
function tabSession(): { id: string; start: number } {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "null") as { id?: unknown; start?: unknown } | null;
    if (saved && typeof saved.id === "string" && typeof saved.start === "number") return { id: saved.id, start: saved.start };
  } catch {
    // Storage off or garbled: a new session.
  }
  const session = { id: crypto.randomUUID(), start: Date.now() };
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Without storage each page load is its own session.
  }
  return session;
}

export type Recorder = {
  /** The ingest token batches are sent with (none yet: events wait). */
  setToken(token: string | null): void;
  pageview(path: string): void;
  /** Sends what waits now by beacon, as when the page is left (with a masked copy of the page when `withPage`). */
  flush(opts?: { withPage?: boolean; ended?: boolean }): void;
  stop(): void;
  /** Events waiting to be sent (tests). */
  pending(): number;
};

/**
 * Records the signed-in person's session after they agreed: page views, clicks, input (never its
 * value), scroll depth, resizes and visibility, into a bounded buffer sent in batches to `url`:
 * when enough wait and every 20 s with a fetch (a batch the server could not take goes back in
 * the queue), and with sendBeacon when the page is hidden or left.
 */
export function startRecorder({ url, userId }: { url: string; userId: number }): Recorder {
  const session = tabSession();
  let token: string | null = null;
  let buffer: AnalyticsEvent[] = [];
  let isPosting = false;
  /** After a batch the server could not take, sends wait a while (longer after each failure). */
  let failures = 0;
  let retryAfter = 0;
  let isStopped = false;
  const lastAt = new Map<unknown, number>();
  const path = () => location.pathname;

  const push = (event: AnalyticsEvent) => {
    buffer.push(event);
    if (buffer.length > MAX_BUFFERED_EVENTS) buffer = buffer.slice(buffer.length - MAX_BUFFERED_EVENTS);
    if (buffer.length >= ANALYTICS_FLUSH_EVENTS) void post();
  };
  const throttled = (key: unknown) => {
    const now = Date.now();
    if (now - (lastAt.get(key) ?? 0) < THROTTLE_MS) return true;
    lastAt.set(key, now);
    return false;
  };

  function batchOf(events: AnalyticsEvent[], ended: boolean, html?: string): UserSessionBatch {
    return {
      ingest_token: token ?? undefined,
      user_id: userId,
      session_id: session.id,
      status: ended ? "ended" : "active",
      events,
      screen_width: Math.max(1, Math.round(window.innerWidth)),
      screen_height: Math.max(1, Math.round(window.innerHeight)),
      screen_size: screenSizeOf(window.innerWidth),
      start_time: session.start,
      end_time: Date.now(),
      html_copy: html,
    };
  }

  /** While the page is open: one batch at a time, each answered before the next. */
  async function post() {
    if (isPosting || isStopped || !token || buffer.length === 0 || Date.now() < retryAfter) return;
    const events = buffer.slice(0, ANALYTICS_MAX_EVENTS_PER_BATCH);
    buffer = buffer.slice(events.length);
    isPosting = true;
    const status = await postBatch(url, JSON.stringify(batchOf(events, false)));
    isPosting = false;
    if (isStopped) return;
    if (isWorthRetrying(status)) {
      buffer = requeue(events, buffer, MAX_BUFFERED_EVENTS);
      failures += 1;
      retryAfter = Date.now() + retryDelayMs(failures);
      return;
    }
    failures = 0;
    if (buffer.length >= ANALYTICS_FLUSH_EVENTS) void post();
  }

  /** Hidden or leaving: everything that waits goes now by beacon (no answer to wait for). */
  function flush({ withPage = false, ended = false }: { withPage?: boolean; ended?: boolean } = {}) {
    if (!token || (buffer.length === 0 && !withPage)) return;
    while (buffer.length > 0 || withPage) {
      const events = buffer.slice(0, ANALYTICS_MAX_EVENTS_PER_BATCH);
      let body = JSON.stringify(batchOf(events, ended));
      if (withPage) {
        // The page copy takes what room the beacon has left.
        const room = BEACON_BUDGET - body.length - 200;
        if (room > 2_000) body = JSON.stringify(batchOf(events, ended, maskedHtml(document.body, room)));
        withPage = false;
      }
      sendWithBeacon(url, body);
      buffer = buffer.slice(events.length);
    }
  }

  const onClick = (e: MouseEvent) => push({ type: "click", at: Date.now(), path: path(), target: describeTarget(e.target) });
  const onInput = (e: Event) => {
    const el = e.target;
    if (!(el instanceof Element) || !isField(el) || throttled(el)) return;
    // What was typed never leaves the browser: only that a field changed.
    push({ type: "input", at: Date.now(), path: path(), target: describeTarget(el), data: { masked: true } });
  };
  const onScroll = () => {
    if (throttled("scroll")) return;
    const max = document.documentElement.scrollHeight - window.innerHeight;
    push({ type: "scroll", at: Date.now(), path: path(), data: { depth: max > 0 ? Math.round((window.scrollY / max) * 100) : 100 } });
  };
  const onResize = () => {
    if (throttled("resize")) return;
    push({ type: "resize", at: Date.now(), path: path(), data: { width: window.innerWidth, height: window.innerHeight } });
  };
  const onVisibility = () => {
    push({ type: "visibility", at: Date.now(), path: path(), data: { state: document.visibilityState } });
    if (document.visibilityState === "hidden") flush({ withPage: true });
  };
  const onPageHide = () => flush({ withPage: true, ended: true });

  document.addEventListener("click", onClick, { capture: true, passive: true });
  document.addEventListener("input", onInput, { capture: true, passive: true });
  document.addEventListener("change", onInput, { capture: true, passive: true });
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("resize", onResize, { passive: true });
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", onPageHide);
  const timer = window.setInterval(() => void post(), FLUSH_INTERVAL_MS);

  return {
    setToken(next) {
      token = next;
      if (token && buffer.length >= ANALYTICS_FLUSH_EVENTS) void post();
    },
    pageview(p) {
      push({ type: "pageview", at: Date.now(), path: p });
    },
    flush,
    stop() {
      isStopped = true;
      document.removeEventListener("click", onClick, { capture: true });
      document.removeEventListener("input", onInput, { capture: true });
      document.removeEventListener("change", onInput, { capture: true });
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onResize);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      window.clearInterval(timer);
      buffer = [];
    },
    pending: () => buffer.length,
  };
}
