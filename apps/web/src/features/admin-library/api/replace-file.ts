import type { AdminLibraryRow, AdminLibraryRowAnswer } from "@academy/contract/library";
import { unwrap } from "../../../lib/api-client";
import { uploadWithProgress } from "../../../lib/files";

/** POST /v2/api/library/admin/documents/{id}/file (multipart): a new file for the document, with upload progress. */
export async function replaceLibraryFile(id: number, file: File, onProgress: (fraction: number) => void): Promise<AdminLibraryRow> {
  const form = new FormData();
  form.append("file", file);
  return (await unwrap(uploadWithProgress<AdminLibraryRowAnswer>(`/v2/api/library/admin/documents/${id}/file`, form, onProgress))).model;
}
