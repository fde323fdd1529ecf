import type { LibraryDocumentsAnswer } from "@academy/contract/library";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { pruneSaved } from "../offline/saved-documents";
import { libraryKeys } from "./keys";

export type DocumentFilter = { track?: string; theme?: string };

/** GET /v2/api/library/documents without a filter: every document as the plan opens it now. */
export const fetchAllDocuments = () => unwrap(api.get<LibraryDocumentsAnswer>("/v2/api/library/documents", { query: {} }));

/**
 * GET /v2/api/library/documents: published documents, their sections and what the plan leaves
 * locked. The whole list also decides which documents saved for offline reading may stay (decision 32).
 */
export function useDocumentsQuery(filter: DocumentFilter) {
  const userId = useAuth().state.user ?? 0;
  return useQuery({
    queryKey: libraryKeys.documents(filter),
    queryFn: async () => {
      const answer = await unwrap(api.get<LibraryDocumentsAnswer>("/v2/api/library/documents", { query: filter }));
      if (!filter.track && !filter.theme) await pruneSaved(userId, answer.list).catch(() => undefined);
      return answer;
    },
  });
}
