import { spellingKey } from "./spelling.ts";

/**
 * Whether a word is ordinary English, from the Hunspell English dictionary (SCOWL, `dictionary-en`):
 * a word the library does not use is taken for a typo of a library word only when it is not a
 * real word. "might" is no typo of "right", nor "city" of "cite"; "tourniqet" is one of
 * "tourniquet". The dictionary's words are read once, with their common endings (-s, -ed, -ing,
 * -er, -ly…) undone by hand rather than by its affix rules, and British spellings through their
 * spelling key.
 */
let words: Promise<Set<string>> | undefined;

function dictionaryWords(): Promise<Set<string>> {
  words ??= import("dictionary-en").then(({ default: dictionary }) => {
    const set = new Set<string>();
    for (const line of new TextDecoder().decode(dictionary.dic).split("\n").slice(1)) {
      const word = line.split("/")[0]?.trim().toLowerCase();
      if (word) set.add(word);
    }
    return set;
  });
  return words;
}

/** The forms a word may come from once a common ending is undone: "tagged" → "tag", "smelling" → "smell", "cities" → "city". */
function basesOf(word: string): string[] {
  const out = [word];
  const endings: [RegExp, string[]][] = [
    [/ies$/, ["y"]],
    [/ied$/, ["y"]],
    [/es$/, ["", "e"]],
    [/s$/, [""]],
    [/ed$/, ["", "e"]],
    [/ing$/, ["", "e"]],
    [/ers?$/, ["", "e"]],
    [/est$/, ["", "e"]],
    [/ly$/, [""]],
    [/(ness|ment|ful|less|able)$/, [""]],
  ];
  for (const [ending, replacements] of endings) {
    if (!ending.test(word)) continue;
    const stem = word.replace(ending, "");
    for (const r of replacements) out.push(stem + r);
    // A doubled last consonant: "tagged" → "tag", "stopping" → "stop".
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) out.push(stem.slice(0, -1));
  }
  return out;
}

export async function isEnglishWord(word: string): Promise<boolean> {
  const set = await dictionaryWords();
  return basesOf(word.toLowerCase()).some((b) => set.has(b) || set.has(spellingKey(b)));
}
