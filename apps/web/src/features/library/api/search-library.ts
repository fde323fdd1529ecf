import type { LibrarySearchResponse } from "@academy/contract/library";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { libraryKeys } from "./keys";

/** GET /v2/api/library/search: sections best matching the words (every word first), with marked snippets and a "did you mean". */
export function useLibrarySearch(q: string, filter: { track?: string; theme?: string }) {
  const text = q.trim();
  return useQuery({
    queryKey: libraryKeys.search(text, filter),
    queryFn: ({ signal }) => unwrap(api.get<LibrarySearchResponse>("/v2/api/library/search", { query: { q: text, ...filter }, signal })),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
