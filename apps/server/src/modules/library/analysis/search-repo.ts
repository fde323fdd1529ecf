import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { preparedRows } from "../../../db/prepared-sql.ts";
import type { LibraryTier } from "../../../db/schema/library.ts";
import type { QueryPlan } from "./query.ts";
import type { VocabularyRows } from "./vocabulary.ts";

/** node-postgres and PGlite both hand json back parsed; a driver that does not gets it parsed here. */
const parsed = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/**
 * The library's vocabulary (see Vocabulary): its words as PostgreSQL's parser splits them, each
 * with the sections holding it and its English stem, and each stem of the search column with its
 * sections, as the library's writes keep them (migration 0035): a few thousand small rows however
 * many sections the library holds. In descending byte order, as `ts_stat` lists them, so that
 * ties between spellings and suggestions fall the same way as before.
 */
export async function vocabularyRows(db: Db): Promise<VocabularyRows> {
  const [row] = await preparedRows<{ sections: number; words: VocabularyRows["words"] | string; stems: VocabularyRows["stems"] | string }>(
    db,
    "library_vocabulary",
    () => sql`SELECT
      (SELECT sections FROM library_vocabulary_total) AS sections,
      coalesce((SELECT json_agg(json_build_object('word', w.word, 'sections', w.sections, 'stem', w.stem) ORDER BY w.word COLLATE "C" DESC)
        FROM library_word w WHERE w.sections > 0), '[]'::json) AS words,
      coalesce((SELECT json_agg(json_build_object('stem', w.stem, 'sections', w.sections) ORDER BY w.stem COLLATE "C" DESC)
        FROM library_stem w WHERE w.sections > 0), '[]'::json) AS stems`,
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
 * The candidates of `from` (a CTE of section ids) with how well each answers the plan, in SQL over
 * the CTEs `q` and `concepts`: the weights of the concepts it holds, half again for those in its
 * heading, a bonus for the words as typed in their order, and PostgreSQL's cover density (how close
 * together the words stand); `every`, whether it holds every concept; and `columns` of `s` and `d`.
 * PostgreSQL fetches a stored vector from its TOAST table again for every function given it, so
 * each candidate's is read once into a copy (`v`) and its heading's words taken out once (`head`),
 * instead of five times and once per concept (`OFFSET 0` keeps the copies from being inlined back
 * into each use, and has each candidate looked up by its id, however few the planner expects); the
 * concepts are read from their JSON once per statement, not once per section.
 */
function scored(from: string, columns: { [name: string]: SQL }): SQL {
  const names = Object.keys(columns);
  return sql`SELECT ${sql.raw(["k.id", ...names.map((n) => `k.${n}`)].join(", "))}, k.v @@ q.allq AS every,
      (SELECT coalesce(sum(c.w) FILTER (WHERE k.v @@ c.q), 0) + 0.5 * coalesce(sum(c.w) FILTER (WHERE k.head @@ c.q), 0) FROM concepts c)
      + CASE WHEN q.phraseq IS NOT NULL AND k.v @@ q.phraseq THEN 2 ELSE 0 END
      + ts_rank_cd(k.v, q.anyq) AS rank
    FROM (SELECT k.*, ts_filter(k.v, '{a}') AS head FROM ${sql.raw(from)} c, LATERAL (
      SELECT s.id, ${sql.join(
        names.map((n) => sql`${columns[n]!} AS ${sql.raw(n)}`),
        sql`, `,
      )}, s.search || ''::tsvector AS v
      FROM library_section s JOIN library_document d ON d.id = s.document_id WHERE s.id = c.id OFFSET 0
    ) AS k OFFSET 0) AS k, q`;
}

/** The plan as CTEs `q` (any, all, phrase) and `concepts` (each known concept's tsquery and weight). */
const planCtes = sql`q AS (SELECT ${sql.placeholder("any")}::tsquery AS anyq, ${sql.placeholder("all")}::tsquery AS allq,
      nullif(${sql.placeholder("phrase")}, '')::tsquery AS phraseq),
    concepts AS MATERIALIZED (SELECT c.q::tsquery AS q, c.w FROM json_to_recordset(${sql.placeholder("concepts")}::json) AS c(q text, w float8))`;

/** Whether a tsquery has a phrase operator (`<->`, `<2>`) outside its quoted lexemes. */
const hasPhrase = (tsquery: string) => /<(?:\d+|-)>/.test(tsquery.replace(/'(?:[^']|'')*'/g, ""));

/**
 * The plan's queries for the strong words' vector (`library_search_lead`), which keeps lexemes and
 * no positions: a phrase never matches such a vector, so an alternative that is a phrase ("injured
 * person") is left out, and the arm holds exactly the sections it held before. Without a phrase the
 * index answers alone; with one, each section it found was checked again by computing its strong
 * words, a tenth of a millisecond each. Null (no section) when no alternative is left.
 */
function leadQueries(known: QueryPlan["concepts"]) {
  const words = known
    .map((c) => c.alternatives.filter((a) => !hasPhrase(a)))
    .map((alts) => (alts.length ? `( ${alts.join(" | ")} )` : null));
  const held = words.filter((w): w is string => w !== null);
  return { leadAny: held.length ? held.join(" | ") : null, leadAll: held.length === words.length && held.length ? held.join(" & ") : null };
}

export const planValues = (plan: QueryPlan) => {
  const known = plan.concepts.filter((c) => c.known);
  return {
    any: plan.any,
    all: plan.all,
    ...leadQueries(known),
    phrase: plan.phrase,
    concepts: JSON.stringify(known.map((c) => ({ q: c.query, w: c.weight }))),
    // With one concept "any" is "all": the first pass's arms for some of the words are skipped.
    several: known.length > 1,
  };
};

/**
 * A value the planner does not look at when it plans (a one-row subquery, run once when the
 * statement starts): the words, and the page size and reader's tier beside them, so that the plan
 * is the same for any search and a named statement runs one generic plan instead of planning each
 * search again (2 to 10 ms at 100,000 sections; a plan for the values, a little cheaper by the
 * planner's own estimate, kept it choosing to plan afresh).
 * Seen, a common word's high estimate led the planner to read an arm sequentially: every section
 * it passed over read from its TOAST table, from wherever a synchronised scan happened to start,
 * so the candidates, and the time, changed from one search to the next (a question took 13 ms or
 * 430 ms); a word in few sections made it read the whole table.
 */
const unseen = (value: SQL) => sql`(SELECT ${value})`;

/**
 * How many sections each arm of a search's first pass may pick (see `rankedCandidates`): at most
 * six arms, so a search ranks a few hundred sections however many hold its words.
 */
export const CANDIDATES_PER_ARM = 150;

/**
 * Strong candidates holding every concept enough that the arm for every concept anywhere is not
 * read (see `rankedCandidates`): as many as one arm may pick.
 */
export const ENOUGH_STRONG = CANDIDATES_PER_ARM;

const VECTORS = { heading: sql`ts_filter(s.search, '{a}')`, lead: sql`library_search_lead(s.search)`, body: sql`s.search` };

/**
 * One arm of a first pass, on a GIN index only (migrations 0013 and 0026): the first
 * CANDIDATES_PER_ARM sections `where` (over `s` and `d`) admits whose `vector` matches the plan's
 * `query`, in the table's order, without reading the sections it passes over; only when `when`, a
 * condition PostgreSQL decides once, holds. The arms for any concept run only for several.
 */
function arm(vector: keyof typeof VECTORS, query: "all" | "any", where: SQL, when?: SQL): SQL {
  const conditions = [
    ...(when ? [when] : []),
    ...(query === "any" ? [unseen(sql`${sql.placeholder("several")}::boolean`)] : []),
    sql`${VECTORS[vector]} @@ ${unseen(sql`${sql.placeholder(vector === "lead" ? `lead${query === "all" ? "All" : "Any"}` : query)}::tsquery`)}`,
    // Asked of each section's document, so that the arm reads the sections through its index
    // (a join let the planner start from a small library's few documents and read every section
    // of each in turn).
    sql`(SELECT ${where} FROM library_document d WHERE d.id = s.document_id)`,
  ];
  return sql`(SELECT s.id FROM library_section s WHERE ${sql.join(conditions, sql` AND `)} LIMIT ${sql.raw(String(CANDIDATES_PER_ARM))})`;
}

const union = (arms: SQL[]) => sql`SELECT DISTINCT c.id FROM (${sql.join(arms, sql` UNION ALL `)}) AS c`;

/**
 * A search's first pass, scored, as CTEs ending in `name` (the candidates with `columns`, `every`
 * and `rank`, see `scored`): the sections of these arms (see `arm`), where the sections that rank
 * best stand. First the strong ones: every concept in the heading, every concept said strongly
 * (in the heading or three times: `library_search_lead`), and, for a plan of several concepts,
 * the same for any concept. Then any concept anywhere, and every concept anywhere only while fewer
 * than ENOUGH_STRONG of the strong candidates hold every concept: its sections hold the words only
 * weakly (not in the heading, under three times each) and are taken in the table's order, so once
 * the strong arms have found that many sections holding every word they would add nothing but the
 * cost of reading a common word's whole index (a quarter of the library for "patient"). So a section
 * holding every concept is among the candidates whenever one exists ("every word first" holds), and a
 * rare word or a small library is read in full. When more sections than the cap say a word in their
 * heading, the ones ranked are the cap's first, not the best of all (the price of ranking a few
 * hundred at any size); and a section holding every word weakly is not ranked once the strong
 * arms hold enough that do, though a phrase or several synonyms could have lifted it above them.
 */
function rankedCandidates(name: string, where: SQL, columns: { [name: string]: SQL }): SQL {
  const strong = sql.raw(`${name}_strong`);
  const strongScored = sql.raw(`${name}_strong_scored`);
  const weak = `${name}_weak`;
  const room = sql`(SELECT count(*) FROM ${strongScored} WHERE every) < ${sql.raw(String(ENOUGH_STRONG))}`;
  return sql`${strong} AS (${union([arm("heading", "all", where), arm("lead", "all", where), arm("heading", "any", where), arm("lead", "any", where)])}),
    ${strongScored} AS MATERIALIZED (${scored(`${name}_strong`, columns)}),
    ${sql.raw(weak)} AS (
      SELECT c.id FROM (${arm("body", "all", where, room)} UNION ALL ${arm("body", "any", where)}) AS c
      EXCEPT SELECT id FROM ${strong}
    ),
    ${sql.raw(name)} AS (SELECT * FROM ${strongScored} UNION ALL ${scored(weak, columns)})`;
}

/**
 * The second pass of the assistant's retrieval, when `when` holds: the arms over the whole search
 * vector only (every concept, then any), among the sections `where` admits.
 */
function bodyCandidates(where: SQL, when: SQL): SQL {
  return union([arm("body", "all", where, when), arm("body", "any", where, when)]);
}

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
  return sql`d.status = 'published'${filter.track ? sql` AND d.tracks @> ${unseen(sql`${sql.placeholder("track")}::jsonb`)}` : sql``}${
    filter.theme ? sql` AND d.themes @> ${unseen(sql`${sql.placeholder("theme")}::jsonb`)}` : sql``
  }`;
}

