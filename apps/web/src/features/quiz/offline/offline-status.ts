import { useEffect, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { sendOfflineAnswers } from "../api/offline";
import { pendingAnswers, removePending } from "./offline-store";
import { syncPending } from "./offline-sync";

/**
 * The device's offline state as the banner shows it (decision 32): whether the app is offline (the
 * browser says so, or the last call could not reach the server), how many answers wait to be
 * synced, and how many the last sync sent. One sync runs at a time.
 */
export type OfflineStatus = { isOffline: boolean; pending: number; justSynced: number; error: string };

let status: OfflineStatus = {
  isOffline: typeof navigator !== "undefined" && !navigator.onLine,
  pending: 0,
  justSynced: 0,
  error: "",
};
const listeners = new Set<(s: OfflineStatus) => void>();
function set(change: Partial<OfflineStatus>) {
  status = { ...status, ...change };
  for (const l of listeners) l(status);
}

export function useOfflineStatus() {
  const [value, setValue] = useState(status);
  useEffect(() => {
    listeners.add(setValue);
    setValue(status);
    return () => void listeners.delete(setValue);
  }, []);
  return value;
}

/** Counts the candidate's answers waiting on this device (after an answer, or a sync). */
export async function refreshPending(userId: number) {
  set({ pending: (await pendingAnswers(userId)).length });
}

export const markOffline = (isOffline: boolean) => set({ isOffline, ...(isOffline ? { justSynced: 0 } : {}) });

let running: Promise<void> | null = null;

/**
 * Sends the candidate's pending answers now; once some went, the readiness, review queue and quiz
 * history are read again. Resolves when this sync (or the one already running) is over.
 */
export function syncNow(userId: number): Promise<void> {
  running ??= (async () => {
    try {
      const pending = (await pendingAnswers(userId)).length;
      set({ pending });
      if (!pending) return;
      const result = await syncPending(userId, { pending: pendingAnswers, remove: removePending, send: sendOfflineAnswers });
      const unreachable = result.isUnreachable === true;
      set({ justSynced: result.synced, error: unreachable ? "" : result.error, isOffline: unreachable || !navigator.onLine });
      if (result.synced > 0) await queryClient.invalidateQueries();
    } catch (failure) {
      // Without IndexedDB (a browser that keeps nothing) there is nothing to sync and nothing to say.
      if (failure instanceof ApiError) set({ error: failure.message });
    } finally {
      await refreshPending(userId).catch(() => undefined);
      running = null;
    }
  })();
  return running;
}
