import { normaliseTerm, type SynonymDictionary } from "./dictionary.ts";
import { isEnglishWord } from "./english.ts";
import { spellingKey } from "./spelling.ts";
import { spellingsOf, suggestionFor, type Vocabulary, weightOf } from "./vocabulary.ts";

/**
 * What a search or a question asks for, as concepts: a word or a phrase of the query, with the
 * ways the library may say it (its spellings, its synonyms, a mistyped word's nearest library
 * word), each as a tsquery that PostgreSQL's English analysis made (stems, stop words), and how
 * much it tells (rare words more than common ones). The same plan serves search and the study
 * assistant's retrieval, on PGlite and PostgreSQL alike: every step is this code or PostgreSQL's
 * own `english` configuration.
 */
export type Concept = {
  /** The query's words it stands for, lower case. */
  text: string;
  /** The tsquery of each way the library says it (only those the library holds). */
  alternatives: string[];
  /** The alternatives as one tsquery (`( a | b )`), or "" when the library holds none. */
  query: string;
  /** How much it tells: the inverse document frequency of its most common alternative. */
  weight: number;
  /** Whether the library holds it in any of its ways. */
  known: boolean;
  isNumber: boolean;
  /** The library's word taken for a word it does not know (a typo). */
  correctedTo?: string;
  /** For a word the library does not know: it is ordinary English ("might", "hook"), not a term of its own ("prusik"). */
  english?: boolean;
  /** Held only by the stem of a form the library never writes ("injecter" as "inject"): weak evidence of what was meant. */
  loose?: true;
};

export type QueryPlan = {
  concepts: Concept[];
  /** Sections holding any known concept / every known concept / the words as typed, in order. */
  any: string;
  all: string;
  phrase: string;
  /** Every word of the query is in the library (in one of its ways): a section may hold them all. */
  complete: boolean;
  /** The query with its mistyped words replaced by the library's, when there were any. */
  didYouMean: string | null;
};

/** PostgreSQL's analysis of terms: each term → its tsquery text (`phraseto_tsquery('english', …)`), "" for stop words only. */
export type Analyse = (terms: string[]) => Promise<Map<string, string>>;

/** Words that only frame a question (and contractions typed without their apostrophe): never a concept. */
const CHATTER = new Set(
  "whats hows wheres whos whens whys cant dont doesnt didnt isnt arent wasnt werent wont wouldnt shouldnt couldnt im ive youre theyre thats theres lets please pls thanks thank hi hello ok okay tell explain know".split(
    " ",
  ),
);

/** The query's words: lower case, letters and digits (a decimal keeps its point), hyphens and signs as spaces; "isn't" is "is not". */
export function wordsOf(text: string): string[] {
  return withoutContractions(text.toLowerCase()).match(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|[a-z0-9]+(?:\.[0-9]+)?/g) ?? [];
}

