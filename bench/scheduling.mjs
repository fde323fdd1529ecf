// Coaching slots: a month of a coach's open slots (`tz-month-schedules`, 31 days, in a viewer's
// zone other than the coach's) over HTTP, one request at a time as a candidate's calendar asks,
// with the coach's calendar half booked (two sessions every working day of the next 60 days).
// Also the slot generation alone (no database, no HTTP). Budget: a month of slots under 20 ms p95.
//
//   node bench/scheduling.mjs [--runs=300]
//
// Embedded database (PGlite) by default; PostgreSQL when BENCH_DATABASE_URL is set (a server where
// the script may create and drop a database).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { build } from "esbuild";
import pg from "pg";
import { buildStale } from "../scripts/build-stale.mjs";
import { fmt, PROJECT, root, scratchDatabase, startServer, stopServer, waitReady } from "./lib.mjs";

const USER = { email: "bench@example.test", password: "bench password 1" };
const COACH_EMAIL = "dana.okafor@rescue-academy.local";
const BUDGET_MS = 20;
const DAY = 86_400_000;
/** A first start migrates and seeds: on a busy machine that takes longer than waitReady's default minute. */
const READY_MS = 300_000;
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

const env = {
  LOG_LEVEL: "error",
  ADMIN_EMAIL: "bench-admin@example.test",
  ADMIN_PASSWORD: "bench admin password 1",
  ADMIN_2FA_REQUIRED: "false",
  DEMO_USER_EMAIL: USER.email,
  DEMO_USER_PASSWORD: USER.password,
};

/**
 * Two booked sessions on each working day of the next 60 days for the seeded coach (10:00 and
 * 14:00 UTC, 45 minutes and 15 after), as a busy coach's calendar holds them.
 */
const bookingsSql = `
  INSERT INTO schedule (user_id, coach_id, meeting_start, meeting_end, blocked_start, blocked_end, credit_month, status)
  SELECT u.id, c.id, s, s + interval '45 minutes', s, s + interval '60 minutes', to_char(s, 'YYYY-MM'), 'booked'
  FROM "user" u, "user" c,
    generate_series(date_trunc('day', now()) + interval '1 day', date_trunc('day', now()) + interval '60 days', interval '1 day') d,
    (VALUES (interval '10 hours'), (interval '14 hours')) AS t(at),
    LATERAL (SELECT d + t.at AS s) x
  WHERE u.email = '${USER.email}' AND c.email = '${COACH_EMAIL}' AND extract(isodow FROM d) < 6`;

async function login(base) {
  const r = await fetch(`${base}/v2/api/lambda/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-project": PROJECT },
    body: JSON.stringify({ ...USER, role: "user" }),
  }).then((res) => res.json());
  return { "x-project": PROJECT, authorization: `Bearer ${r.token}`, "content-type": "application/json" };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** Times `runs` calls one after another (after 20 to warm up). */
async function timeCalls(runs, call) {
  const times = [];
  for (let i = 0; i < runs + 20; i++) {
    const t0 = performance.now();
    await call();
    if (i >= 20) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { runs, p50_ms: percentile(times, 0.5), p95_ms: percentile(times, 0.95), max_ms: times.at(-1) };
}

async function scenarios(port, runs) {
  const base = `http://127.0.0.1:${port}`;
  const headers = await login(base);
  const coaches = await fetch(`${base}/v2/api/lambda/scheduling/coaches`, { headers }).then((r) => r.json());
  const coach = coaches.list.find((c) => c.time_zone === "Europe/Berlin");
  if (!coach) throw new Error("the seeded coach is missing");
  const today = new Date().toISOString().slice(0, 10);
  const body = JSON.stringify({
    userId: coach.id,
    rangeStart: today,
    rangeEnd: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
    tz: "America/New_York",
  });
  let slots = 0;
  const month = await timeCalls(runs, async () => {
    const res = await fetch(`${base}/v2/api/lambda/scheduling/tz-month-schedules`, { method: "POST", headers, body });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`tz-month-schedules answered ${res.status}: ${JSON.stringify(json)}`);
    slots = json.list.reduce((n, d) => n + d.slots.length, 0);
  });
  const datesBody = JSON.stringify({ userId: coach.id, date: today.slice(0, 7), tz: "America/New_York" });
  const dates = await timeCalls(runs, async () => {
    const res = await fetch(`${base}/v2/api/lambda/scheduling/dates`, { method: "POST", headers, body: datesBody });
    await res.text();
    if (res.status !== 200) throw new Error(`dates answered ${res.status}`);
  });
  // The floor on this machine now: a signed-in call that reads one short list (the coaches).
  const floor = await timeCalls(runs, async () => {
    const res = await fetch(`${base}/v2/api/lambda/scheduling/coaches`, { headers });
    await res.text();
  });
  return { slots, month, dates, floor };
}

