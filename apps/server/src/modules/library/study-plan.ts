// The library cards of a study plan: sections to read for a theme, chosen among those the
// person's plan opens, the ones the theme's questions cite most first.
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import { questionsCitingDocument } from "../question-bank/service.ts";
import { higher, lockMaker, lockOf, publishedDocument, readerOf } from "./access.ts";
import * as repo from "./repo.ts";

/** A section to read for a theme (a study plan's library card). */
export type SuggestedSection = { theme: string; document: string; documentTitle: string; anchor: string; heading: string };

/**
 * For each theme in turn, up to `perTheme` sections of the published documents on it that the
 * person's plan opens: those the theme's active questions cite most first, then in reading order
 * with an introduction last. Locked sections are never suggested; a section goes to the first theme
 * that wants it.
 */
export async function sectionsForThemes(
  db: Db,
  who: Pick<Principal, "id" | "role">,
  themes: string[],
  perTheme: number,
): Promise<SuggestedSection[]> {
  if (!themes.length || perTheme < 1) return [];
  const reader = await readerOf(db, who);
  const lock = lockOf(reader.rank, []);
  const docs = (await repo.listPublished(db, {})).filter((d) => !lock(d.tier) && d.themes.some((t) => themes.includes(t)));
  const [sections, citations] = await readTogether(db, [
    () =>
      repo.sectionsOf(
        db,
        docs.map((d) => d.id),
      ),
    () =>
      readTogether(
        db,
        docs.map((d) => () => questionsCitingDocument(db, d.slug)),
      ),
  ]);
  const cited = (docIndex: number, anchor: string) => (citations[docIndex]?.get(anchor) ?? []).filter((q) => q.status === "active").length;
  const taken = new Set<string>();
  const out: SuggestedSection[] = [];
  for (const theme of themes) {
    const candidates = docs
      .flatMap((d, i) =>
        sections
          .filter((s) => s.documentId === d.id && !lock(higher(d.tier, s.tier)))
          .map((s) => ({ d, s, cites: cited(i, s.anchor), intro: s.anchor === "introduction" ? 1 : 0 })),
      )
      .filter((c) => c.d.themes.includes(theme) && !taken.has(`${c.d.slug}#${c.s.anchor}`))
      .sort((a, b) => b.cites - a.cites || a.intro - b.intro || a.s.position - b.s.position);
    for (const { d, s } of candidates.slice(0, perTheme)) {
      taken.add(`${d.slug}#${s.anchor}`);
      out.push({ theme, document: d.slug, documentTitle: d.title, anchor: s.anchor, heading: s.heading });
    }
  }
  return out;
}

/**
 * One section for a person's study plan: 404 when the document or section does not exist (or is
 * not published), 403 with the plan that opens it when their plan does not.
 */
export async function sectionForReader(
  db: Db,
  who: Pick<Principal, "id" | "role">,
  slug: string,
  anchor: string,
): Promise<Omit<SuggestedSection, "theme"> & { themes: string[] }> {
  const reader = await readerOf(db, who);
  const doc = await publishedDocument(db, slug, reader);
  const section = (await repo.sectionsOf(db, [doc.id])).find((s) => s.anchor === anchor);
  if (!section) throw notFound("No such section in this document");
  const lock = await lockMaker(db, reader, [higher(doc.tier, section.tier)]);
  const locked = lock(higher(doc.tier, section.tier));
  if (locked) throw new HttpError(403, locked.message, { code: "PLAN_LIMIT" });
  return { document: doc.slug, documentTitle: doc.title, anchor: section.anchor, heading: section.heading, themes: doc.themes };
}