const plansJson = sql`(SELECT json_agg(json_build_object('name', p.name, 'libraryTier', p.library_tier) ORDER BY p.display_order, p.id)
  FROM packages p WHERE p.status = 'active')`;

type Plans = { name: string; libraryTier: LibraryTier }[];
type RankInput = { plan: QueryPlan; track?: string; theme?: string; limit: number; readerTier: LibraryTier };

/** A hand-written statement as `preparedRows` runs it: its name, its text and the values of its placeholders. */
export type Statement = { name: string; build: () => SQL; values: Record<string, unknown> };

/**
 * The statement of `rankSections` (one per filter shape), apart so tests and benchmarks can
 * EXPLAIN what the search runs.
 */
export function rankStatement(input: RankInput): Statement {
  const shape = { track: input.track !== undefined, theme: input.theme !== undefined };
  return {
    name: `library_rank${shape.track ? "_track" : ""}${shape.theme ? "_theme" : ""}`,
    build: () => sql`
    WITH reader AS (SELECT ${rankOf(unseen(sql`${sql.placeholder("tier")}::text`))} AS rank),
    ${planCtes},
    ${rankedCandidates("candidates", filters(shape), { document_id: sql`s.document_id` })},
    hits AS (
      SELECT h.id, h.every, h.rank FROM candidates AS h
      ORDER BY h.every DESC, h.rank DESC, h.id
      LIMIT ${unseen(sql`${sql.placeholder("limit")}::int`)}
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
    values: {
      ...planValues(input.plan),
      tier: input.readerTier,
      limit: input.limit,
      track: shape.track ? JSON.stringify([input.track]) : undefined,
      theme: shape.theme ? JSON.stringify([input.theme]) : undefined,
    },
  };
}

/**
 * The ranked page of a search: of the first pass's candidates (`rankedCandidates`, a few hundred at
 * most), sections holding every concept first, then those holding some, by score; a highlighted
 * snippet only for what a reader of `readerTier` may open; the plans on sale only when something
 * returned is locked. One statement per filter shape, prepared once per connection.
 */
export async function rankSections(db: Db, input: RankInput): Promise<{ rows: RankedRow[]; plans: Plans | null }> {
  const statement = rankStatement(input);
  const [row] = await preparedRows<{ rows: RankedRow[] | string; plans: Plans | string | null }>(
    db,
    statement.name,
    statement.build,
    statement.values,
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

type RetrieveInput = { plan: QueryPlan; limit: number; readerRank: number };

/** The reader's tier rank in the retrieval statement, unseen by the planner like its words. */
const readerRank = unseen(sql`${sql.placeholder("rank")}::int`);
type LockedDocument = { document: string; document_title: string; tier: LibraryTier };

/** The statement of `retrieveSections`, apart so tests and benchmarks can EXPLAIN what retrieval runs. */
export function retrieveStatement(input: RetrieveInput): Statement {
  return {
    name: "library_retrieve",
    build: () => sql`
    WITH ${planCtes},
    ${rankedCandidates("matches", sql`d.status = 'published'`, { document_id: sql`s.document_id`, needs })},
    more AS (${bodyCandidates(
      sql`d.status = 'published' AND ${needs} <= ${readerRank}`,
      sql`(SELECT count(*) FROM matches WHERE needs <= ${readerRank}) < ${unseen(sql`${sql.placeholder("limit")}::int`)}`,
    )}),
    more_matches AS (${scored("more", { document_id: sql`s.document_id`, needs })}),
    open AS (
      SELECT * FROM (SELECT * FROM matches UNION SELECT * FROM more_matches) AS m
      WHERE needs <= ${readerRank} ORDER BY every DESC, rank DESC, id LIMIT ${unseen(sql`${sql.placeholder("limit")}::int`)}
    ),
    shut AS (
      SELECT d.slug AS document, min(d.title) AS document_title, (array['free','core','premium'])[max(m.needs) + 1] AS tier, max(m.rank) AS rank
      FROM matches m JOIN library_document d ON d.id = m.document_id
      WHERE m.needs > ${readerRank} AND m.every
      GROUP BY d.slug ORDER BY rank DESC LIMIT 3
    )
    SELECT
      coalesce((SELECT json_agg(json_build_object('document', d.slug, 'document_title', d.title, 'anchor', s.anchor, 'heading', s.heading,
        'body_text', s.body_text, 'rank', o.rank, 'every', o.every) ORDER BY o.every DESC, o.rank DESC, o.id)
        FROM open o JOIN library_section s ON s.id = o.id JOIN library_document d ON d.id = s.document_id), '[]'::json) AS passages,
      coalesce((SELECT json_agg(json_build_object('document', document, 'document_title', document_title, 'tier', tier)) FROM shut), '[]'::json) AS locked`,
    values: { ...planValues(input.plan), rank: input.readerRank, limit: input.limit },
  };
}

/**
 * The assistant's passages: the best sections for the plan among the first pass's candidates a
 * reader of tier rank `readerRank` may open, and the documents above their plan that would also
 * answer, from the candidates holding every concept (named, never quoted). The first pass is not
 * narrowed by the reader's plan (a filter that rejects most sections would make each arm read on
 * until it found its cap); only when it yields fewer open sections than asked for does a second
 * pass look for open ones alone.
 */
export async function retrieveSections(db: Db, input: RetrieveInput): Promise<{ passages: RetrievedPassage[]; locked: LockedDocument[] }> {
  const statement = retrieveStatement(input);
  const [row] = await preparedRows<{ passages: RetrievedPassage[] | string; locked: LockedDocument[] | string }>(
    db,
    statement.name,
    statement.build,
    statement.values,
  );
  return { passages: parsed(row?.passages ?? []), locked: parsed(row?.locked ?? []) };
}
