import type { ModelAnswer, PageAnswer } from "@academy/contract/common";
import type { RecordCreatedResponse } from "@academy/contract/records";
import type { ListQuery, ListResult, ResourceSource, Row } from "../components/ui/resource-table/types";
import { api, unwrap } from "./api-client";
import type { Answer } from "./contract";
import { apiDownload } from "./files";

/** `filter` values of the records API for a table view: search is "contains", menus are "equals". */
export function recordFilters(query: Pick<ListQuery, "search" | "filters">, searchField?: string): string[] {
  const filters = Object.entries(query.filters).map(([field, value]) => `${field},eq,${value}`);
  if (query.search && searchField) filters.unshift(`${searchField},cs,${query.search}`);
  return filters;
}

/** A resource-table source over `/v4/api/records/{table}` (and `/rest/{table}/EXPORT`). */
export function recordsSource<R extends Row = Row>(table: string, opts: { searchField?: string; join?: string[] } = {}): ResourceSource<R> {
  const base = `/v4/api/records/${encodeURIComponent(table)}`;
  return {
    async list(query, signal) {
      const answer = await unwrap(
        api.get<PageAnswer<R>>(base, {
          query: {
            page: `${query.page},${query.size}`,
            order: `${query.sort.field},${query.sort.direction}`,
            filter: recordFilters(query, opts.searchField),
            join: opts.join,
          },
          signal,
        }),
      );
      return {
        rows: answer.list,
        total: answer.total,
        totalCapped: answer.total_capped === true,
        totalEstimated: answer.estimated === true,
        numPages: answer.num_pages,
      } satisfies ListResult<R>;
    },
    async get(id) {
      return (await unwrap(api.get<ModelAnswer<R>>(`${base}/${id}`, { query: { join: opts.join } }))).model;
    },
    async create(values) {
      return { id: (await unwrap(api.post<Answer<typeof RecordCreatedResponse>>(base, values))).data };
    },
    async update(id, values) {
      await unwrap(api.put(`${base}/${id}`, values));
    },
    async remove(id) {
      await unwrap(api.delete(`${base}/${id}`));
    },
    // The export holds every row the caller may export, whatever the view shows.
    exportCsv: () => apiDownload(`/rest/${encodeURIComponent(table)}/EXPORT`, { method: "POST" }),
  };
}
