// The item refit as the background job runs it, from the database: `node bench/refit.mjs`.
// A fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server) is migrated and seeded
// with the content, then filled with 1,000,000 answers of 50,000 made-up candidates of known
// ability to the bank's questions (Rasch-simulated from known difficulties); `refitItems` then
// reads the evidence, fits, saves the fitted difficulties and queues doubtful questions, all with
// the server's own statement timeout; every candidate's track is EMS, so the job also estimates that
// track's prior from them (decision 38; with 20 answers each over every track's questions, few have
// enough in the EMS blueprint's themes: `--ems-only` draws the answers from the EMS bank alone, so
// the prior is estimated from the 2,000 most recent of them). Budget: under 60 s. Also the longest
// the process's own thread stalled meanwhile (the fit runs on a worker thread; the reading and
// saving stay on this one).
// The database is dropped afterwards.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { loadServerCode, scratchDatabase } from "./lib.mjs";

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

/** The server's database code and the job, bundled (npm packages stay external, so pg and drizzle load as usual). */
const loadJob = () =>
  loadServerCode(
    "refit-job",
    `
        export { openPostgres } from "./apps/server/src/db/client.ts";
        export { seedQuizContent } from "./apps/server/src/db/seed/quiz-content.ts";
        export { refitItems } from "./apps/server/src/modules/quiz/calibration.ts";
        export { loadConfig } from "./apps/server/src/config.ts";`,
  );

/**
 * Answers in SQL, so a million rows load in seconds: candidate abilities and item difficulties are
 * drawn uniformly in -2..2 logits, each answer right with the Rasch probability.
 */
const fillSql = ({ answers, candidates, perQuiz, emsOnly }) => `
  CREATE TEMP TABLE bench_item AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, (random() * 4 - 2) AS b FROM question
    WHERE status = 'active' ${emsOnly ? `AND tracks @> '["ems"]'::jsonb` : ""};
  INSERT INTO "user" (email, password_hash, first_name, last_name)
    SELECT 'refit-' || g || '@bench.test', 'x', 'Bench', 'Candidate ' || g FROM generate_series(1, ${candidates}) g;
  CREATE TEMP TABLE bench_user AS
    SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, (random() * 4 - 2) AS theta FROM "user" WHERE email LIKE 'refit-%@bench.test';
  -- Every candidate studies for the EMS exam: the job also estimates the track's prior from them.
  INSERT INTO onboarding_profile (user_id, data) SELECT id, '{"track":"ems"}' FROM bench_user;
  INSERT INTO quiz (user_id, title, track_slug, blueprint_version, settings, mode, seed, status, total, correct_count, score, submitted_at)
    SELECT u.id, 'Bench quiz', 'ems', 1, '{"themes":[],"length":${perQuiz},"difficulty":"adaptive"}', 'exam', q, 'submitted', ${perQuiz}, 0, 0, now()
    FROM bench_user u, generate_series(1, ${Math.ceil(answers / candidates / perQuiz)}) q;
  INSERT INTO quiz_answer (quiz_id, question_id, user_id, response, is_correct, evidence)
    SELECT s.quiz_id, s.question_id, s.user_id, '{"value":0}', random() < 1 / (1 + exp(s.b - s.theta)), true
    FROM (
      SELECT DISTINCT ON (qz.id, i.id) qz.id AS quiz_id, i.id AS question_id, qz.user_id, i.b, u.theta
      FROM quiz qz
      JOIN bench_user u ON u.id = qz.user_id
      CROSS JOIN generate_series(0, ${perQuiz - 1}) n
      JOIN bench_item i ON i.k = (hashint4(qz.id * 131 + n) & 2147483647) % (SELECT count(*) FROM bench_item)
      WHERE qz.title = 'Bench quiz'
    ) s
    LIMIT ${answers};
  ANALYZE quiz_answer; ANALYZE quiz;`;

export async function benchRefitFromDb({ answers = 1_000_000, candidates = 50_000, perQuiz = 21, emsOnly = false } = {}) {
  const scratch = await scratchDatabase("academy_bench_refit");
  const job = await loadJob();
  // The server's own statement timeout: the job's read must fit in it.
  const config = job.loadConfig({
    NODE_ENV: "production",
    PROJECT_ID: "bench",
    PROJECT_SECRET: "bench-secret",
    JWT_SECRET: "b".repeat(48),
  });
  const database = await job.openPostgres(scratch.url, { statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS });
  try {
    await database.migrate();
    await job.seedQuizContent(database.db);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const t0 = performance.now();
    await client.query("SET statement_timeout = 0");
    await client.query(fillSql({ answers, candidates, perQuiz, emsOnly }));
    const loaded = Number((await client.query("SELECT count(*) AS n FROM quiz_answer")).rows[0].n);
    const fillSeconds = (performance.now() - t0) / 1000;
    await client.end();
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const t1 = performance.now();
    const summary = await job.refitItems(database.db);
    const seconds = (performance.now() - t1) / 1000;
    stalls.disable();
    const longestStallMs = stalls.max / 1e6;
    return { answers: loaded, fillSeconds, seconds, longestStallMs, timeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS, ...summary };
  } finally {
    await database.close();
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchRefitFromDb({ answers: Number(arg("answers", 1_000_000)), emsOnly: process.argv.includes("--ems-only") }).catch(
    (e) => {
      // A failed statement inside the job's transaction surfaces as its rollback: show the first cause.
      for (let c = e; c; c = c.cause) console.error(String(c.message ?? c).slice(0, 300));
      process.exit(1);
    },
  );
  console.log(
    `item refit from PostgreSQL (${r.answers.toLocaleString("en")} answers, ${r.items.toLocaleString("en")} items, statement timeout ${r.timeoutMs} ms): ${r.seconds.toFixed(1)} s (database ${(r.milliseconds / 1000).toFixed(1)} s read and fit, the rest saving and queueing; ${r.queued} queued for review; ${(r.priorMilliseconds / 1000).toFixed(1)} s estimating ${r.priors} track prior${r.priors === 1 ? "" : "s"}); the thread's longest stall ${r.longestStallMs.toFixed(0)} ms; loading the answers took ${r.fillSeconds.toFixed(0)} s`,
  );
  if (r.seconds >= 60) process.exitCode = 1;
}
