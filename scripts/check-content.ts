// Validates the question bank, the study documents and the search dictionary: `npx tsx scripts/check-content.ts [theme-slug ...]`.
// Every problem fails the run, item-writing rules included (the key may not be the longest option
// in more than a third of a theme's single-choice items; no stem twice in the bank).
import { readFileSync } from "node:fs";
import { readContent } from "../apps/server/src/db/seed/content.ts";
import { checkDictionary, DICTIONARY_FILE } from "../apps/server/src/modules/library/analysis/dictionary.ts";

const only = process.argv.slice(2);
const { themes, documents, problems } = await readContent({ only });
// The search dictionary: its own rules, and a term of every group in the library.
const libraryText = documents.map((d) => `${d.title}\n${d.body}`).join("\n");
problems.push(...checkDictionary(readFileSync(DICTIONARY_FILE, "utf8"), libraryText));
for (const p of problems) console.log(`✗ ${p}`);
const count = themes.reduce((n, t) => n + t.questions.length, 0);
console.log(`${themes.length} themes, ${count} questions, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
