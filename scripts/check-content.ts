// Validates the question bank and study documents: `npx tsx scripts/check-content.ts [theme-slug ...]`.
// Every problem fails the run, item-writing rules included (the key may not be the longest option
// in more than a third of a theme's single-choice items; no stem twice in the bank).
import { readContent } from "../apps/server/src/db/seed/content.ts";

const only = process.argv.slice(2);
const { themes, problems } = await readContent({ only });
for (const p of problems) console.log(`✗ ${p}`);
const count = themes.reduce((n, t) => n + t.questions.length, 0);
console.log(`${themes.length} themes, ${count} questions, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
