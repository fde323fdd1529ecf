// `node bench/polls.mjs`: 5,000 held chat polls answered by one message, the project's server
// against a bare Fastify server holding the same polls (bench/bare-server.mjs: a Set of waiters, a
// POST answers them all), interleaved (project, bare, project, bare, ...), since the machine is
// shared and absolute figures drift with its load. Each run opens N fresh keep-alive connections,
// holds one poll on each (the project's `GET /v3/api/lambda/realtime/room/poll` of one candidate,
// as bench/chat.mjs), waits until the server is idle (every poll held), sends one message (the
// project: `POST /v3/api/lambda/realtime/send` by staff, its transaction included) and times until
// every poll has answered. Counted as failures: connection errors (ECONNRESET and the like), any
// status but 200, an answer without the message. Target (issue 26): within 1.5x the bare
// server's time, 0 resets. One project instance on PostgreSQL (BENCH_DATABASE_URL, default the
// local server).
//
// `--client=fetch` polls through `fetch` (undici, as bench/chat.mjs) instead of node:http.
//
//   node bench/polls.mjs [--polls=5000] [--rounds=3] [--port=4520] [--client=http|fetch]   (the bare server: port + 1)

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { ADMIN, chatServerEnv, openRoom, USER } from "./chat.mjs";
import { apiCall, fmt, PROJECT, root, scratchDatabase, startServer, stopServer, waitReady } from "./lib.mjs";

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const TARGET_RATIO = 1.5;
const HOLD_MS = 60_000;

/** CPU time (user + system) a process has used, in ms (/proc ticks are 10 ms). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Waits until `pid` has used under 20 ms of CPU in a 300 ms window (every poll held), at most `maxMs`. */
async function idle(pid, maxMs = 60_000) {
  const until = Date.now() + maxMs;
  let last = cpuMs(pid);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 300));
    const now = cpuMs(pid);
    if (now - last < 20) return;
    last = now;
  }
}

/** The kernel's count of connections dropped because a listening socket's accept queue was full (all of this machine). */
const listenOverflows = () => {
  const [names, values] = readFileSync("/proc/net/netstat", "utf8")
    .split("\n")
    .filter((l) => l.startsWith("TcpExt:"))
    .map((l) => l.split(" "));
  return Number(values[names.indexOf("ListenOverflows")]);
};

/** One GET on its own connection of `agent`: its status and body, or the connection error's code. */
const get = (agent, port, urlPath, headers, sent) =>
  new Promise((resolve) => {
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, headers, agent }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), at: performance.now() }));
      res.on("error", (e) => resolve({ error: e.code ?? e.message, at: performance.now() }));
    });
    req.on("error", (e) => resolve({ error: e.code ?? e.message, at: performance.now() }));
    req.on("finish", sent);
    req.end();
  });

/**
 * The same GET through `fetch` (undici's global dispatcher, as bench/chat.mjs polls): its own
 * connection pool and timeouts (10 s to connect). `sent` is called once the call is started.
 */
const fetchGet = (_agent, port, urlPath, headers, sent) => {
  const answer = fetch(`http://127.0.0.1:${port}${urlPath}`, { headers }).then(
    async (res) => ({ status: res.status, body: await res.text(), at: performance.now() }),
    (e) => ({ error: e.cause?.code ?? e.cause?.message ?? e.message, at: performance.now() }),
  );
  sent();
  return answer;
};
const CLIENT = arg("client", "http");

/**
 * Holds `polls` polls on `port` (one connection each), waits until the server is idle, runs
 * `send` and times until all have answered: the time, the server's CPU meanwhile, the answers
 * that carry the message (`has(body)`), the errors by code and the other statuses.
 */
async function round({ port, pid, polls, path: urlPath, headers, send, has }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  try {
    const overflows0 = listenOverflows();
    let written = 0;
    let allWritten;
    const writtenAll = new Promise((r) => {
      allWritten = r;
    });
    const sent = () => {
      written += 1;
      if (written === polls) allWritten();
    };
    const early = [];
    const answers = Array.from({ length: polls }, () =>
      (CLIENT === "fetch" ? fetchGet : get)(agent, port, urlPath, headers, sent).then((r) => {
        if (!sending) early.push(r);
        return r;
      }),
    );
    let sending = false;
    await Promise.race([writtenAll, new Promise((r) => setTimeout(r, 60_000))]);
    await idle(pid);
    const cpu0 = cpuMs(pid);
    sending = true;
    const t0 = performance.now();
    await send();
    const all = await Promise.all(answers);
    const ms = Math.max(...all.map((r) => r.at)) - t0;
    const cpu = cpuMs(pid) - cpu0;
    const errors = {};
    const statuses = {};
    let delivered = 0;
    for (const r of all) {
      if (r.error) errors[r.error] = (errors[r.error] ?? 0) + 1;
      else if (r.status !== 200) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      else if (has(r.body)) delivered += 1;
    }
    return { ms, cpu_ms: cpu, delivered, early: early.length, errors, statuses, listen_overflows: listenOverflows() - overflows0 };
  } finally {
    agent.destroy();
  }
}

