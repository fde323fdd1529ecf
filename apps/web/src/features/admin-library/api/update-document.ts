import type { AdminLibraryRow, AdminLibraryRowAnswer, LibraryTier } from "@academy/contract/library";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { libraryAdminKeys } from "./get-document";

export type DocumentChanges = {
  title?: string;
  summary?: string;
  tracks?: string[];
  themes?: string[];
  tier?: LibraryTier;
  status?: "published" | "unpublished";
  sectionTiers?: Record<string, LibraryTier | null>;
};

/** PUT /v2/api/library/admin/documents/{id}: title, summary, tracks, themes, access, status, section marks. */
export async function updateLibraryDocument(id: number, changes: DocumentChanges): Promise<AdminLibraryRow> {
  return (await unwrap(api.put<AdminLibraryRowAnswer>(`/v2/api/library/admin/documents/${id}`, changes))).model;
}

export function useUpdateLibraryDocument(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: DocumentChanges) => updateLibraryDocument(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryAdminKeys.all }),
  });
}
