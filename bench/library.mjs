// The document library under autocannon (50 connections): full-text search over 10,000 sections
// (the 24 study documents copied into ~1,300 documents), and the study assistant's built-in
// answerer (one question at a time). Budgets: search p99 under 50 ms on PostgreSQL; an assistant
// answer under 100 ms. Each search is asked over and over, as the same words are by many readers:
// after the first, the instance answers it from its page cache until the library changes. On
// PostgreSQL the same searches run again with the cache off, to show what a first search costs.
// Then the evaluation's questions (bench/assistant-eval.mjs, both sets) at the library's size,
// where the first pass's caps bite, which the content library alone never shows.
//
//   node bench/library.mjs [--db=postgres,pglite] [--sections=10000] [--duration=10] [--port=3990]
//
// PostgreSQL needs BENCH_DATABASE_URL (a server where the script may create and drop databases;
// BENCH_DB_PREFIX starts the name of the one it creates).
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";
import { buildStale } from "../scripts/build-stale.mjs";
import { evaluate, readLibrary, summary } from "./assistant-eval.mjs";
import { fmt, loadServerCode, PROJECT, root, scratchDatabase, startServer, stopServer, waitReady } from "./lib.mjs";

const USER = { email: "bench@example.test", password: "bench password 1" };
const ADMIN = { email: "bench-admin@example.test", password: "bench admin password 1" };
const WARM_UP_SECONDS = 2;
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

/** Copies of the content documents (and their sections) until the library holds `n` sections. */
export function seedSql(n) {
  return `
    CREATE TEMP TABLE base AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM library_document WHERE origin = 'content';
    INSERT INTO library_document (slug, title, summary, tracks, themes, tier, format, status, origin, source)
      SELECT 'bench-' || g, d.title || ' (copy ' || g || ')', d.summary, d.tracks, d.themes, d.tier, 'markdown', 'published', 'admin', ''
      FROM generate_series(1, ${Math.ceil(n / 7)}) g
      JOIN base b ON b.k = g % (SELECT count(*) FROM base)
      JOIN library_document d ON d.id = b.id;
    INSERT INTO library_section (document_id, anchor, heading, position, tier, body_text, html)
      SELECT c.id, s.anchor, s.heading, s.position, s.tier, s.body_text || ' Copy ' || c.id || '.', s.html
      FROM library_document c
      JOIN base b ON b.k = substring(c.slug from 7)::int % (SELECT count(*) FROM base)
      JOIN library_section s ON s.document_id = b.id
      WHERE c.slug LIKE 'bench-%';
    DELETE FROM library_section WHERE id IN (
      SELECT id FROM library_section WHERE document_id IN (SELECT id FROM library_document WHERE slug LIKE 'bench-%') ORDER BY id DESC
      OFFSET greatest(0, ${n} - (SELECT count(*) FROM library_section WHERE document_id IN (SELECT id FROM base))));
  `;
}

/** A value as an SQL literal, for EXECUTE. */
const literal = (v) =>
  v === undefined || v === null
    ? "NULL"
    : typeof v === "number" || typeof v === "boolean"
      ? String(v)
      : `'${String(v).replace(/'/g, "''")}'`;

/**
 * Median time PostgreSQL itself spends on the search statement and the assistant's retrieval as
 * this checkout's server runs them (its own code, bundled: the plan of the words, then the
 * statement prepared once on one connection and run 21 times under EXPLAIN ANALYZE EXECUTE, so
 * that PostgreSQL's plan cache chooses between a plan for the values and the generic plan as it
 * does for the server's named statement), apart from HTTP and the machine's load: the executor's
 * time, the planning each run paid, and which plans the cache used. A search as a free-plan
 * candidate's (20 hits), a retrieval as staff's (5 passages).
 */
