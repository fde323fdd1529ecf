import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** PUT /v2/api/library/documents/{slug}/position: where the reader is, kept for next time. */
export function useSavePosition(slug: string) {
  return useMutation({
    mutationFn: (anchor: string) => unwrap(api.put(`/v2/api/library/documents/${encodeURIComponent(slug)}/position`, { anchor })),
  });
}
