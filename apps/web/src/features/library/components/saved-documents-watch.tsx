import { useEffect } from "react";
import { fetchAllDocuments } from "../api/list-documents";
import { listSaved, pruneSaved } from "../offline/saved-documents";

/**
 * When the app starts online (or the candidate signs in), the documents saved for offline reading
 * are held against what the plan opens now (decision 32): a plan that no longer opens one takes it
 * off the device. Renders nothing.
 */
export function SavedDocumentsWatch({ userId }: { userId: number }) {
  useEffect(() => {
    if (!navigator.onLine) return;
    void (async () => {
      if (!(await listSaved(userId)).length) return;
      await pruneSaved(userId, (await fetchAllDocuments()).list);
    })().catch(() => undefined);
  }, [userId]);
  return null;
}
