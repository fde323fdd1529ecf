import pg from "pg";

/** What a pipelined read answers: its rows as arrays, and the description of its columns. */
export type PipelinedRows = { rows: unknown[][]; fields: { name: string }[] };

/**
 * Quick reads on PostgreSQL connections of their own that pipeline (node-postgres's `pipeline`
 * mode): a query is written as soon as it is asked, without waiting for the answers before it, and
 * each gets its own answer or error. Asked by many requests at once, the reads reach PostgreSQL
 * back to back, so its session reads them one after another instead of going to sleep after each;
 * through the pool, every read woke a session up, and that cost PostgreSQL more than the read itself.
 *
 * Only for reads that cannot wait behind anything: a row by its key and a token's account. A read
 * that waits (a lock, a long scan) holds up the reads pipelined behind it on its connection, up to
 * the statement timeout. Never for a transaction's statements, which need a connection of their own.
 *
 * Each connection is opened on first use and opened again after it fails (the reads on it when it
 * failed get the connection's error and answer 503, as through the pool).
 */
export type ReadPipeline = {
  query(config: { name: string; text: string; values: unknown[]; types: pg.CustomTypesConfig }): Promise<PipelinedRows>;
  close(): Promise<void>;
};

/** The application name of the pipelined connections' sessions. */
export const READ_PIPELINE_NAME = "rescue-academy quick reads";

type Slot = { ready?: pg.Client; opening?: Promise<pg.Client> };

/** The pool's own words once it is closed: the error handler answers them 503, as any database gone away. */
const closedError = () => new Error("Cannot use a pool after calling end on the pool");

export function createReadPipeline(
  url: string,
  opts: { connections: number; statementTimeoutMs: number; onError?: (e: Error) => void },
): ReadPipeline {
  const slots: Slot[] = Array.from({ length: opts.connections }, () => ({}));
  let next = 0;
  let isClosed = false;

  function open(slot: Slot): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: url,
      pipeline: true,
      // Named in pg_stat_activity, apart from the pool's sessions.
      application_name: READ_PIPELINE_NAME,
      connectionTimeoutMillis: 5_000,
      // As the pool's: PostgreSQL cancels a statement past its timeout; a database that stops
      // answering is given up a moment later (node-postgres then closes the connection, failing
      // the reads queued on it).
      statement_timeout: opts.statementTimeoutMs,
      query_timeout: opts.statementTimeoutMs + 2_000,
    } as pg.ClientConfig);
    const drop = () => {
      if (slot.ready === client) slot.ready = undefined;
    };
    client.on("error", (e) => {
      drop();
      opts.onError?.(e);
    });
    client.on("end", drop);
    const opening = client.connect().then(
      () => {
        if (slot.opening === opening) slot.opening = undefined;
        if (isClosed) {
          client.end().catch(() => {});
          throw closedError();
        }
        slot.ready = client;
        return client;
      },
      (e: unknown) => {
        if (slot.opening === opening) slot.opening = undefined;
        throw e;
      },
    );
    slot.opening = opening;
    return opening;
  }

  return {
    query(config) {
      if (isClosed) return Promise.reject(closedError());
      const slot = slots[next] as Slot;
      next = (next + 1) % slots.length;
      const query = { ...config, rowMode: "array" as const };
      const ready = slot.ready;
      if (ready) return ready.query(query) as unknown as Promise<PipelinedRows>;
      return (slot.opening ?? open(slot)).then((client) => client.query(query) as unknown as Promise<PipelinedRows>);
    },
    async close() {
      isClosed = true;
      await Promise.all(
        slots.map(async (slot) => {
          const client = slot.ready ?? (await slot.opening?.catch(() => undefined));
          slot.ready = undefined;
          await client?.end().catch(() => {});
        }),
      );
    },
  };
}