export async function benchPolls({ polls = 5000, rounds = 3, port = 4520 } = {}) {
  const scratch = await scratchDatabase("academy_bench_polls");
  const env = chatServerEnv(scratch.url, { holdMs: HOLD_MS, polls });
  const server = startServer({ port, dataDir: "test-results/bench-polls-unused", env });
  const bareChild = spawn(process.execPath, [path.join(root, "bench/bare-server.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port + 1), BARE_POLL_HOLD_MS: String(HOLD_MS) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const bareExited = new Promise((resolve) => bareChild.on("exit", resolve));
  try {
    await waitReady(port, server.child, 120_000);
    const opened = await openRoom(port, port, ADMIN, USER);
    const { staff, user, room } = opened;
    let last = opened.last;
    for (let i = 0; i < 100; i++) {
      const r = await fetch(`http://127.0.0.1:${port + 1}/healthz`).then(
        (x) => x.ok,
        () => false,
      );
      if (r) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    const project = async (n) => {
      let id = 0;
      const r = await round({
        port,
        pid: server.child.pid,
        polls: n,
        path: `/v3/api/lambda/realtime/room/poll?user_id=${user.user_id}&after=${last}`,
        headers: { "x-project": PROJECT, authorization: `Bearer ${user.token}` },
        send: async () => {
          const s = await apiCall(port, "POST", "/v3/api/lambda/realtime/send", {
            token: staff.token,
            body: { room_id: room, message: "to every held poll" },
          });
          if (s.status !== 200) throw new Error(`send answered ${s.status}`);
          id = s.json.model.id;
        },
        has: (body) => JSON.parse(body).model?.id === id,
      });
      last = id;
      return r;
    };
    let bareId = 0;
    const bare = (n) =>
      round({
        port: port + 1,
        pid: bareChild.pid,
        polls: n,
        path: "/bare/poll",
        headers: {},
        send: async () => {
          const s = await fetch(`http://127.0.0.1:${port + 1}/bare/poll/send`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ message: "to every held poll" }),
          }).then((x) => x.json());
          bareId = s.model.id;
        },
        has: (body) => JSON.parse(body).model?.id === bareId,
      });

    // A small warm-up of each (compiled code paths, pools filled), not counted.
    await project(200);
    await bare(200);
    const runs = { project: [], bare: [] };
    for (let i = 0; i < rounds; i++) {
      runs.project.push(await project(polls));
      runs.bare.push(await bare(polls));
    }
    const sum = (xs) => xs.reduce((a, b) => a + b, 0);
    return {
      polls,
      runs,
      ratio: sum(runs.project.map((r) => r.ms)) / sum(runs.bare.map((r) => r.ms)),
      load: loadavg()
        .map((n) => n.toFixed(2))
        .join(" "),
    };
  } finally {
    await stopServer(server).catch(() => {});
    bareChild.kill("SIGTERM");
    await bareExited;
    await scratch.drop().catch(() => {});
  }
}

const failures = (r) => Object.values(r.errors).reduce((a, b) => a + b, 0) + Object.values(r.statuses).reduce((a, b) => a + b, 0);

export function printPolls(r) {
  for (const who of ["project", "bare"])
    for (const [i, x] of r.runs[who].entries())
      console.log(
        `polls (${CLIENT}): ${who} run ${i + 1}: ${x.delivered}/${r.polls} answered with the message in ${fmt(x.ms)} ms (server CPU ${fmt(x.cpu_ms)} ms); errors ${JSON.stringify(x.errors)}, other statuses ${JSON.stringify(x.statuses)}, answered before the send ${x.early}, accept-queue overflows ${x.listen_overflows}`,
      );
  const bad = [...r.runs.project, ...r.runs.bare].reduce((a, x) => a + failures(x) + (r.polls - x.delivered), 0);
  const ok = r.ratio <= TARGET_RATIO && bad === 0;
  console.log(
    `polls: ${fmt(r.polls)} held polls answered by one message, project / bare time ${fmt(r.ratio, 2)}x (target <= ${TARGET_RATIO}x, 0 failures: ${ok ? "met" : "NOT met"}; ${bad} failures); load average ${r.load}`,
  );
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchPolls({ polls: Number(arg("polls", 5000)), rounds: Number(arg("rounds", 3)), port: Number(arg("port", 4520)) });
  if (!printPolls(r)) process.exitCode = 1;
}
