import { ApiError, api, isErrorBody } from "../../../lib/api-client";

/** GET /v2/api/library/documents/{slug}/file: the PDF or Markdown file, as bytes the page can save or preview. */
export async function downloadDocument(slug: string): Promise<Blob> {
  const result = await api.blob(`/v2/api/library/documents/${encodeURIComponent(slug)}/file`);
  if (isErrorBody(result)) throw new ApiError(result.status, result.message, result.validation, result.code);
  return result;
}
