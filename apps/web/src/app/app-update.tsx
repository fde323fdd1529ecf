import { useRegisterSW } from "virtual:pwa-register/preact";
import { UpdateBanner } from "./update-banner";

/** How often a long-open tab asks the server whether a new version has been published. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (sw/sw.ts, decision 31) once the page has loaded, checks for a new
 * build every hour, and offers the new version when one is waiting.
 */
export function AppUpdate() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => {}), CHECK_EVERY_MS);
    },
  });
  if (!needRefresh) return null;
  return <UpdateBanner onReload={() => void updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />;
}
