import type { LibraryDocument, LibraryDocumentAnswer } from "@academy/contract/library";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { getSaved, removeSaved, saveDocument } from "../offline/saved-documents";
import { libraryKeys } from "./keys";

/** A document as the page shows it; `savedAt` when it is the copy saved on this device, read offline. */
export type ShownDocument = LibraryDocument & { savedAt?: string; isSaved?: boolean };

/**
 * GET /v2/api/library/documents/{slug}: the sections the plan opens (403 PLAN_LIMIT when the whole
 * document is locked). A document saved for offline reading (decision 32) is refreshed from each
 * answer, so it keeps only what the plan opens now, and leaves the device once the plan no longer
 * opens it; without a network the saved copy is shown.
 */
export function useDocumentQuery(slug: string) {
  const userId = useAuth().state.user ?? 0;
  return useQuery({
    queryKey: libraryKeys.document(slug),
    queryFn: async (): Promise<ShownDocument> => {
      const saved = await getSaved(userId, slug).catch(() => undefined);
      try {
        const doc = (await unwrap(api.get<LibraryDocumentAnswer>(`/v2/api/library/documents/${encodeURIComponent(slug)}`))).model;
        if (saved) await saveDocument(userId, doc);
        return { ...doc, isSaved: !!saved };
      } catch (failure) {
        if (saved && failure instanceof ApiError && failure.status === 0) return { ...saved.doc, savedAt: saved.savedAt, isSaved: true };
        if (saved && failure instanceof ApiError && (failure.status === 403 || failure.status === 404)) await removeSaved(userId, slug);
        throw failure;
      }
    },
    // A locked or missing document stays so: asking again does not help.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}
