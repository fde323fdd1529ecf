import { apiDownload } from "../../../lib/files";

/** GET /v2/api/library/documents/{slug}/file: the PDF or Markdown file, as bytes the page can save or preview. */
export function downloadDocument(slug: string): Promise<Blob> {
  return apiDownload(`/v2/api/library/documents/${encodeURIComponent(slug)}/file`);
}
