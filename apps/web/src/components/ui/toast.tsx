import { useSyncExternalStore } from "react";

/** Global toast state (spec section 3): one message with a status, cleared after 3000 ms. */

export type ToastStatus = "success" | "error" | "info";
export interface ToastState {
  message: string;
  status: ToastStatus;
}

export const TOAST_DURATION_MS = 3000;

let current: ToastState | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(message: string, status: ToastStatus = "success"): void {
  current = { message, status };
  if (timer) clearTimeout(timer);
  timer = setTimeout(clearToast, TOAST_DURATION_MS);
  emit();
}

export function clearToast(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (current === null) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => current;

export function useToast() {
  const toast = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toast, showToast, clearToast };
}

const STYLES: Record<ToastStatus, string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
};

/** The live region stays mounted so screen readers announce each new message. */
export function Toaster() {
  const { toast } = useToast();
  return (
    <div
      aria-live={toast?.status === "error" ? "assertive" : "polite"}
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {toast ? (
        <div
          data-status={toast.status}
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border-l-4 px-4 py-3 text-sm shadow-lg ${STYLES[toast.status]}`}
        >
          <p className="flex-1">{toast.message}</p>
          <button
            type="button"
            onClick={clearToast}
            className="rounded px-1 font-semibold opacity-70 hover:opacity-100"
            aria-label="Dismiss notification"
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
