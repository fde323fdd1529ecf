import { buttonClass } from "../components/ui/styles";

/**
 * What the app says when a newer version has been downloaded in the background (the service
 * worker of the new build is installed and waiting): reloading now switches to it; "Later" keeps
 * the running version until the next visit. A status, so screen readers hear it once.
 */
export function UpdateBanner({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl border border-slate-300 bg-white p-4 text-sm text-slate-900 shadow-lg"
    >
      <p className="min-w-0 flex-1">A new version of Rescue Academy is ready.</p>
      <div className="flex gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onLater}>
          Later
        </button>
        <button type="button" className={buttonClass.primary} onClick={onReload}>
          Reload
        </button>
      </div>
    </div>
  );
}