/** English contractions written out, so "isn't" asks nothing of a word "isn" the library never uses. */
function withoutContractions(text: string): string {
  return text
    .replace(/[’‘]/g, "'")
    .replace(/\bcan't\b/g, "cannot")
    .replace(/\bwon't\b/g, "will not")
    .replace(/n't\b/g, " not")
    .replace(/'(s|re|ll|ve|d|m)\b/g, "");
}

/** A number as the library may write it: "50000" and "50,000" (PostgreSQL reads "50,000" as 50 then 000). */
function numberForms(word: string): string[] {
  const plain = word.replace(/,/g, "");
  const [whole, fraction] = plain.split(".");
  const grouped = whole!.length > 3 ? whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (fraction ? `.${fraction}` : "") : plain;
  return [...new Set([plain, grouped])];
}

const lexemesOf = (tsquery: string) => [...tsquery.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'"));

/** Dictionary terms by their words' spelling keys, so "hypoglycemia" finds the group of "hypoglycaemia". */
const keyedTerms = new WeakMap<SynonymDictionary, Map<string, number>>();
function groupByKey(dictionary: SynonymDictionary): Map<string, number> {
  let map = keyedTerms.get(dictionary);
  if (!map) {
    map = new Map();
    for (const [term, group] of dictionary.groupOf) map.set(term.replace(/-/g, " ").split(" ").map(spellingKey).join(" "), group);
    keyedTerms.set(dictionary, map);
  }
  return map;
}

export async function planQuery(
  text: string,
  deps: { vocabulary: Vocabulary; dictionary: SynonymDictionary; analyse: Analyse },
): Promise<QueryPlan> {
  const { vocabulary, dictionary, analyse } = deps;
  const words = wordsOf(text).filter((w) => !CHATTER.has(w));
  const groups = groupByKey(dictionary);

  // Each concept's words and the terms the library may use for it; the longest dictionary phrase first.
  type Draft = { text: string; terms: string[]; isNumber: boolean; correctedTo?: string; near?: string; english?: boolean };
  const drafts: Draft[] = [];
  for (let i = 0; i < words.length; ) {
    let matched = false;
    for (let n = Math.min(dictionary.longest, words.length - i); n >= 1 && !matched; n--) {
      const phrase = words.slice(i, i + n);
      const group = groups.get(phrase.map(spellingKey).join(" "));
      if (group === undefined) continue;
      const terms = dictionary.groups[group]!.flatMap((t) => (t.includes(" ") ? [t] : [t, ...spellingsOf(vocabulary, t)]));
      drafts.push({ text: phrase.join(" "), terms: [...new Set(terms.map(normaliseTerm))], isNumber: false });
      i += n;
      matched = true;
    }
    if (matched) continue;
    const word = words[i]!;
    i++;
    const isNumber = /^\d/.test(word);
    drafts.push({ text: word, terms: isNumber ? numberForms(word) : [word, ...spellingsOf(vocabulary, word)], isNumber });
  }

  const analysed = await analyse([...new Set([...drafts.flatMap((d) => d.terms), words.join(" ")])]);
  const present = (queries: string[]) => queries.filter((q) => lexemesOf(q).every((l) => (vocabulary.stems.get(l) ?? 0) > 0));
  const queriesOf = (terms: string[]) => [...new Set(terms.map((t) => analysed.get(t) ?? "").filter(Boolean))];
  // A word the library holds in another spelling only once stemmed ("hemorrhagic", the library's
  // "haemorrhage"): its stem's spellings.
  const stemVariants = new Map<string, string[]>();
  for (const d of drafts) {
    if (d.isNumber) continue;
    for (const q of queriesOf(d.terms)) {
      const lexemes = lexemesOf(q);
      if (lexemes.length !== 1 || present([q]).length) continue;
      const stems = vocabulary.stemsBySpelling.get(spellingKey(lexemes[0]!)) ?? [];
      if (stems.length)
        stemVariants.set(
          d.text,
          stems.map((stem) => `'${stem.replace(/'/g, "''")}'`),
        );
    }
  }
  // A word the library knows in none of its forms (after stemming), and no English word either:
  // perhaps a typo of one the library knows.
  for (const d of drafts) {
    if (stemVariants.has(d.text)) continue;
    const queries = queriesOf(d.terms);
    if (d.isNumber || d.terms.length !== 1 || !queries.length || present(queries).length) continue;
    d.english = await isEnglishWord(d.text);
    if (d.english) continue;
    const suggestion = suggestionFor(vocabulary, d.text);
    if (suggestion) d.correctedTo = suggestion;
  }
  // A word the library never writes, and no English word, whose stem it holds all the same
  // ("injecter", stemmed "inject"): perhaps a typo of a word it writes ("injector"), searched too.
  for (const d of drafts) {
    if (d.isNumber || d.correctedTo || d.terms.length !== 1 || vocabulary.words.has(d.text) || stemVariants.has(d.text)) continue;
    if (!present(queriesOf(d.terms)).length || (await isEnglishWord(d.text))) continue;
    const near = suggestionFor(vocabulary, d.text);
    if (near) d.near = near;
  }
  const suggestions = drafts.flatMap((d) => [d.correctedTo, d.near].filter((t): t is string => !!t));
  if (suggestions.length) for (const [t, q] of await analyse(suggestions)) analysed.set(t, q);

  const concepts: Concept[] = [];
  for (const d of drafts) {
    const terms = [...d.terms, ...(d.correctedTo ? [d.correctedTo] : []), ...(d.near ? [d.near] : [])];
    const queries = [...queriesOf(terms), ...(stemVariants.get(d.text) ?? [])];
    // Only stop words: "the", "what", "how".
    if (!queries.length) continue;
    const held = present(queries);
    const sections = held.map((q) => Math.min(...lexemesOf(q).map((l) => vocabulary.stems.get(l) ?? 0)));
    concepts.push({
      text: d.text,
      alternatives: held,
      query: held.length ? `( ${held.join(" | ")} )` : "",
      weight: weightOf(vocabulary, held.length ? Math.max(...sections) : 0),
      known: held.length > 0,
      isNumber: d.isNumber,
      ...(d.correctedTo && held.length ? { correctedTo: d.correctedTo } : {}),
      ...(held.length && !d.isNumber && d.terms.length === 1 && !d.correctedTo && !vocabulary.words.has(d.text)
        ? { loose: true as const }
        : {}),
      ...(held.length ? {} : { english: d.english ?? true }),
    });
  }
  // Numbers only narrow a search: a search of numbers and signs alone ("1=1") finds nothing.
  const known = concepts.some((c) => c.known && !c.isNumber) ? concepts.filter((c) => c.known) : [];
  const corrected = concepts.filter((c) => c.correctedTo);
  return {
    concepts,
    any: known.map((c) => c.query).join(" | "),
    all: known.map((c) => c.query).join(" & "),
    phrase: known.length > 1 ? (analysed.get(words.join(" ")) ?? "") : "",
    complete: concepts.every((c) => c.known || c.isNumber),
    didYouMean: corrected.length
      ? wordsOf(text)
          .map((w) => corrected.find((c) => c.text === w)?.correctedTo ?? w)
          .join(" ")
      : null,
  };
}
