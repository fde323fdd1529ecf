// A bare Fastify server doing what the project's routes do at their core, with nothing else: the
// reference `bench/bare.mjs` measures the project's server against. GET /healthz answers
// {"status":"ok"}; GET /bare/schedule/:id reads one record by its primary key through
// node-postgres (a pool of DATABASE_POOL_MAX, as the project's server has); POST /bare/events
// inserts a batch's events in one statement; GET /bare/poll holds a long poll (a Set of waiters, up
// to BARE_POLL_HOLD_MS, then 408) and POST /bare/poll/send answers every held poll with one message
// (bench/polls.mjs). No hooks, no schemas, no authentication.
import Fastify from "fastify";
import pg from "pg";

const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) })
  : null;
const app = Fastify({ logger: false });
app.get("/healthz", async () => ({ status: "ok" }));
app.get("/bare/schedule/:id", async (request, reply) => {
  const { rows } = await pool.query({
    name: "bare_schedule_by_id",
    text: "SELECT id, user_id, meeting_start, meeting_end, meeting_details, created_at, updated_at FROM schedule WHERE id = $1",
    values: [Number(request.params.id)],
  });
  if (!rows[0]) return reply.status(404).send({ error: true, message: "Not found" });
  return { error: false, model: rows[0] };
});
app.post("/bare/events", async (request) => {
  const batch = typeof request.body === "string" ? JSON.parse(request.body) : request.body;
  const events = batch.events ?? [];
  await pool.query(
    `INSERT INTO bare_event (session_id, type, at, path, target, data)
      SELECT $1, e->>'type', to_timestamp((e->>'at')::float8 / 1000), e->>'path', e->>'target', e->'data'
      FROM json_array_elements($2::json) AS e`,
    [batch.session_id, JSON.stringify(events)],
  );
  return { error: false, accepted: events.length };
});
const waiting = new Set();
const holdMs = Number(process.env.BARE_POLL_HOLD_MS ?? 25_000);
let lastId = 0;
app.get(
  "/bare/poll",
  (_request, reply) =>
    new Promise((resolve) => {
      const waiter = (answer) => {
        clearTimeout(timer);
        waiting.delete(waiter);
        resolve(answer);
      };
      const timer = setTimeout(() => {
        reply.status(408);
        waiter({ error: true, message: "TIMEOUT" });
      }, holdMs);
      waiting.add(waiter);
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) waiter(null);
      });
    }),
);
app.post("/bare/poll/send", async (request) => {
  lastId += 1;
  const message = { id: lastId, room_id: 1, message: String(request.body?.message ?? ""), user_id: 1, timestamp: new Date().toISOString() };
  for (const waiter of [...waiting]) waiter({ error: false, model: message, list: [message] });
  return { error: false, model: message };
});
app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => done(null, body));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () =>
  app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0)),
);
