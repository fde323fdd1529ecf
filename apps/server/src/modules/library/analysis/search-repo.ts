import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { preparedRows } from "../../../db/prepared-sql.ts";
import type { LibraryTier } from "../../../db/schema/library.ts";
import type { QueryPlan } from "./query.ts";
import type { VocabularyRows } from "./vocabulary.ts";

/** node-postgres and PGlite both hand json back parsed; a driver that does not gets it parsed here. */
const parsed = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** Published sections, joined to their document as `s` and `d`. */
const PUBLISHED = `FROM library_section s JOIN library_document d ON d.id = s.document_id WHERE d.status = 'published'`;

/**
 * The library's vocabulary (see Vocabulary): its words as PostgreSQL's parser splits them, each
 * with the sections holding it and its English stem, and each stem of the search column with its
 * sections. Two passes of `ts_stat`, read once per library version.
 */
export async function vocabularyRows(db: Db): Promise<VocabularyRows> {
  const [row] = await preparedRows<{ sections: number; words: VocabularyRows["words"] | string; stems: VocabularyRows["stems"] | string }>(
    db,
    "library_vocabulary",
    () => sql`SELECT
      (SELECT count(*)::int ${sql.raw(PUBLISHED)}) AS sections,
      coalesce((SELECT json_agg(json_build_object('word', w.word, 'sections', w.ndoc, 'stem', (ts_lexize('english_stem', w.word))[1]))
        FROM ts_stat(${`SELECT to_tsvector('simple', s.heading || ' ' || s.body_text) ${PUBLISHED}`}) w), '[]'::json) AS words,
      coalesce((SELECT json_agg(json_build_object('stem', w.word, 'sections', w.ndoc))
        FROM ts_stat(${`SELECT s.search ${PUBLISHED}`}) w), '[]'::json) AS stems`,
  );
  return { sections: row?.sections ?? 0, words: parsed(row?.words ?? []), stems: parsed(row?.stems ?? []) };
}

/** PostgreSQL's English analysis of each term, as tsquery text (`phraseto_tsquery`): "" when only stop words. */
export async function analyseTerms(db: Db, terms: string[]): Promise<Map<string, string>> {
  if (!terms.length) return new Map();
  const rows = await preparedRows<{ term: string; query: string }>(
    db,
    "library_analyse_terms",
    () => sql`SELECT t.term, phraseto_tsquery('english', t.term)::text AS query
      FROM json_array_elements_text(${sql.placeholder("terms")}::json) AS t(term)`,
    { terms: JSON.stringify(terms) },
  );
  return new Map(rows.map((r) => [r.term, r.query]));
}

/** A tier as a number, in SQL (free 0, core 1, premium 2). */
const rankOf = (column: SQL) => sql`(CASE ${column} WHEN 'premium' THEN 2 WHEN 'core' THEN 1 ELSE 0 END)`;
/** The tier a section needs: its own mark or its document's, whichever is higher. */
const needs = sql`greatest(${rankOf(sql`d.tier`)}, ${rankOf(sql`coalesce(s.tier, 'free')`)})`;

/**
 * How well a section answers the plan, in SQL over `s` and the CTEs `q` and `concepts`: the weights
 * of the concepts it holds, half again for those in its heading, a bonus for the words as typed in
 * their order, and PostgreSQL's cover density (how close together the words stand).
 */
const score = sql`(SELECT coalesce(sum(c.w), 0) FROM concepts c WHERE s.search @@ c.q)
  + 0.5 * (SELECT coalesce(sum(c.w), 0) FROM concepts c WHERE ts_filter(s.search, '{a}') @@ c.q)
  + CASE WHEN q.phraseq IS NOT NULL AND s.search @@ q.phraseq THEN 2 ELSE 0 END
  + ts_rank_cd(s.search, q.anyq)`;

/** The plan as CTEs `q` (any, all, phrase) and `concepts` (each known concept's tsquery and weight). */
const planCtes = sql`q AS (SELECT ${sql.placeholder("any")}::tsquery AS anyq, ${sql.placeholder("all")}::tsquery AS allq,
      nullif(${sql.placeholder("phrase")}, '')::tsquery AS phraseq),
    concepts AS (SELECT c.q::tsquery AS q, c.w FROM json_to_recordset(${sql.placeholder("concepts")}::json) AS c(q text, w float8))`;

export const planValues = (plan: QueryPlan) => ({
  any: plan.any,
  all: plan.all,
  phrase: plan.phrase,
  concepts: JSON.stringify(plan.concepts.filter((c) => c.known).map((c) => ({ q: c.query, w: c.weight }))),
});

export type RankedRow = {
  document: string;
  document_title: string;
  tracks: string[];
  themes: string[];
  doc_tier: LibraryTier;
  anchor: string;
  heading: string;
  section_tier: LibraryTier | null;
  rank: number;
  /** Every known concept of the plan is in the section. */
  every: boolean;
  /** Null when the reader may not open the section: its text is never read for them. */
  snippet: string | null;
};

export const SNIPPET_START = "\u0002";
export const SNIPPET_STOP = "\u0003";

/** Published documents in the track and theme asked for: one shape per filter present, values as placeholders. */
function filters(filter: { track: boolean; theme: boolean }): SQL {
  return sql`d.status = 'published'${filter.track ? sql` AND d.tracks @> ${sql.placeholder("track")}::jsonb` : sql``}${
    filter.theme ? sql` AND d.themes @> ${sql.placeholder("theme")}::jsonb` : sql``
  }`;
}

