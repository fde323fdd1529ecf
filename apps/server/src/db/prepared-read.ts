import { PGlite } from "@electric-sql/pglite";
import { DrizzleQueryError, is, Param, Placeholder, type SQLWrapper } from "drizzle-orm";
import pg from "pg";
import type { Db } from "./client.ts";
import type { ReadPipeline } from "./read-pipeline.ts";
import { isWrite } from "./write-ledger.ts";

/**
 * A read's answer: its output columns' names, and each row's values in that order, as drizzle's
 * raw reads give them (timestamps, dates and intervals as the database's text).
 */
export type ReadRows = { names: readonly string[]; rows: unknown[][] };

/** A read of fixed shape: its rows for the placeholders' values. */
export type PreparedRead = { run(values: Record<string, unknown>): Promise<ReadRows> };

/** Each PostgreSQL database handle's connections for quick reads (db/read-pipeline.ts), where it has them. */
const pipelines = new WeakMap<object, ReadPipeline>();
export const useReadPipeline = (db: Db, pipeline: ReadPipeline) => pipelines.set(db, pipeline);

/** A built query: what `toSQL()` of a drizzle query answers, its placeholders still unfilled. */
type BuiltQuery = SQLWrapper & { toSQL(): { sql: string; params: unknown[] } };

// The types drizzle's raw reads keep as text (timestamps, dates, intervals, their arrays,
// numeric[]): rows read here hold the same values as drizzle's `prepare(name).all()` gives.
const KEPT_AS_TEXT = [1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
const kept = new Set(KEPT_AS_TEXT);
const parserOf = (oid: number): ((value: string) => unknown) => (kept.has(oid) ? asText : pg.types.getTypeParser(oid, "text"));
/** The same parsers for node-postgres's own queries (the pipelined reads). */
const NODE_PG_TYPES = { getTypeParser: parserOf } as unknown as pg.CustomTypesConfig;
const PGLITE_OPTIONS = { rowMode: "array" as const, parsers: Object.fromEntries(KEPT_AS_TEXT.map((oid) => [oid, asText])) };
/** node-postgres's own conversion of a parameter to its wire text (`Query` binds with it too). */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue;

/** What each call needs of a statement's first answer: its column names and their parsers (the same for every call). */
type Shape = { names?: string[]; parsers?: ((value: string) => unknown)[] };

/** The parts of node-postgres's connection a query submits through (see its `Query` and pg-cursor). */
type Connection = {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  parse(msg: { text: string; name?: string }): void;
  bind(msg: { portal: string; statement?: string; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(msg: { type: "P"; name: string }): void;
  execute(msg: { portal: string }): void;
  close(msg: { type: "S"; name: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
};
type Field = { name: string; dataTypeID: number };

/**
 * One execution of a statement on node-postgres, as a "submittable" (the driver's interface for
 * custom queries, which pg-cursor uses): the same messages its `Query` sends (parse once per
 * connection for a named statement, then bind, describe, execute, sync), but the rows are kept
 * as the arrays the protocol parser makes, parsed in place with the statement's parsers. Its
 * `Query` builds, for every call, an event emitter, a copy of the config, a result whose row
 * template is rebuilt from the column descriptions, one object per row and a regex match of the
 * command tag: on a wide row read by id that was more of the server's time than the route.
 */
class ArrayRead {
  /** Set by the pool (or the client) before the query is submitted; called exactly once here. */
  callback: ((error: Error | null, answer?: ReadRows) => void) | undefined = undefined;
  /** Read by the client: a portal read in pages (none here). */
  readonly rows = undefined;
  readonly name: string;
  readonly text: string;
  private readonly values: unknown[];
  private readonly shape: Shape;
  private readonly found: unknown[][] = [];
  private failure: Error | undefined = undefined;
  private isSettled = false;

  constructor(name: string, text: string, values: unknown[], shape: Shape) {
    this.name = name;
    this.text = text;
    this.values = values;
    this.shape = shape;
  }

  submit(connection: Connection): Error | null {
    const previous = this.name ? (connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name]) : undefined;
    if (previous !== undefined && previous !== this.text)
      return new Error(`Prepared statements must be unique - '${this.name}' was used for a different statement`);
    // Corked: the four messages leave in one write.
    connection.stream.cork();
    try {
      if (!this.name || previous === undefined) {
        connection.parse({ text: this.text, name: this.name });
        if (this.name) connection.submittedNamedStatements[this.name] = this.text;
      }
      try {
        connection.bind({ portal: "", statement: this.name, values: this.values, valueMapper: prepareValue });
      } catch (e) {
        connection.close({ type: "S", name: this.name });
        connection.sync();
        this.settle(e as Error);
        return null;
      }
      // The rows' description once per statement: a named statement this connection has already
      // parsed answers rows of the same columns (PostgreSQL refuses to run one whose result type
      // changed, "cached plan must not change result type"), so its answer needs no description.
      if (!this.shape.parsers || !this.name || previous === undefined) connection.describe({ type: "P", name: "" });
      connection.execute({ portal: "" });
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleRowDescription(msg: { fields: Field[] }): void {
    if (this.shape.parsers) return;
    this.shape.names = msg.fields.map((f) => f.name);
    this.shape.parsers = msg.fields.map((f) => parserOf(f.dataTypeID));
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    const row: unknown[] = msg.fields;
    const parsers = this.shape.parsers as ((value: string) => unknown)[];
    try {
      for (let i = 0; i < row.length; i++) if (row[i] !== null) row[i] = (parsers[i] as (value: string) => unknown)(row[i] as string);
    } catch (e) {
      this.failure ??= e as Error;
    }
    this.found.push(row);
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(connection: Connection): void {
    connection.sendCopyFail("No source stream defined");
  }
  handleCopyData(): void {}

  handleError(error: Error): void {
    this.settle(error);
  }

  handleReadyForQuery(): void {
    if (this.failure) this.settle(this.failure);
    else this.settle(null, { names: this.shape.names ?? [], rows: this.found });
  }

  private settle(error: Error | null, answer?: ReadRows): void {
    if (this.isSettled) return;
    this.isSettled = true;
    this.callback?.(error, answer);
  }
}

/**
 * How each parameter gets its value, worked out once per statement: a fixed value, or the call's
 * value of a placeholder (through the column's encoder where drizzle bound one).
 */
function valuesOf(params: unknown[]): (input: Record<string, unknown>) => unknown[] {
  const names: (string | undefined)[] = [];
  const encoders: ({ mapToDriverValue(value: unknown): unknown } | undefined)[] = [];
  const fixed: unknown[] = [];
  for (const p of params) {
    const placeholder = is(p, Placeholder) ? p : is(p, Param) && is(p.value, Placeholder) ? (p.value as Placeholder) : undefined;
    names.push(placeholder?.name);
    encoders.push(placeholder && is(p, Param) ? p.encoder : undefined);
    fixed.push(placeholder ? undefined : p);
  }
  return (input) => {
    const values = new Array<unknown>(names.length);
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (name === undefined) {
        values[i] = fixed[i];
        continue;
      }
      const value = input[name];
      if (value === undefined && !(name in input)) throw new Error(`No value for placeholder "${name}" was provided`);
      const encoder = encoders[i];
      values[i] = encoder ? encoder.mapToDriverValue(value) : value;
    }
    return values;
  };
}

/**
 * A read statement prepared once: on PostgreSQL a named statement (`name`; an empty name has each
 * call planned with its values), parsed and planned once per connection. Its SQL text and the
 * places of its placeholders are worked out once; each call goes straight to the driver and
 * answers rows as arrays (`ReadRows`). Reads only: a write run here would escape the request's
 * write ledger (db/write-ledger.ts). A `quick` read (one that cannot wait behind a lock or a long
 * scan: a row by its key, a token's account) runs on the database's pipelined connections when
 * it has them (db/read-pipeline.ts), outside a transaction.
 */
export function prepareRead(db: Db, name: string, query: BuiltQuery, opts: { quick?: boolean } = {}): PreparedRead {
  const { sql: text, params } = query.toSQL();
  if (isWrite(text)) throw new Error("prepareRead runs reads only: writes go through drizzle, which notes their commits");
  const values = valuesOf(params);
  const failed = (e: unknown, input: unknown[]): never => {
    throw new DrizzleQueryError(text, input, e as Error);
  };
  const pipeline = opts.quick && name ? pipelines.get(db) : undefined;
  if (pipeline) {
    let names: string[] | undefined;
    return {
      run(placeholders) {
        const input = values(placeholders);
        return pipeline.query({ name, text, values: input, types: NODE_PG_TYPES }).then(
          (r) => {
            names ??= r.fields.map((f) => f.name);
            return { names, rows: r.rows };
          },
          (e: unknown) => failed(e, input),
        );
      },
    };
  }
  // The session's driver handle: the pool (or the embedded database), or inside a transaction its own connection.
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Pool) {
    const shape: Shape = {};
    // The pool checks a client out, hands it the query with its own callback (which releases the
    // client), and answers a promise of what that callback gets.
    const submit = client.query.bind(client) as unknown as (query: ArrayRead) => Promise<ReadRows>;
    return {
      run(placeholders) {
        const input = values(placeholders);
        return submit(new ArrayRead(name, text, input, shape)).then(undefined, (e: unknown) => failed(e, input));
      },
    };
  }
  if (client instanceof pg.Client) {
    const shape: Shape = {};
    const submit = client.query.bind(client) as unknown as (query: ArrayRead) => unknown;
    return {
      run(placeholders) {
        const input = values(placeholders);
        const read = new ArrayRead(name, text, input, shape);
        const answer = new Promise<ReadRows>((resolve, reject) => {
          read.callback = (error, rows) => (error ? reject(error) : resolve(rows as ReadRows));
        });
        submit(read);
        return answer.then(undefined, (e: unknown) => failed(e, input));
      },
    };
  }
  if (isPgliteLike(client)) {
    let names: string[] | undefined;
    return {
      run(placeholders) {
        const input = values(placeholders);
        return client.query<unknown[]>(text, input, PGLITE_OPTIONS).then(
          (r) => {
            names ??= r.fields.map((f) => f.name);
            return { names, rows: r.rows };
          },
          (e: unknown) => failed(e, input),
        );
      },
    };
  }
  throw new Error("prepareRead: the database handle has no driver it knows");
}

/** The embedded database, or one of its transactions: both query with the same options. */
const isPgliteLike = (client: unknown): client is Pick<PGlite, "query"> =>
  client instanceof PGlite || (typeof client === "object" && client !== null && typeof (client as PGlite).query === "function");
