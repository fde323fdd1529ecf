import type { Alias } from "vite";

/**
 * The browser app runs on Preact through `preact/compat` (decision 21): the app and its React
 * libraries (wouter, TanStack Query, Tiptap, dnd-kit) import `react` and `react-dom`, and the
 * build hands them Preact's versions instead. The unit tests resolve the same way, so they test
 * what ships. Types still come from @types/react.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
  // wouter and Tiptap import the shim for React 16 and 17; preact/compat has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: "preact/compat" },
];