/** The slot generation alone: a month of a coach with 44 bookings, no database and no HTTP. */
export async function benchSlotGeneration(runs = 1000) {
  const out = await build({
    entryPoints: [path.join(root, "apps/server/src/modules/coaching/slots.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
  });
  const { openSlots } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
  const rules = {
    timeZone: "Europe/Berlin",
    sessionMinutes: 45,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    minNoticeMinutes: 720,
    horizonDays: 60,
    dailyCap: 4,
    weekly: [1, 2, 3, 4, 5].flatMap((day) => [
      { day, start: 540, end: 720 },
      { day, start: 840, end: 1020 },
    ]),
    overrides: [],
  };
  const now = Date.UTC(2026, 2, 1, 6);
  const booked = [];
  for (let d = 1; d <= 31; d++)
    for (const hour of [10, 14]) {
      const start = now + d * DAY + (hour - 6) * 3_600_000;
      if ([0, 6].includes(new Date(start).getUTCDay())) continue;
      booked.push({ start, blockedStart: start, blockedEnd: start + 3_600_000 });
    }
  // March 2026 in New York: both zones change to summer time inside it.
  const from = Date.parse("2026-03-01T05:00:00Z");
  const to = Date.parse("2026-04-01T04:00:00Z");
  let count = 0;
  const result = await timeCalls(runs, async () => {
    count = openSlots(rules, from, to, booked, now).length;
  });
  return { ...result, slots: count, bookings: booked.length };
}

async function benchPglite(port, runs) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-scheduling-"));
  try {
    const setup = startServer({ port, dataDir, env });
    await waitReady(port, setup.child, READY_MS);
    await stopServer(setup);
    const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { btree_gist } });
    await db.exec(bookingsSql);
    const booked = Number((await db.query("SELECT count(*)::int AS n FROM schedule")).rows[0].n);
    await db.close();
    const server = startServer({ port, dataDir, env });
    try {
      await waitReady(port, server.child, READY_MS);
      return { db: "pglite", booked, ...(await scenarios(port, runs)) };
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(port, runs) {
  const scratch = await scratchDatabase("bench_scheduling");
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-scheduling-"));
  try {
    const pgEnv = { ...env, DATABASE_URL: scratch.url };
    const setup = startServer({ port, dataDir, env: pgEnv });
    await waitReady(port, setup.child, READY_MS);
    await stopServer(setup);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(bookingsSql);
    await client.query("VACUUM ANALYZE schedule");
    const booked = Number((await client.query("SELECT count(*)::int AS n FROM schedule")).rows[0].n);
    await client.end();
    const server = startServer({ port, dataDir, env: pgEnv });
    try {
      await waitReady(port, server.child, READY_MS);
      return { db: "postgres", booked, ...(await scenarios(port, runs)) };
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

/** A month of slots over HTTP on the embedded database, or PostgreSQL when BENCH_DATABASE_URL is set. */
export async function benchScheduling({ runs = 300, port = 3460 } = {}) {
  const http = process.env.BENCH_DATABASE_URL ? await benchPostgres(port, runs) : await benchPglite(port, runs);
  return { http, generation: await benchSlotGeneration() };
}

/** Prints the figures; false when the budget is missed. */
export function printScheduling({ http, generation }) {
  const ms = (n) => fmt(n, 1);
  console.log(
    `coaching slots, a month (${http.slots} open slots, ${http.booked} sessions booked, ${http.db}, ${http.month.runs} calls): ` +
      `p50 ${ms(http.month.p50_ms)} ms, p95 ${ms(http.month.p95_ms)} ms, max ${ms(http.month.max_ms)} ms (budget p95 < ${BUDGET_MS} ms)`,
  );
  console.log(
    `coaching open dates of a month (${http.dates.runs} calls): p50 ${ms(http.dates.p50_ms)} ms, p95 ${ms(http.dates.p95_ms)} ms`,
  );
  console.log(
    `for comparison, a signed-in call reading the coaches (${http.floor.runs} calls): p50 ${ms(http.floor.p50_ms)} ms, p95 ${ms(http.floor.p95_ms)} ms`,
  );
  console.log(
    `slot generation alone (${generation.slots} slots, ${generation.bookings} bookings, ${generation.runs} runs): ` +
      `p50 ${fmt(generation.p50_ms, 2)} ms, p95 ${fmt(generation.p95_ms, 2)} ms`,
  );
  return http.month.p95_ms < BUDGET_MS;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildStale();
  const result = await benchScheduling({ runs: Number(arg("runs", "300")), port: Number(arg("port", "3460")) });
  if (!printScheduling(result)) process.exitCode = 1;
}
