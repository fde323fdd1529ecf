// The documents of `content/library`, loaded at start by the seed.
import type { Db } from "../../db/client.ts";
import type { LibraryDocument as ContentDocument } from "../../db/seed/content.ts";
import { sectionsOfMarkdown } from "./markdown.ts";
import * as repo from "./repo.ts";

/**
 * Loads the documents of `content/library`: upserted by slug (sections by anchor), documents staff
 * made theirs are left alone, documents gone from the files are unpublished. One transaction.
 */
export async function importContentDocuments(db: Db, documents: ContentDocument[]): Promise<{ documents: number }> {
  await db.transaction(async (tx) => {
    for (const d of documents) {
      const id = await repo.upsertContentDocument(tx, {
        slug: d.slug,
        title: d.title,
        summary: d.summary,
        tracks: d.tracks,
        themes: d.themes,
        tier: d.tier,
        source: d.body,
      });
      if (id !== null) await repo.writeSections(tx, id, sectionsOfMarkdown(d.body));
    }
    await repo.unpublishContentDocumentsExcept(
      tx,
      documents.map((d) => d.slug),
    );
  });
  return { documents: documents.length };
}
