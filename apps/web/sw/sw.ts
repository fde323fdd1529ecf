/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

// The app's service worker (decision 31). Workbox keeps the caches; this file only says what goes
// where.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The build's scripts, styles, fonts and pictures (their names carry their content's hash), cached
// when the worker installs. A new build lists new files: its worker installs beside the running one
// and waits until the person chooses to reload ("A new version is ready").
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Pages. The server writes the academy's project into index.html as it serves it, so the page is
 * never taken from the build: every route is the same app shell, fetched from the network and kept
 * under one key, and served from there when the network is gone (or slower than 4 s).
 */
const SHELL_KEY = "/";
const shell = new NetworkFirst({
  cacheName: "academy-shell",
  networkTimeoutSeconds: 4,
  plugins: [{ cacheKeyWillBeUsed: async () => SHELL_KEY }],
});
// Not pages: the API, uploaded files, exports, feeds and the API's own documentation.
const NOT_PAGES = [/^\/(v[1-5]|rest|api|uploads)\//, /^\/(healthz|readyz|robots\.txt|sitemap\.xml)$/, /^\/blog\/rss\.xml$/];
registerRoute(new NavigationRoute(shell, { denylist: NOT_PAGES }));

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
