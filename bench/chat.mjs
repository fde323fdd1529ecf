// `node bench/chat.mjs`: realtime chat on PostgreSQL (BENCH_DATABASE_URL, default the local
// server): 1,000 concurrent long polls held by one instance (memory before and after), and the
// time from a send on one instance to its delivery to a poller on another (p99 budget 100 ms).
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { apiCall, apiLogin, fmt, scratchDatabase, startServer, stopServer, waitReady } from "./lib.mjs";

const POLLS = Number(process.env.BENCH_CHAT_POLLS ?? 1000);
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 300);
const BUDGET_P99_MS = 100;
export const ADMIN = { email: "bench-admin@rescue-academy.local", password: "bench admin password" };
export const USER = { email: "bench-user@rescue-academy.local", password: "bench user password" };

/** A chat benchmark's server settings: the bench accounts, polls held `holdMs`, up to `polls` of them (one person may hold them all), no send or login limit in the way. */
export const chatServerEnv = (databaseUrl, { holdMs, polls }) => ({
  DATABASE_URL: databaseUrl,
  ADMIN_2FA_REQUIRED: "false",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  DEMO_USER_EMAIL: USER.email,
  DEMO_USER_PASSWORD: USER.password,
  REALTIME_POLL_HOLD_MS: String(holdMs),
  REALTIME_MAX_POLLS: String(polls),
  REALTIME_MAX_POLLS_PER_USER: String(polls),
  CHAT_SEND_RATE_LIMIT: "100000",
  LOGIN_RATE_LIMIT: "1000",
});

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(/(\d+)/.exec(line ?? "0")?.[1] ?? 0) / 1024;
};
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Signs `admin` in on `staffPort` and `candidate` on `userPort`, opens a room between them and
 * sends a first message: the room and that message's id (polls after it wait for the next one).
 */
export async function openRoom(staffPort, userPort, admin, candidate) {
  const staff = await apiLogin(staffPort, admin, "admin");
  const user = await apiLogin(userPort, candidate, "user");
  const room = (
    await apiCall(staffPort, "POST", "/v3/api/lambda/realtime/room", {
      token: staff.token,
      body: { user_id: staff.user_id, other_user_id: user.user_id },
    })
  ).json.room_id;
  const last = (
    await apiCall(staffPort, "POST", "/v3/api/lambda/realtime/send", { token: staff.token, body: { room_id: room, message: "warm-up" } })
  ).json.model.id;
  return { staff, user, room, last };
}

export async function benchChat() {
  const scratch = await scratchDatabase("academy_bench_chat");
  const env = chatServerEnv(scratch.url, { holdMs: 30_000, polls: 5_000 });
  const ports = [4470 + Math.floor(Math.random() * 20), 4495 + Math.floor(Math.random() * 20)];
  const servers = [];
  try {
    // One instance first (it migrates and seeds), then the second.
    for (const port of ports) {
      const s = startServer({ port, dataDir: "test-results/bench-chat-unused", env });
      servers.push(s);
      await waitReady(port, s.child, 120_000);
    }
    const [a, b] = ports;
    const opened = await openRoom(a, b, ADMIN, USER);
    const { staff, user, room } = opened;
    let last = opened.last;

    // 1. POLLS long polls held by instance b at once.
    const before = rssMb(servers[1].child.pid);
    const polls = Array.from({ length: POLLS }, () =>
      apiCall(b, "GET", "/v3/api/lambda/realtime/room/poll", { token: user.token, query: { user_id: user.user_id, after: last } }),
    );
    await new Promise((r) => setTimeout(r, 5_000));
    const held = rssMb(servers[1].child.pid);
    const sentAt = performance.now();
    const sent = await apiCall(a, "POST", "/v3/api/lambda/realtime/send", {
      token: staff.token,
      body: { room_id: room, message: "to everyone" },
    });
    const answers = await Promise.all(polls);
    const fanOutMs = performance.now() - sentAt;
    last = sent.json.model.id;
    const delivered = answers.filter((r) => r.status === 200 && r.json.model?.id === last).length;

    // 2. Send on a, delivery to a poller on b, ROUNDS times one after another.
    const times = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const poll = apiCall(b, "GET", "/v3/api/lambda/realtime/room/poll", {
        token: user.token,
        query: { user_id: user.user_id, after: last },
      });
      await new Promise((r) => setTimeout(r, 15));
      const t0 = performance.now();
      const s = await apiCall(a, "POST", "/v3/api/lambda/realtime/send", {
        token: staff.token,
        body: { room_id: room, message: `round ${i}` },
      });
      const got = await poll;
      const t1 = performance.now();
      if (got.status !== 200 || got.json.model.id !== s.json.model.id) throw new Error(`round ${i}: ${got.status}`);
      last = s.json.model.id;
      times.push(t1 - t0);
    }
    times.sort((x, y) => x - y);
    return {
      polls: POLLS,
      delivered,
      rss_before_mb: before,
      rss_held_mb: held,
      per_poll_kb: ((held - before) * 1024) / POLLS,
      fan_out_ms: fanOutMs,
      rounds: ROUNDS,
      p50_ms: pct(times, 50),
      p99_ms: pct(times, 99),
      max_ms: times.at(-1),
      load: loadavg()
        .map((n) => n.toFixed(2))
        .join(" "),
    };
  } finally {
    for (const s of servers) await stopServer(s).catch(() => {});
    await scratch.drop().catch(() => {});
  }
}

export function printChat(r) {
  console.log(
    `chat: ${r.delivered}/${r.polls} held long polls answered by one send in ${fmt(r.fan_out_ms)} ms; instance RSS ${fmt(r.rss_before_mb)} MB idle, ${fmt(r.rss_held_mb)} MB holding them (${fmt(r.per_poll_kb, 1)} KB a poll)`,
  );
  const ok = r.p99_ms <= BUDGET_P99_MS;
  console.log(
    `chat: send on one instance to delivery on another (PostgreSQL LISTEN/NOTIFY, ${r.rounds} rounds): p50 ${fmt(r.p50_ms, 1)} ms, p99 ${fmt(r.p99_ms, 1)} ms, max ${fmt(r.max_ms, 1)} ms (budget p99 ${BUDGET_P99_MS} ms: ${ok ? "met" : "NOT met"}); load average ${r.load}`,
  );
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchChat();
  if (!printChat(r)) process.exitCode = 1;
}
