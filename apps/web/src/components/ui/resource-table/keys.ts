import type { ListQuery } from "./types";

/**
 * Cache keys of a resource table's queries, all under the resource's own key: a change made
 * anywhere invalidates `all(resource)` and every list, row and lookup of it follows.
 */
export const resourceKeys = {
  all: (resource: string) => [resource] as const,
  list: (resource: string, query: ListQuery) => [resource, "list", query] as const,
  row: (resource: string, id: number | undefined) => [resource, "row", id] as const,
  /** A few rows of the table shown in another's view panel (a product's prices). */
  related: (resource: string, filter: Record<string, number> | null) => [resource, "related", filter] as const,
  /** Every row, for a form's or a filter's choices. */
  options: (resource: string) => [resource, "options"] as const,
};