async function databaseTimes(url) {
  const code = await loadServerCode(
    "library-statements",
    `export { openPostgres } from "./apps/server/src/db/client.ts";
    export { planNow } from "./apps/server/src/modules/library/search.ts";
    export { rankStatement, retrieveStatement, vocabularyRows } from "./apps/server/src/modules/library/analysis/search-repo.ts";
    export { PgDialect } from "drizzle-orm/pg-core";`,
  );
  const database = await code.openPostgres(url, { poolMax: 1, statementTimeoutMs: 300_000 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dialect = new code.PgDialect();
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const out = [];
  try {
    // The vocabulary a first search reads (migration 0035: the counts the writes keep).
    const vocabulary = [];
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      await code.vocabularyRows(database.db);
      vocabulary.push(performance.now() - t0);
    }
    out.push({ words: "(all)", kind: "vocabulary read", median_ms: median(vocabulary), max_ms: Math.max(...vocabulary) });
    let n = 0;
    for (const words of ["tourniquet", "back blows", "patient", "rip current"]) {
      const plan = await code.planNow(database.db, words);
      for (const [kind, statement] of [
        ["search", code.rankStatement({ plan, limit: 20, readerTier: "free" })],
        ["retrieval", code.retrieveStatement({ plan, limit: 5, readerRank: 2 })],
      ]) {
        const query = dialect.sqlToQuery(statement.build());
        const values = query.params.map((p) => literal(p !== null && typeof p === "object" && "name" in p ? statement.values[p.name] : p));
        const name = `bench_statement_${n++}`;
        await client.query(`PREPARE ${name} AS ${query.sql}`);
        const execution = [];
        const planning = [];
        for (let i = 0; i < 21; i++) {
          const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${name}(${values.join(", ")})`);
          execution.push(rows[0]["QUERY PLAN"][0]["Execution Time"]);
          planning.push(rows[0]["QUERY PLAN"][0]["Planning Time"] ?? 0);
        }
        const [cache] = (await client.query("SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1", [name])).rows;
        out.push({
          words,
          kind,
          median_ms: median(execution),
          max_ms: Math.max(...execution),
          planning_ms: median(planning),
          generic: Number(cache.generic_plans),
          custom: Number(cache.custom_plans),
        });
      }
    }
  } finally {
    await client.end();
    await database.close();
  }
  return out;
}

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: 50, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

async function login(base, account, role) {
  const r = await fetch(`${base}/v2/api/lambda/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-project": PROJECT },
    body: JSON.stringify({ ...account, role }),
  }).then((res) => res.json());
  return { "x-project": PROJECT, authorization: `Bearer ${r.token}` };
}

async function scenarios(port, duration, { assistant = true, originals } = {}) {
  const base = `http://127.0.0.1:${port}`;
  const headers = await login(base, USER, "user");
  const q = (text, extra = "") => `${base}/v2/api/library/search?q=${encodeURIComponent(text)}${extra}`;
  const cases = [
    ["search, a rare word (tourniquet)", q("tourniquet")],
    ["search, two words (back blows)", q("back blows")],
    ["search, a common word (patient)", q("patient")],
    ["search with a track filter (rip current, water-rescue)", q("rip current", "&track=water-rescue")],
    ["search, only stop words (the and of)", q("the and of")],
  ];
  // The first search after a start reads the library's vocabulary (since migration 0035 the counts
  // its writes keep, not every section): timed, then the windows below measure searches.
  const t0 = performance.now();
  const primed = await fetch(q("prime"), { headers });
  await primed.text();
  const first = { ms: performance.now() - t0, status: primed.status };
  const results = [];
  for (const [name, url] of cases) {
    await run({ url, headers, duration: WARM_UP_SECONDS });
    const r = await run({ url, headers, duration });
    results.push({
      name,
      req_per_s: r.requests.average,
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    });
  }
  if (!assistant) return { first, search: results };
  // The assistant, one question at a time as a person asks (staff: no daily limit in the way).
  const staff = await login(base, ADMIN, "admin");
  const questions = [
    "How many back blows for a choking adult?",
    "What is the compression depth for adult CPR?",
    "How do I escape a rip current?",
    "What does the NFPA 704 diamond show?",
    "When is a tourniquet applied?",
  ];
  const times = [];
  for (let i = 0; i < 150; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/v2/api/qna/query`, {
      method: "POST",
      headers: { ...staff, "content-type": "application/json" },
      body: JSON.stringify({ user_prompt: questions[i % questions.length] }),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`assistant answered ${res.status}`);
    if (i >= 10) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  // The evaluation's questions at this size, where the first pass's caps bite (a copy counts as
  // the content document it copies): search hit@3, answers stating every fact, refusals.
  const relevance = [];
  if (originals)
    for (const file of EVALUATION_SETS) {
      const { questions } = JSON.parse(readFileSync(path.join(root, file), "utf8"));
      const token = staff.authorization.replace(/^Bearer /, "");
      const r = await evaluate(base, token, questions, readLibrary(), { originalOf: (slug) => originals.get(slug) ?? slug });
      relevance.push({ file, ...summary(r) });
    }
  return { first, search: results, relevance, assistant: { runs: times.length, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: times.at(-1) } };
}

const env = {
  // The server's own statement timeout (5 s unless DATABASE_STATEMENT_TIMEOUT_MS is set): the first
  // search after a start must fit in it at any library size.
  LOG_LEVEL: "error",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_2FA_REQUIRED: "false",
  DEMO_USER_EMAIL: USER.email,
  DEMO_USER_PASSWORD: USER.password,
};

/** The evaluation's question sets (the shared one and the held-out one), from the repository root. */
const EVALUATION_SETS = ["../shared/eval/library-questions.json", "bench/eval/held-out-questions.json"];

/** Each copy the seed made → the content document it copies. */
async function originalsOf(query) {
  const { rows } = await query(`SELECT d.slug, o.slug AS original FROM library_document d
    JOIN library_document o ON o.origin = 'content' AND d.title = o.title || ' (copy ' || substring(d.slug from 7) || ')'
    WHERE d.slug LIKE 'bench-%'`);
  return new Map(rows.map((r) => [r.slug, r.original]));
}

async function countSections(query) {
  return Number((await query("SELECT count(*)::int AS n FROM library_section")).rows[0].n);
}

async function benchPglite(sections, port, duration) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-library-"));
  try {
    const setup = startServer({ port, dataDir, env });
    await waitReady(port, setup.child, 600_000);
    await stopServer(setup);
    const db = await PGlite.create(path.join(dataDir, "db"));
    await db.exec(seedSql(sections));
    await db.exec("VACUUM ANALYZE");
    const n = await countSections((s) => db.query(s));
    const originals = await originalsOf((s) => db.query(s));
    await db.close();
    const server = startServer({ port, dataDir, env });
    try {
      await waitReady(port, server.child, 600_000);
      return { sections: n, ...(await scenarios(port, duration, { originals })) };
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(sections, port, duration) {
  const scratch = await scratchDatabase("bench_library");
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-library-"));
  try {
    const pgEnv = { ...env, DATABASE_URL: scratch.url, DATABASE_POOL_MAX: "20" };
    const setup = startServer({ port, dataDir, env: pgEnv });
    await waitReady(port, setup.child, 600_000);
    await stopServer(setup);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(seedSql(sections));
    await client.query("VACUUM ANALYZE");
    const n = await countSections((s) => client.query(s));
    const originals = await originalsOf((s) => client.query(s));
    // The statements are this checkout's: not timed when BENCH_SERVER runs another build.
    const database = process.env.BENCH_SERVER ? [] : await databaseTimes(scratch.url);
    // The seed's writes are flushed now, not during the runs.
    await client.query("CHECKPOINT").catch(() => {});
    execSync("sync");
    await client.end();
    const server = startServer({ port, dataDir, env: pgEnv });
    let measured;
    try {
      await waitReady(port, server.child, 600_000);
      measured = await scenarios(port, duration, { originals });
    } finally {
      await stopServer(server);
    }
    // The same searches with the instance's page cache off: every one read from the database.
    const uncached = startServer({ port, dataDir, env: { ...pgEnv, LIBRARY_SEARCH_CACHE_PAGES: "0" } });
    try {
      await waitReady(port, uncached.child, 600_000);
      const { first, search } = await scenarios(port, duration, { assistant: false });
      return { sections: n, database, ...measured, firstUncached: first, searchUncached: search };
    } finally {
      await stopServer(uncached);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop().catch(() => {});
  }
}

export async function benchLibrary({ dbs = ["postgres"], sections = 10_000, duration = 10, port = 3990 } = {}) {
  const out = [];
  for (const db of dbs) {
    if (db === "postgres" && !process.env.BENCH_DATABASE_URL) continue;
    out.push({ db, ...(db === "postgres" ? await benchPostgres(sections, port, duration) : await benchPglite(sections, port, duration)) });
  }
  return out;
}

/** Prints the results; answers false when a budget is missed. */
export function printLibrary(results) {
  let ok = true;
  for (const r of results) {
    console.log(`library on ${r.db} (${fmt(r.sections)} sections, 50 connections):`);
    for (const f of [r.first, r.firstUncached].filter(Boolean))
      console.log(`  first search after a start: ${fmt(f.ms, 1)} ms, status ${f.status}`);
    for (const s of r.search) {
      console.log(
        `  ${s.name}: ${fmt(s.req_per_s)} req/s, p50 ${s.p50_ms} ms, p99 ${s.p99_ms} ms, non-2xx ${s.non2xx}, errors ${s.errors}`,
      );
      if (r.db === "postgres" && s.p99_ms >= 50) ok = false;
    }
    if (r.searchUncached) {
      console.log("  the same searches with the page cache off (LIBRARY_SEARCH_CACHE_PAGES=0), every one read from the database:");
      for (const s of r.searchUncached)
        console.log(
          `    ${s.name}: ${fmt(s.req_per_s)} req/s, p50 ${s.p50_ms} ms, p99 ${s.p99_ms} ms, non-2xx ${s.non2xx}, errors ${s.errors}`,
        );
    }
    for (const d of r.database ?? [])
      console.log(
        d.kind === "vocabulary read"
          ? `  the vocabulary a first search reads (one round trip, median of 21): ${fmt(d.median_ms, 2)} ms (max ${fmt(d.max_ms, 2)})`
          : `  database time of the ${d.kind} "${d.words}" (EXPLAIN ANALYZE EXECUTE, median of 21): ${fmt(d.median_ms, 2)} ms (max ${fmt(d.max_ms, 2)}), planning ${fmt(d.planning_ms, 2)} ms; ${d.generic} generic and ${d.custom} custom plans`,
      );
    for (const e of r.relevance ?? [])
      console.log(
        `  the evaluation at this size (${e.file}, as staff, a copy counted as its original): search hit@3 ${fmt(e.hit_at_3, 1)} %, every fact ${fmt(e.facts, 1)} %, foreign numbers ${e.foreign_numbers}, citations ${fmt(e.citations_valid, 1)} % of ${e.citations}, declined ${e.declined}`,
      );
    const a = r.assistant;
    console.log(
      `  assistant, built-in answerer (${a.runs} questions, one at a time): p50 ${fmt(a.p50_ms, 1)} ms, p95 ${fmt(a.p95_ms, 1)} ms, max ${fmt(a.max_ms, 1)} ms`,
    );
    if (a.p95_ms >= 100) ok = false;
  }
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildStale();
  const results = await benchLibrary({
    dbs: arg("db", "postgres").split(","),
    sections: Number(arg("sections", "10000")),
    duration: Number(arg("duration", "10")),
    port: Number(arg("port", "3990")),
  });
  if (!results.length) console.log("set BENCH_DATABASE_URL (or --db=pglite) to run the library benchmark");
  if (!printLibrary(results)) process.exitCode = 1;
}
