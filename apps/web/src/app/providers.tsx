import type { ReactNode } from "react";
import { AuthProvider } from "../lib/auth-store";

// One person's cached answers must never show to the next one on this device. The query
// client loads with the first screen that fetches; if it never loaded there is nothing to clear.
const clearCache = () => {
  void import("../lib/query-client").then(({ queryClient }) => queryClient.clear());
};

export function AppProviders({ children }: { children: ReactNode }) {
  return <AuthProvider onLogout={clearCache}>{children}</AuthProvider>;
}
