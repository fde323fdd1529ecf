// `npm run bench`: every benchmark, against the built server (built first when stale).
import { buildStale } from "../scripts/build-stale.mjs";
import { benchAnalytics, printAnalytics } from "./analytics.mjs";
import { benchChat, printChat } from "./chat.mjs";
import { benchHttp } from "./http.mjs";
import { fmt } from "./lib.mjs";
import { benchLibrary, printLibrary } from "./library.mjs";
import { benchLighthouse, printLighthouse } from "./lighthouse.mjs";
import { benchPolls, printPolls } from "./polls.mjs";
import { benchQuiz } from "./quiz.mjs";
import { benchScheduling, printScheduling } from "./scheduling.mjs";
import { benchStartup } from "./startup.mjs";
import { benchWebBundle, printWebBundle } from "./web-bundle.mjs";

buildStale();
const s = await benchStartup();
console.log(
  `start-up to /readyz (existing data folder, ${s.runs} runs): median ${fmt(s.median_ms)} ms (min ${fmt(s.min_ms)}, max ${fmt(s.max_ms)})`,
);
for (const r of await benchHttp()) {
  console.log(
    `${r.name}: ${fmt(r.req_per_s)} req/s, p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms, non-2xx ${r.non2xx} ${JSON.stringify(r.statuses)}, errors ${r.errors}`,
  );
}
const q = await benchQuiz();
console.log(`quiz generation (40 of 10,000, 5,000 past answers, ${q.runs} runs): p50 ${fmt(q.p50_ms)} ms, p95 ${fmt(q.p95_ms)} ms`);
// A month of a coach's open slots (PostgreSQL when BENCH_DATABASE_URL is set, PGlite otherwise).
if (!printScheduling(await benchScheduling())) process.exitCode = 1;
// PostgreSQL when BENCH_DATABASE_URL is set (the search budget is stated for it), PGlite otherwise.
const library = await benchLibrary({ dbs: process.env.BENCH_DATABASE_URL ? ["postgres"] : ["pglite"] });
if (!printLibrary(library)) process.exitCode = 1;
if (!printAnalytics(await benchAnalytics())) process.exitCode = 1;
// Realtime chat needs PostgreSQL (two instances on one database).
if (process.env.BENCH_DATABASE_URL && !printChat(await benchChat())) process.exitCode = 1;
// 5,000 held polls answered by one message, against a bare Fastify server holding the same polls.
if (process.env.BENCH_DATABASE_URL && !printPolls(await benchPolls())) process.exitCode = 1;
const web = await benchWebBundle();
console.log("web first load (cold cache, Chromium):");
if (!printWebBundle(web)) process.exitCode = 1;
const lighthouse = await benchLighthouse();
console.log("Lighthouse performance (median of 3):");
if (!printLighthouse(lighthouse)) process.exitCode = 1;
