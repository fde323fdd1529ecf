/**
 * What the log may say about an error. Database errors carry the statement's parameters (drizzle
 * puts them in the message and `params`; PostgreSQL's `detail` quotes row values): password
 * hashes, tokens and emails must not reach the log, so only the statement, the codes and the
 * names of what failed are kept.
 */
type Loggable = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  query?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  cause?: Loggable;
};

const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;

export function safeError(error: unknown, depth = 0): Loggable {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, 200), stack: "" };
  const e = error as Error & Record<string, unknown>;
  const message = e.message.replace(PARAMS_IN_MESSAGE, "");
  const type = e.constructor?.name ?? "Error";
  // The stack's first lines repeat the message, parameters included: keep only the frames.
  const stack = e.stack ? [`${type}: ${e.message.split("\n")[0]}`, ...e.stack.split("\n").filter((l) => /^\s+at /.test(l))].join("\n") : "";
  const out: Loggable = { type, message, stack };
  for (const key of ["code", "query", "constraint", "table", "column", "routine"] as const) {
    const value = e[key];
    if (typeof value === "string") out[key] = value;
  }
  if (e.cause !== undefined && depth < 4) out.cause = safeError(e.cause, depth + 1);
  // A status code on Fastify's own errors helps reading the log; it is no secret.
  if (typeof e.statusCode === "number") (out as Loggable & { statusCode?: number }).statusCode = e.statusCode;
  return out;
}
