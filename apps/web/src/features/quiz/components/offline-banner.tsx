import { useEffect } from "react";
import { linkClass } from "../../../components/ui/styles";
import { onBeforeSignOut } from "../../../lib/before-sign-out";
import { Link } from "../../../lib/navigation";
import { markOffline, refreshPending, syncNow, useOfflineStatus } from "../offline/offline-status";

/**
 * The offline state and what will sync (decision 32), for a signed-in candidate, on every screen.
 * It syncs the answers given offline when the app starts (or the candidate signs in again), when
 * the connection comes back, and before an explicit sign-out. A polite live region: screen readers
 * hear each change once, after what they are reading.
 */
export function OfflineBanner({ userId }: { userId: number }) {
  const status = useOfflineStatus();

  useEffect(() => {
    void refreshPending(userId)
      .catch(() => undefined)
      .then(() => (navigator.onLine ? syncNow(userId) : undefined));
    const onOnline = () => {
      markOffline(false);
      void syncNow(userId);
    };
    const onOffline = () => markOffline(true);
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    // Signing out sends what waits first; what cannot go now stays for this candidate's next sign-in.
    const off = onBeforeSignOut(() => syncNow(userId));
    return () => {
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      off();
    };
  }, [userId]);

  const answers = (n: number) => `${n} ${n === 1 ? "answer" : "answers"}`;
  let message: string | null = null;
  if (status.isOffline)
    message = status.pending
      ? `You're offline. ${answers(status.pending)} will sync when you're back online.`
      : "You're offline. You can practise from a pack saved on this device.";
  else if (status.error) message = `${status.error} ${status.pending ? `${answers(status.pending)} will sync later.` : ""}`.trim();
  else if (status.justSynced) message = `${answers(status.justSynced)} synced.`;
  else if (status.pending) message = `${answers(status.pending)} waiting to sync.`;

  return (
    <div role="status" data-testid="offline-banner" className={message ? "mb-4" : "sr-only"}>
      {message ? (
        <p
          className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-4 py-3 text-sm ${
            status.isOffline ? "border-amber-300 bg-amber-50 text-amber-950" : "border-emerald-200 bg-emerald-50 text-emerald-900"
          }`}
        >
          <span>{message}</span>
          {status.isOffline ? (
            <Link to="/user/offline" className={linkClass}>
              Practise offline
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
