import { ApiError, type ApiErrorBody, baseHeaders, buildUrl, errorAnswer, type RequestOptions, readBody } from "./api-client";

/*
 * Files to and from the server: downloads (CSV exports, PDFs) and uploads with progress. Apart
 * from the API client so the first screens, which neither upload nor download, do not load them.
 */

const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

/** Fetches a file (CSV export, PDF) with the same headers as every call; throws an ApiError on failure. */
export async function apiDownload(path: string, options: Pick<RequestOptions, "method" | "body" | "query"> = {}): Promise<Blob> {
  const headers = baseHeaders();
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  if (!response.ok) {
    const body = errorAnswer(response.status, await readBody(response));
    throw new ApiError(response.status, body.message, body.validation, body.code);
  }
  return response.blob();
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The one way a screen downloads a file from an authenticated call (a PDF, an export): fetched, then saved as `filename`. */
export async function downloadFile(path: string, filename: string): Promise<void> {
  saveBlob(await apiDownload(path), filename);
}

/**
 * Sends multipart form data with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. Resolves with the success body or the error body; rejects only when the server
 * cannot be reached.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T | ApiErrorBody> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    for (const [name, value] of Object.entries({ ...baseHeaders(), Accept: "application/json" })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, UNREACHABLE));
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(parsed as T);
      } else resolve(errorAnswer(xhr.status, parsed));
    };
    xhr.send(form);
  });
}
