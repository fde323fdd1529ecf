// A bare Fastify server doing what the project's routes do at their core, with nothing else: the
// reference `bench/bare.mjs` measures the project's server against. GET /healthz answers
// {"status":"ok"}; GET /bare/schedule/:id reads one record by its primary key through
// node-postgres (a pool of DATABASE_POOL_MAX, as the project's server has); POST /bare/events
// inserts a batch's events in one statement. No hooks, no schemas, no authentication.
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
app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => done(null, body));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () =>
  app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0)),
);
