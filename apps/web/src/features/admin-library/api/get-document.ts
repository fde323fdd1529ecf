import type { AdminLibraryDetail, AdminLibraryDetailAnswer } from "@academy/contract/library";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** GET /v2/api/library/admin/documents/{id}: sections, their access marks and the questions citing each. */
export async function getLibraryDocument(id: number): Promise<AdminLibraryDetail> {
  return (await unwrap(api.get<AdminLibraryDetailAnswer>(`/v2/api/library/admin/documents/${id}`))).model;
}

/** Cache keys of the staff library: the documents table is the resource "library-admin". */
export const libraryAdminKeys = {
  all: ["library-admin"] as const,
  detail: (id: number) => ["library-admin", "detail", id] as const,
};

export function useLibraryDocumentDetail(id: number) {
  return useQuery({ queryKey: libraryAdminKeys.detail(id), queryFn: () => getLibraryDocument(id) });
}
