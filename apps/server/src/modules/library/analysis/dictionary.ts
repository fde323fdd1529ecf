import { readFileSync } from "node:fs";
import path from "node:path";
import { CONTENT_DIR } from "../../../paths.ts";

/**
 * The search dictionary (`content/search/synonyms.txt`): groups of terms that mean the same thing
 * to a candidate. A term is one word or several ("glyceryl trinitrate"); every term of a group
 * stands for the whole group.
 */
export type SynonymDictionary = {
  /** Each group's terms, lower case, words separated by one space. */
  groups: string[][];
  /** A term → the index of its group. */
  groupOf: Map<string, number>;
  /** The longest term, in words: how far ahead the query looks for a phrase. */
  longest: number;
};

export const DICTIONARY_FILE = path.join(CONTENT_DIR, "search/synonyms.txt");

/** Lower case, words of letters and digits (and inner hyphens) separated by one space. */
export const normaliseTerm = (term: string) =>
  term
    .toLowerCase()
    .replace(/[^a-z0-9%µ\s-]+/g, " ")
    .replace(/\s+-|-\s+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Parses the dictionary text; `problems` names each line that breaks its rules. */
export function parseDictionary(text: string): { dictionary: SynonymDictionary; problems: string[] } {
  const groups: string[][] = [];
  const groupOf = new Map<string, number>();
  const lineOf = new Map<string, number>();
  const problems: string[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const where = `search/synonyms.txt:${i + 1}`;
    const terms = line.split("|").map((t) => t.trim());
    const group: string[] = [];
    for (const term of terms) {
      const normal = normaliseTerm(term);
      if (!normal) problems.push(`${where}: an empty term`);
      else if (normal !== term.toLowerCase().replace(/\s+/g, " ")) problems.push(`${where}: "${term}" has signs a search cannot type`);
      else if (groupOf.has(normal)) problems.push(`${where}: "${normal}" is already in the group of line ${lineOf.get(normal)}`);
      else if (!group.includes(normal)) group.push(normal);
    }
    if (group.length < 2) {
      problems.push(`${where}: a group needs two terms or more`);
      return;
    }
    for (const term of group) {
      groupOf.set(term, groups.length);
      lineOf.set(term, i + 1);
    }
    groups.push(group);
  });
  const longest = Math.max(1, ...groups.flat().map((t) => t.split(" ").length));
  return { dictionary: { groups, groupOf, longest }, problems };
}
let loaded: SynonymDictionary | undefined;

/** The dictionary of the content folder, read once per process. */
export function searchDictionary(): SynonymDictionary {
  loaded ??= parseDictionary(readFileSync(DICTIONARY_FILE, "utf8")).dictionary;
  return loaded;
}

/**
 * The content check's part for the dictionary: its own rules, and that every group has a term the
 * library uses (`libraryText`: every study document, lower case), so no line is dead weight.
 */
export function checkDictionary(text: string, libraryText: string): string[] {
  const { dictionary, problems } = parseDictionary(text);
  // Hyphens count as spaces here: the library writes "two-in, two-out", a candidate "two in two out".
  const spaced = (s: string) => s.replace(/-/g, " ");
  const words = ` ${spaced(normaliseTerm(libraryText))} `;
  for (const group of dictionary.groups) {
    if (!group.some((term) => words.includes(` ${spaced(term)} `)))
      problems.push(`search/synonyms.txt: no term of "${group.join(" | ")}" occurs in the library`);
  }
  return problems;
}