const plansJson = sql`(SELECT json_agg(json_build_object('name', p.name, 'libraryTier', p.library_tier) ORDER BY p.display_order, p.id)
  FROM packages p WHERE p.status = 'active')`;

/**
 * The ranked page of a search: sections holding every concept first, then those holding some, by
 * score; a highlighted snippet only for what a reader of `readerTier` may open; the plans on sale
 * only when something returned is locked. One statement per filter shape, prepared once per connection.
 */
export async function rankSections(
  db: Db,
  input: { plan: QueryPlan; track?: string; theme?: string; limit: number; readerTier: LibraryTier },
): Promise<{ rows: RankedRow[]; plans: { name: string; libraryTier: LibraryTier }[] | null }> {
  const shape = { track: input.track !== undefined, theme: input.theme !== undefined };
  const [row] = await preparedRows<{ rows: RankedRow[] | string; plans: { name: string; libraryTier: LibraryTier }[] | string | null }>(
    db,
    `library_rank${shape.track ? "_track" : ""}${shape.theme ? "_theme" : ""}`,
    () => sql`
    WITH reader AS (SELECT ${rankOf(sql`${sql.placeholder("tier")}::text`)} AS rank),
    ${planCtes},
    hits AS (
      SELECT s.id, s.search @@ q.allq AS every, ${score} AS rank
      FROM library_section s JOIN library_document d ON d.id = s.document_id, q
      WHERE s.search @@ q.anyq AND ${filters(shape)}
      ORDER BY every DESC, rank DESC, s.id
      LIMIT ${sql.placeholder("limit")}
    ),
    page AS (
      SELECT s.id, d.slug AS document, d.title AS document_title, d.tracks, d.themes, d.tier AS doc_tier,
        s.anchor, s.heading, s.tier AS section_tier, h.rank, h.every, ${needs} > reader.rank AS locked,
        CASE WHEN ${needs} <= reader.rank THEN ts_headline('english', s.body_text, q.anyq,
          ${`StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`})
        END AS snippet
      FROM hits h JOIN library_section s ON s.id = h.id JOIN library_document d ON d.id = s.document_id, q, reader
    )
    SELECT coalesce((SELECT json_agg(page ORDER BY page.every DESC, page.rank DESC, page.id) FROM page), '[]'::json) AS rows,
      CASE WHEN EXISTS (SELECT 1 FROM page WHERE page.locked) THEN ${plansJson} END AS plans`,
    {
      ...planValues(input.plan),
      tier: input.readerTier,
      limit: input.limit,
      track: shape.track ? JSON.stringify([input.track]) : undefined,
      theme: shape.theme ? JSON.stringify([input.theme]) : undefined,
    },
  );
  return { rows: parsed(row?.rows ?? []), plans: parsed(row?.plans ?? null) };
}

export type RetrievedPassage = {
  document: string;
  document_title: string;
  anchor: string;
  heading: string;
  body_text: string;
  rank: number;
  every: boolean;
};

/**
 * The assistant's passages: the best sections for the plan among those a reader of tier rank
 * `readerRank` may open, and the documents above their plan that would also answer (named, never
 * quoted).
 */
export async function retrieveSections(
  db: Db,
  input: { plan: QueryPlan; limit: number; readerRank: number },
): Promise<{ passages: RetrievedPassage[]; locked: { document: string; document_title: string; tier: LibraryTier }[] }> {
  const [row] = await preparedRows<{
    passages: RetrievedPassage[] | string;
    locked: { document: string; document_title: string; tier: LibraryTier }[] | string;
  }>(
    db,
    "library_retrieve",
    () => sql`
    WITH ${planCtes},
    matches AS (
      SELECT s.id, s.document_id, ${needs} AS needs, s.search @@ q.allq AS every, ${score} AS rank
      FROM library_section s JOIN library_document d ON d.id = s.document_id, q
      WHERE s.search @@ q.anyq AND d.status = 'published'
    ),
    open AS (SELECT * FROM matches WHERE needs <= ${sql.placeholder("rank")} ORDER BY every DESC, rank DESC, id LIMIT ${sql.placeholder("limit")}),
    shut AS (
      SELECT d.slug AS document, min(d.title) AS document_title, (array['free','core','premium'])[max(m.needs) + 1] AS tier, max(m.rank) AS rank
      FROM matches m JOIN library_document d ON d.id = m.document_id
      WHERE m.needs > ${sql.placeholder("rank")} AND m.every
      GROUP BY d.slug ORDER BY rank DESC LIMIT 3
    )
    SELECT
      coalesce((SELECT json_agg(json_build_object('document', d.slug, 'document_title', d.title, 'anchor', s.anchor, 'heading', s.heading,
        'body_text', s.body_text, 'rank', o.rank, 'every', o.every) ORDER BY o.every DESC, o.rank DESC, o.id)
        FROM open o JOIN library_section s ON s.id = o.id JOIN library_document d ON d.id = s.document_id), '[]'::json) AS passages,
      coalesce((SELECT json_agg(json_build_object('document', document, 'document_title', document_title, 'tier', tier)) FROM shut), '[]'::json) AS locked`,
    { ...planValues(input.plan), rank: input.readerRank, limit: input.limit },
  );
  return { passages: parsed(row?.passages ?? []), locked: parsed(row?.locked ?? []) };
}
