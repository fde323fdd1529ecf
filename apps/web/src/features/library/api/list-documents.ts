import type { LibraryDocumentsAnswer } from "@academy/contract/library";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { libraryKeys } from "./keys";

export type DocumentFilter = { track?: string; theme?: string };

/** GET /v2/api/library/documents: published documents, their sections and what the plan leaves locked. */
export function useDocumentsQuery(filter: DocumentFilter) {
  return useQuery({
    queryKey: libraryKeys.documents(filter),
    queryFn: () => unwrap(api.get<LibraryDocumentsAnswer>("/v2/api/library/documents", { query: filter })),
  });
}
