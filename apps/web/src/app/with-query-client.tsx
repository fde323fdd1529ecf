import { QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { queryClient } from "../lib/query-client";

/**
 * Screens that fetch with TanStack Query get the provider from here, so the query library
 * loads with the first such screen and stays out of the first screen's bundle (budget:
 * 100 KB gzipped). Every provider shares the one client, so the cache is app-wide.
 */
export function withQueryClient<P extends object>(Screen: ComponentType<P>): { default: ComponentType<P> } {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  }
  return { default: WithQueryClient };
}
