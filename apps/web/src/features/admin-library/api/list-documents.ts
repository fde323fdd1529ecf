import type { AdminLibraryListAnswer, AdminLibraryRow } from "@academy/contract/library";
import type { ListQuery, ListResult } from "../../../components/ui/resource-table/types";
import { api, unwrap } from "../../../lib/api-client";

/** GET /v2/api/library/admin/documents: one page of every document, as the resource table asks for it. */
export async function listLibraryDocuments(query: ListQuery, signal?: AbortSignal): Promise<ListResult<AdminLibraryRow>> {
  const answer = await unwrap(
    api.get<AdminLibraryListAnswer>("/v2/api/library/admin/documents", {
      signal,
      query: {
        page: query.page,
        limit: query.size,
        sort: query.sort.field,
        direction: query.sort.direction,
        q: query.search || undefined,
        ...query.filters,
      },
    }),
  );
  return { rows: answer.list, total: answer.total, numPages: answer.num_pages };
}
