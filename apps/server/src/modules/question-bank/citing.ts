import type { Db } from "../../db/client.ts";
import * as repo from "./repo.ts";

/** The questions that cite each section of a library document (section anchor -> questions). */
export async function questionsCitingDocument(db: Db, document: string) {
  const bySection = new Map<string, { id: number; contentId: string; stem: string; status: string }[]>();
  for (const q of await repo.questionsCiting(db, document)) {
    const anchor = q.reference?.section;
    if (!anchor) continue;
    bySection.set(anchor, [...(bySection.get(anchor) ?? []), { id: q.id, contentId: q.contentId, stem: q.stem, status: q.status }]);
  }
  return bySection;
}
