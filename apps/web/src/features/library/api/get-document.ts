import type { LibraryDocumentAnswer } from "@academy/contract/library";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { libraryKeys } from "./keys";

/** GET /v2/api/library/documents/{slug}: the sections the plan opens (403 PLAN_LIMIT when the whole document is locked). */
export function useDocumentQuery(slug: string) {
  return useQuery({
    queryKey: libraryKeys.document(slug),
    queryFn: async () => (await unwrap(api.get<LibraryDocumentAnswer>(`/v2/api/library/documents/${encodeURIComponent(slug)}`))).model,
    // A locked or missing document stays so: asking again does not help.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}
