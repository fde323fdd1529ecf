// wouter imports the use-sync-external-store shim for React 16 and 17; React 19 has the hook
// built in, so vite.config.ts points the shim here and the shim's fallback code stays out.
export { useSyncExternalStore } from "react";
