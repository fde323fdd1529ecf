import type { ListQuery, SortDirection } from "./types";

/**
 * The table's view lives in the URL (`?page=2&size=20&sort=name,asc&q=core&f.status=1`), so a
 * reload or a shared link shows the same rows. Values outside their range fall back to defaults.
 */

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface Defaults {
  size: number;
  sort: { field: string; direction: SortDirection };
  sortable: readonly string[];
  filterable: readonly string[];
}

export function readListQuery(params: URLSearchParams, defaults: Defaults): ListQuery {
  const page = Number(params.get("page"));
  const size = Number(params.get("size"));
  const [field, direction] = (params.get("sort") ?? "").split(",");
  const filters: Record<string, string> = {};
  for (const name of defaults.filterable) {
    const value = params.get(`f.${name}`);
    if (value) filters[name] = value;
  }
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaults.size,
    sort:
      field && defaults.sortable.includes(field) && (direction === "asc" || direction === "desc") ? { field, direction } : defaults.sort,
    search: (params.get("q") ?? "").slice(0, 200),
    filters,
  };
}

/** Only what differs from the defaults goes into the URL. */
export function writeListQuery(query: ListQuery, defaults: Defaults): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== 1) params.set("page", String(query.page));
  if (query.size !== defaults.size) params.set("size", String(query.size));
  if (query.sort.field !== defaults.sort.field || query.sort.direction !== defaults.sort.direction)
    params.set("sort", `${query.sort.field},${query.sort.direction}`);
  if (query.search) params.set("q", query.search);
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(`f.${name}`, value);
  return params;
}

/** Clicking a column: ascending first, then descending. */
export function nextSort(current: ListQuery["sort"], field: string): ListQuery["sort"] {
  if (current.field !== field) return { field, direction: "asc" };
  return { field, direction: current.direction === "asc" ? "desc" : "asc" };
}

/** Whether a URL parameter belongs to the table's view (others, such as a tab, are kept). */
export const isTableParam = (key: string) => key === "page" || key === "size" || key === "sort" || key === "q" || key.startsWith("f.");

/** The table's parameters replaced by `view`, every other parameter kept as it was. */
export function mergeParams(current: URLSearchParams, view: URLSearchParams): URLSearchParams {
  const merged = new URLSearchParams();
  for (const [key, value] of current) if (!isTableParam(key)) merged.append(key, value);
  for (const [key, value] of view) merged.append(key, value);
  return merged;
}
