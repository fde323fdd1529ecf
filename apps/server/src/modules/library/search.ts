// Full-text search for readers (with this instance's page cache) and the assistant's retrieval.
import type { LibrarySearchHit, SnippetPart } from "@academy/contract/library";
import { sectionPath } from "@academy/contract/library";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import { libraryTierSql } from "../entitlements/service.ts";
import { higher, lockMaker, lockOf, readerOf, TIER_RANK } from "./access.ts";
import * as repo from "./repo.ts";
import { SearchCache } from "./search-cache.ts";

/** Turns ts_headline's marked text into parts, so the browser renders it as text (no HTML). */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const piece of marked.split(repo.SNIPPET_START)) {
    const stop = piece.indexOf(repo.SNIPPET_STOP);
    if (stop < 0) {
      if (piece) parts.push({ text: piece, hit: false });
      continue;
    }
    parts.push({ text: piece.slice(0, stop), hit: true });
    if (stop + 1 < piece.length) parts.push({ text: piece.slice(stop + 1), hit: false });
  }
  return parts;
}

/** This instance's cache of search pages, `pages` at most (see SearchCache). */
export const newSearchCache = (pages: number) => new SearchCache<LibrarySearchHit[]>(pages);

/**
 * Search after sign-in: the reader's plan and the library's search version in one small statement,
 * then the page of hits with snippets for what the plan opens (and the plans on sale when
 * something is locked) from `cache` when this instance answered the same search at the same
 * version for the same tier, else in one statement.
 */
export async function search(
  db: Db,
  principal: Principal,
  q: { q: string; track?: string; theme?: string; limit: number },
  cache: SearchCache<LibrarySearchHit[]>,
) {
  const text = q.q.trim();
  if (!text) return { list: [] as LibrarySearchHit[] };
  const state =
    principal.role === "admin"
      ? { tier: "premium" as const, version: await repo.searchVersion(db) }
      : await repo.searchState(db, principal.id, (userId) => libraryTierSql(db, userId));
  if (!state.tier) throw new HttpError(503, "No default plan is configured");
  const key = JSON.stringify([state.tier, q.limit, q.track ?? null, q.theme ?? null, text]);
  const kept = cache.get(state.version, key);
  if (kept) return { list: kept };
  const page = await repo.searchSections(db, { ...q, q: text, readerTier: state.tier });
  const lock = lockOf(TIER_RANK[state.tier], page.plans ?? []);
  const list: LibrarySearchHit[] = page.rows.map((r) => {
    const locked = lock(higher(r.doc_tier, r.section_tier));
    return {
      document: r.document,
      documentTitle: r.document_title,
      anchor: r.anchor,
      heading: r.heading,
      tracks: r.tracks,
      themes: r.themes,
      rank: r.rank,
      // Belt and braces: the query computes no snippet for a locked section, and none is sent.
      snippet: locked || r.snippet === null ? [] : snippetParts(r.snippet),
      locked,
    };
  });
  cache.set(state.version, key, list);
  return { list };
}

/** The sections that best answer a question among those the reader may open (the assistant's retrieval). */
export async function retrieveForReader(db: Db, principal: Principal, question: string, limit = 5) {
  const reader = await readerOf(db, principal);
  const found = await repo.retrievePassages(db, { q: question, limit, readerRank: reader.rank });
  const lock = await lockMaker(
    db,
    reader,
    found.locked.map((l) => l.tier),
  );
  return {
    lexemes: found.lexemes,
    passages: found.passages.map((p) => ({ ...p, url: sectionPath(p.document, p.anchor) })),
    elsewhere: found.locked.map((l) => ({ title: l.document_title, lock: lock(l.tier) })).filter((l) => l.lock),
  };
}
