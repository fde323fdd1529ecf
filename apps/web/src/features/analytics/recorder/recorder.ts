import type { AnalyticsEvent, UserSessionBatch } from "@academy/contract/analytics";
import { ANALYTICS_FLUSH_EVENTS, ANALYTICS_MAX_EVENTS_PER_BATCH, screenSizeOf } from "@academy/contract/constants";
import { describeTarget, isField, maskedHtml } from "./mask";

/** The most events kept while waiting to send; past it the oldest go first. */
export const MAX_BUFFERED_EVENTS = 500;
/** A beacon (and a keepalive fetch) may carry about 64 KB: batches stay under this many characters. */
const BEACON_BUDGET = 60_000;
/** Sends what waits this often while the page is open. */
const FLUSH_INTERVAL_MS = 20_000;
/** One input, scroll or resize event per element (or page) this often at most. */
const THROTTLE_MS = 1_000;
const SESSION_KEY = "academy-analytics-session";

type Send = (url: string, body: string) => boolean;

/** `navigator.sendBeacon` survives a closing tab; a keepalive fetch stands in where it refuses. */
const sendWithBeacon: Send = (url, body) => {
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, body)) return true;
  fetch(url, { method: "POST", body, keepalive: true, headers: { "content-type": "text/plain;charset=UTF-8" } }).catch(() => undefined);
  return true;
};

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
  /** Sends what waits now (with a masked copy of the page when `withPage`). */
  flush(opts?: { withPage?: boolean; ended?: boolean }): void;
  stop(): void;
  /** Events waiting to be sent (tests). */
  pending(): number;
};

/**
 * Records the signed-in person's session after they agreed: page views, clicks, input (never its
 * value), scroll depth, resizes and visibility, into a bounded buffer sent in batches to `url`
 * with sendBeacon: when enough wait, every 20 s, and when the page is hidden or left.
 */
export function startRecorder({ url, userId, send = sendWithBeacon }: { url: string; userId: number; send?: Send }): Recorder {
  const session = tabSession();
  let token: string | null = null;
  let buffer: AnalyticsEvent[] = [];
  const lastAt = new Map<unknown, number>();
  const path = () => location.pathname;

  const push = (event: AnalyticsEvent) => {
    buffer.push(event);
    if (buffer.length > MAX_BUFFERED_EVENTS) buffer = buffer.slice(buffer.length - MAX_BUFFERED_EVENTS);
    if (buffer.length >= ANALYTICS_FLUSH_EVENTS) flush();
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
      if (!send(url, body)) return;
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
  const timer = window.setInterval(() => flush(), FLUSH_INTERVAL_MS);

  return {
    setToken(next) {
      token = next;
      if (token && buffer.length >= ANALYTICS_FLUSH_EVENTS) flush();
    },
    pageview(p) {
      push({ type: "pageview", at: Date.now(), path: p });
    },
    flush,
    stop() {
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
