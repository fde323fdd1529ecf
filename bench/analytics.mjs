// Session-analytics ingest: POST /v2/api/lambda/analytics/user-sessions as the browser's beacons
// send them (text/plain, an ingest token in the body, no headers of its own), at a steady 1,000
// events a second (a batch of 20 events every 20 ms, each sent on time whether or not the ones
// before it were answered, as independent browsers send them) on one instance, then under
// autocannon as fast as it goes. Budget: p99 under 50 ms at 1,000 events a second.
// (autocannon's own fixed rate releases each second's requests together at the start of the
// second: 20 batches at once, which measures a burst, not a rate.)
//
//   node bench/analytics.mjs [--db=pglite|postgres] [--duration=15]
//
// PostgreSQL needs BENCH_DATABASE_URL (a server where the script may create and drop a database).
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildStale } from "../scripts/build-stale.mjs";
import { fmt, PROJECT, scratchDatabase, startServer, stopServer, waitReady } from "./lib.mjs";

export const EVENTS_PER_BATCH = 20;
const PEOPLE = 40;
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });

/** People who agreed to recording, each with an ingest token and a session of their own. */
export async function recordedPeople(base) {
  const people = [];
  for (let i = 0; i < PEOPLE; i++) {
    const reg = await fetch(`${base}/v2/api/lambda/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-project": PROJECT },
      body: JSON.stringify({
        email: `bench-${i}-${Date.now()}@example.test`,
        password: "bench password 1",
        first_name: "Bench",
        last_name: `${i}`,
        role: "user",
      }),
    }).then((r) => r.json());
    const headers = { "content-type": "application/json", "x-project": PROJECT, authorization: `Bearer ${reg.token}` };
    await fetch(`${base}/v2/api/lambda/analytics/consent`, { method: "PUT", headers, body: JSON.stringify({ granted: true }) });
    const { token } = await fetch(`${base}/v2/api/lambda/analytics/ingest-token`, { method: "POST", headers, body: "{}" }).then((r) =>
      r.json(),
    );
    people.push({ token, userId: reg.user_id, sessionId: randomUUID(), start: Date.now() });
  }
  return people;
}

const PATHS = ["/user/dashboard", "/user/onboarding/quiz", "/user/document-library", "/user/profile", "/user/get-coaching"];
const html = `<main>${'<section><h2>Readiness</h2><p>Airway and breathing 72%</p><input type="text" name="q"></section>'.repeat(60)}</main>`;

/** A batch as the recorder sends it: mostly clicks, scrolls and masked input; a page copy in one of ten. */
export function batchBody(person, n) {
  const now = Date.now();
  const events = Array.from({ length: EVENTS_PER_BATCH }, (_, i) => {
    const path = PATHS[(n + i) % PATHS.length];
    const at = now - (EVENTS_PER_BATCH - i) * 50;
    if (i % 5 === 0) return { type: "pageview", at, path };
    if (i % 5 === 1) return { type: "input", at, path, target: "input[type=text][name=first_name]", data: { masked: true } };
    if (i % 5 === 2) return { type: "scroll", at, path, data: { depth: (i * 7) % 100 } };
    return { type: "click", at, path, target: `button "Start review ${i}"` };
  });
  return JSON.stringify({
    ingest_token: person.token,
    user_id: person.userId,
    session_id: person.sessionId,
    status: "active",
    events,
    screen_width: 390,
    screen_height: 844,
    screen_size: "small",
    start_time: person.start,
    end_time: now,
    ...(n % 10 === 0 ? { html_copy: html } : {}),
  });
}

async function ingest(base, people, { duration, rate }) {
  let n = 0;
  return run({
    url: `${base}/v2/api/lambda/analytics/user-sessions`,
    connections: 20,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8" },
        setupRequest: (req) => {
          n += 1;
          return { ...req, body: batchBody(people[n % people.length], n) };
        },
      },
    ],
  });
}

/**
 * A steady rate: one batch every 1000/rate ms for `duration` seconds, each timed from its send to
 * its answer (keep-alive connections, as many as the answers in flight need).
 */
async function paced(base, people, { duration, rate }) {
  const url = `${base}/v2/api/lambda/analytics/user-sessions`;
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let n = 0;
  const inFlight = [];
  const started = performance.now();
  const total = Math.round(duration * rate);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    n += 1;
    const body = batchBody(people[n % people.length], n);
    const sent = performance.now();
    inFlight.push(
      fetch(url, { method: "POST", headers: { "content-type": "text/plain;charset=UTF-8" }, body })
        .then(async (res) => {
          await res.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (res.status < 200 || res.status >= 300) non2xx += 1;
        })
        .catch(() => {
          errors += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { requests: { average: latencies.length / seconds }, latency: { p50: at(0.5), p99: at(0.99) }, non2xx, errors, timeouts: 0 };
}

const summary = (name, r) => ({
  name,
  batches_per_s: r.requests.average,
  events_per_s: r.requests.average * EVENTS_PER_BATCH,
  p50_ms: r.latency.p50,
  p99_ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

export async function benchAnalytics({ port = 4395, db = "pglite", duration = Number(process.env.BENCH_DURATION ?? 15) } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-analytics-"));
  let scratch;
  const env = { REGISTER_RATE_LIMIT: "100000", ANALYTICS_INGEST_RATE_LIMIT: "100000" };
  if (db === "postgres") {
    if (!process.env.BENCH_DATABASE_URL) throw new Error("BENCH_DATABASE_URL is needed for --db=postgres");
    scratch = await scratchDatabase("bench_analytics");
    env.DATABASE_URL = scratch.url;
  }
  const server = startServer({ port, dataDir, env });
  try {
    // A fresh database migrates and seeds first: slow on a busy machine.
    await waitReady(port, server.child, 240_000);
    const base = `http://127.0.0.1:${port}`;
    const people = await recordedPeople(base);
    await paced(base, people, { duration: 3, rate: 1000 / EVENTS_PER_BATCH }); // warm-up
    const fixed = await paced(base, people, { duration, rate: 1000 / EVENTS_PER_BATCH });
    const max = await ingest(base, people, { duration });
    return {
      db,
      results: [
        summary(`1,000 events/s (a batch of ${EVENTS_PER_BATCH} every ${1000 / (1000 / EVENTS_PER_BATCH)} ms)`, fixed),
        summary("as fast as it goes (20 connections)", max),
      ],
    };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

/** Prints the figures; false when the budget (p99 under 50 ms at 1,000 events/s, no errors) is missed. */
export function printAnalytics({ db, results }) {
  let ok = true;
  for (const r of results) {
    console.log(
      `analytics ingest on ${db}, ${r.name}: ${fmt(r.events_per_s)} events/s (${fmt(r.batches_per_s)} batches/s), p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
    );
  }
  const [fixed] = results;
  if (fixed.p99_ms >= 50 || fixed.non2xx > 0 || fixed.errors > 0 || fixed.events_per_s < 950) {
    console.log("  over budget: p99 must stay under 50 ms at 1,000 events a second with no failed batch");
    ok = false;
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildStale();
  const result = await benchAnalytics({ db: arg("db", "pglite"), duration: Number(arg("duration", process.env.BENCH_DURATION ?? 15)) });
  if (!printAnalytics(result)) process.exitCode = 1;
}
