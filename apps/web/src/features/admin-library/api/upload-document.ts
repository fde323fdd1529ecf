import type { AdminLibraryRow, AdminLibraryRowAnswer } from "@academy/contract/library";
import { unwrap } from "../../../lib/api-client";
import { uploadWithProgress } from "../../../lib/files";

/** POST /v2/api/library/admin/documents (multipart): a new PDF or Markdown document, with upload progress. */
export async function uploadLibraryDocument(
  file: File,
  fields: { title: string; tracks: string[]; tier: string },
  onProgress: (fraction: number) => void,
): Promise<AdminLibraryRow> {
  const form = new FormData();
  if (fields.title.trim()) form.append("title", fields.title.trim());
  if (fields.tracks.length) form.append("tracks", fields.tracks.join(","));
  form.append("tier", fields.tier);
  form.append("file", file);
  return (await unwrap(uploadWithProgress<AdminLibraryRowAnswer>("/v2/api/library/admin/documents", form, onProgress))).model;
}
