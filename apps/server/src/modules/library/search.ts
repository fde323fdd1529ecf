// Full-text search for readers (with this instance's page cache) and the assistant's retrieval,
// both on the query plan of `analysis/` (spellings, synonyms, typos, weights).
import type { LibrarySearchHit, LibrarySearchResponse, SnippetPart } from "@academy/contract/library";
import { sectionPath } from "@academy/contract/library";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import { libraryTierSql } from "../entitlements/service.ts";
import { higher, lockMaker, lockOf, readerOf, TIER_RANK } from "./access.ts";
import { searchDictionary } from "./analysis/dictionary.ts";
import { planQuery, type QueryPlan } from "./analysis/query.ts";
import * as searchRepo from "./analysis/search-repo.ts";
import { buildVocabulary, type Vocabulary } from "./analysis/vocabulary.ts";
import * as repo from "./repo.ts";
import { SearchCache } from "./search-cache.ts";

/** Turns ts_headline's marked text into parts, so the browser renders it as text (no HTML). */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const piece of marked.split(searchRepo.SNIPPET_START)) {
    const stop = piece.indexOf(searchRepo.SNIPPET_STOP);
    if (stop < 0) {
      if (piece) parts.push({ text: piece, hit: false });
      continue;
    }
    parts.push({ text: piece.slice(0, stop), hit: true });
    if (stop + 1 < piece.length) parts.push({ text: piece.slice(stop + 1), hit: false });
  }
  return parts;
}

type SearchAnswer = Omit<LibrarySearchResponse, "error">;

/** This instance's cache of search pages, `pages` at most (see SearchCache). */
export const newSearchCache = (pages: number) => new SearchCache<SearchAnswer>(pages);

/** The library's vocabulary, kept per database handle for the library version it was read at. */
const vocabularies = new WeakMap<Db, { version: string; vocabulary: Promise<Vocabulary> }>();

function vocabularyAt(db: Db, version: string): Promise<Vocabulary> {
  const kept = vocabularies.get(db);
  if (kept?.version === version) return kept.vocabulary;
  const vocabulary = searchRepo.vocabularyRows(db).then(buildVocabulary);
  vocabularies.set(db, { version, vocabulary });
  // A failed read is not kept: the next search tries again.
  vocabulary.catch(() => vocabularies.get(db)?.vocabulary === vocabulary && vocabularies.delete(db));
  return vocabulary;
}

/** The plan of a search or a question on the library as it is now (for tests and benchmarks: a search reads its version with the reader's tier). */
export async function planNow(db: Db, text: string): Promise<QueryPlan> {
  return planAt(db, await repo.searchVersion(db), text);
}

/** The plan of a search or a question at the library's `version`. */
async function planAt(db: Db, version: string, text: string): Promise<QueryPlan> {
  return planWith(db, await vocabularyAt(db, version), text);
}

const planWith = (db: Db, vocabulary: Vocabulary, text: string) =>
  planQuery(text, { vocabulary, dictionary: searchDictionary(), analyse: (terms) => searchRepo.analyseTerms(db, terms) });

/**
 * Search after sign-in: the reader's plan and the library's search version in one small statement,
 * then the page of hits (every word first, then some of them), with snippets for what the plan
 * opens and the plans on sale when something is locked, from `cache` when this instance answered
 * the same search at the same version for the same tier.
 */
export async function search(
  db: Db,
  principal: Principal,
  q: { q: string; track?: string; theme?: string; limit: number },
  cache: SearchCache<SearchAnswer>,
): Promise<SearchAnswer> {
  const text = q.q.trim();
  if (!text) return { list: [], match: "none", didYouMean: null };
  const state =
    principal.role === "admin"
      ? { tier: "premium" as const, version: await repo.searchVersion(db) }
      : await repo.searchState(db, principal.id, (userId) => libraryTierSql(db, userId));
  if (!state.tier) throw new HttpError(503, "No default plan is configured");
  const key = JSON.stringify([state.tier, q.limit, q.track ?? null, q.theme ?? null, text]);
  const kept = cache.get(state.version, key);
  if (kept) return kept;
  const plan = await planAt(db, state.version, text);
  let answer: SearchAnswer = { list: [], match: "none", didYouMean: plan.didYouMean };
  if (plan.any) {
    const page = await searchRepo.rankSections(db, { ...q, plan, readerTier: state.tier });
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
        // A word the library never uses: no section holds every word.
        matchesAll: r.every && plan.complete,
        // Belt and braces: the query computes no snippet for a locked section, and none is sent.
        snippet: locked || r.snippet === null ? [] : snippetParts(r.snippet),
        locked,
      };
    });
    answer = { list, match: list.length === 0 ? "none" : list[0]!.matchesAll ? "all" : "some", didYouMean: plan.didYouMean };
  }
  cache.set(state.version, key, answer);
  return answer;
}

/**
 * The sections that best answer a question among those the reader may open (the assistant's
 * retrieval), with the question's plan and `holds` (which of its concepts a text holds), and the
 * documents above the reader's plan that would answer it too.
 */
export async function retrieveForReader(db: Db, principal: Principal, question: string, limit = 5) {
  const [reader, version] = await Promise.all([readerOf(db, principal), repo.searchVersion(db)]);
  const vocabulary = await vocabularyAt(db, version);
  const plan = await planWith(db, vocabulary, question);
  const holds = conceptMatcher(plan, vocabulary);
  if (!plan.any) return { plan, holds, passages: [], elsewhere: [] };
  const found = await searchRepo.retrieveSections(db, { plan, limit, readerRank: reader.rank });
  const lock = await lockMaker(
    db,
    reader,
    found.locked.map((l) => l.tier),
  );
  return {
    plan,
    holds,
    passages: found.passages.map((p) => ({ ...p, url: sectionPath(p.document, p.anchor) })),
    elsewhere: found.locked.map((l) => ({ title: l.document_title, lock: lock(l.tier) })).filter((l) => l.lock),
  };
}

const lexemeSequences = (tsquery: string) =>
  tsquery
    .split("|")
    .map((alt) => [...alt.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'")))
    .filter((l) => l.length > 0);

/**
 * Which of the plan's concepts a piece of library text holds, by the same stems PostgreSQL gives
 * its words (read from the vocabulary): what the built-in answerer weighs sentences with.
 */
function conceptMatcher(plan: QueryPlan, vocabulary: Vocabulary): (text: string) => Set<number> {
  const alternatives = plan.concepts.map((c) => c.alternatives.flatMap(lexemeSequences));
  return (text: string) => {
    const stems = new Set(
      wordsOfText(text)
        .map((w) => vocabulary.words.get(w)?.stem)
        .filter((s): s is string => !!s),
    );
    const held = new Set<number>();
    alternatives.forEach((alts, i) => {
      if (alts.some((lexemes) => lexemes.every((l) => stems.has(l)))) held.add(i);
    });
    return held;
  };
}

/** Words of library text as PostgreSQL's parser finds them: hyphenated words also as their parts. */
const wordsOfText = (text: string) => text.toLowerCase().match(/[a-z0-9]+(?:\.[0-9]+)?/g) ?? [];
