import type { ReactNode } from "react";
import { AuthProvider } from "../lib/auth-store";

// One person's cached answers must never show to the next one on this device. The query
// client loads with the first screen that fetches; if it never loaded there is nothing to clear.
// Practice packs hold keys, saved library documents the plan's content: they leave the device on
// every sign-out, an expired session's included.
// Answers given offline stay, to be synced after the same candidate signs in again (decision 32).
const clearCache = () => {
  void import("../lib/query-client").then(({ queryClient }) => queryClient.clear());
  void import("../features/quiz/offline/offline-store").then((store) => store.removeAllPacks()).catch(() => undefined);
  void import("../features/library/offline/saved-documents").then((store) => store.removeAllSaved()).catch(() => undefined);
};

export function AppProviders({ children }: { children: ReactNode }) {
  return <AuthProvider onLogout={clearCache}>{children}</AuthProvider>;
}
