import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import { createReadPipeline, READ_PIPELINE_NAME } from "./read-pipeline.ts";

// PostgreSQL only: the quick reads' pipelined connections (decision 39).
const database = await createTestDatabase();
const url = database.connectionString as string;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
afterAll(async () => {
  await admin.end();
  await database.close();
});

const types = { getTypeParser: pg.types.getTypeParser } as unknown as pg.CustomTypesConfig;
const echo = { name: "test_pipeline_echo", text: "SELECT $1::int AS n, pg_backend_pid() AS pid" };
const pipelineSessions = async () =>
  (
    await admin.query("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1", [READ_PIPELINE_NAME])
  ).rows.map((r) => r.pid as number);

describe("quick reads pipelined on connections of their own", () => {
  it("answer each read its own rows, many at once on one connection, and isolate a read's error", async () => {
    const pipeline = createReadPipeline(url, { connections: 1, statementTimeoutMs: 2_000 });
    try {
      const reads = Array.from({ length: 200 }, (_, i) =>
        i % 50 === 7 ? pipeline.query({ ...echo, values: ["not a number"], types }) : pipeline.query({ ...echo, values: [i], types }),
      );
      const answers = await Promise.allSettled(reads);
      answers.forEach((answer, i) => {
        if (i % 50 === 7) expect(answer.status === "rejected" && (answer.reason as { code?: string }).code, `read ${i}`).toBe("22P02");
        else expect(answer.status === "fulfilled" && answer.value.rows[0]?.[0], `read ${i}`).toBe(i);
      });
      // All on the one session, whose name tells it apart from the pool's.
      const pids = new Set(answers.flatMap((a) => (a.status === "fulfilled" ? [a.value.rows[0]?.[1]] : [])));
      expect([...pids]).toEqual(await pipelineSessions());
      expect(answers[0]?.status === "fulfilled" && answers[0].value.fields.map((f) => f.name)).toEqual(["n", "pid"]);
    } finally {
      await pipeline.close();
    }
  });

  it("spread the reads over its connections", async () => {
    const pipeline = createReadPipeline(url, { connections: 3, statementTimeoutMs: 2_000 });
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => pipeline.query({ ...echo, values: [i], types })));
      expect(new Set(answers.map((a) => a.rows[0]?.[1])).size).toBe(3);
    } finally {
      await pipeline.close();
    }
  });

  it("fail the reads of a connection that is cut, and open it again for the next ones", async () => {
    const errors: Error[] = [];
    const pipeline = createReadPipeline(url, { connections: 1, statementTimeoutMs: 2_000, onError: (e) => errors.push(e) });
    try {
      const first = await pipeline.query({ ...echo, values: [1], types });
      const [pid] = await pipelineSessions();
      expect(first.rows[0]?.[1]).toBe(pid);
      // A read in flight when the session is terminated gets the connection's error.
      const caught = pipeline.query({ name: "test_pipeline_sleep", text: "SELECT pg_sleep(1)", values: [], types });
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      await expect(caught).rejects.toThrow();
      // The next read opens a new connection and answers.
      let again: unknown;
      for (let i = 0; i < 50 && again === undefined; i++) {
        again = await pipeline.query({ ...echo, values: [2], types }).then(
          (r) => r.rows[0]?.[0],
          () => new Promise((r) => setTimeout(r, 50)),
        );
      }
      expect(again).toBe(2);
      expect(await pipelineSessions()).not.toContain(pid);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await pipeline.close();
    }
  });

  it("give up a read held past the statement timeout with its error, and serve the reads after it", async () => {
    const pipeline = createReadPipeline(url, { connections: 1, statementTimeoutMs: 300 });
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("CREATE TABLE IF NOT EXISTS test_pipeline_locked (id int)");
      await holder.query("BEGIN; LOCK TABLE test_pipeline_locked IN ACCESS EXCLUSIVE MODE");
      const held = pipeline.query({ name: "test_pipeline_locked", text: "SELECT count(*) FROM test_pipeline_locked", values: [], types });
      const behind = pipeline.query({ ...echo, values: [3], types });
      await expect(held).rejects.toMatchObject({ code: "57014" });
      expect((await behind).rows[0]?.[0]).toBe(3);
      await holder.query("ROLLBACK");
      expect(
        (await pipeline.query({ name: "test_pipeline_locked", text: "SELECT count(*) FROM test_pipeline_locked", values: [], types })).rows,
      ).toEqual([["0"]]);
    } finally {
      await holder.query("DROP TABLE IF EXISTS test_pipeline_locked").catch(() => {});
      await holder.end();
      await pipeline.close();
    }
  });

  it("refuse reads once closed, with the words the error handler answers 503", async () => {
    const pipeline = createReadPipeline(url, { connections: 2, statementTimeoutMs: 2_000 });
    await pipeline.query({ ...echo, values: [1], types });
    await pipeline.close();
    await expect(pipeline.query({ ...echo, values: [1], types })).rejects.toThrow("Cannot use a pool after calling end on the pool");
    expect(await pipelineSessions()).toEqual([]);
  });
});
