import type { FastifyInstance, preValidationHookHandler } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../lib/http-error.ts";
import { firstOnApiRoutes } from "./project-header.ts";

/** With the `u` flag a surrogate range matches only surrogates that are not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Why a string cannot be stored as PostgreSQL text: a NUL character (PostgreSQL refuses it) or a
 * lone UTF-16 surrogate (not Unicode; its bytes would be silently replaced). Undefined when fine.
 */
export function unstorableText(value: string): string | undefined {
  if (value.includes("\u0000")) return "must not contain a NUL character";
  if (LONE_SURROGATE.test(value)) return "must be valid Unicode text";
  return undefined;
}

/** Any surrogate, paired or not: only text with one, or with a NUL, can be unstorable. */
const SURROGATE = /[\uD800-\uDFFF]/;
const isSuspect = (text: string) => text.includes("\u0000") || SURROGATE.test(text);

/**
 * Whether `input` is an object of strings none of which (key or value) can be unstorable: what
 * params and most query strings are, told apart without walking them.
 */
function isPlainText(input: unknown): boolean {
  if (input === undefined || input === null) return true;
  if (typeof input !== "object") return false;
  for (const key in input) {
    const value = (input as Record<string, unknown>)[key];
    if (typeof value !== "string" || isSuspect(value) || isSuspect(key)) return false;
  }
  return true;
}

/** The first string (value or key) in a parsed body, query or params that PostgreSQL cannot take, with its path. */
export function findUnstorableText(input: unknown, path: string): { field: string; reason: string } | undefined {
  if (isPlainText(input)) return undefined;
  const stack: Array<[unknown, string]> = [[input, path]];
  let seen = 0;
  while (stack.length > 0) {
    const [value, at] = stack.pop() as [unknown, string];
    // A body is at most 1 MiB; this bounds the walk even for one made of many tiny values.
    if (++seen > 200_000) return undefined;
    if (typeof value === "string") {
      const reason = unstorableText(value);
      if (reason) return { field: at, reason };
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        stack.push([item, `${at}.${i}`]);
      });
    } else if (value !== null && typeof value === "object" && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const reason = unstorableText(key);
        if (reason) return { field: at, reason: `field names ${reason}` };
        stack.push([item, at ? `${at}.${key}` : key]);
      }
    }
  }
  return undefined;
}

/**
 * Every API route, before its schema runs: text PostgreSQL cannot store (NUL, lone surrogates) in
 * the body, the query string or the path answers 400 naming the field, so no handler passes it
 * to a query that would fail with a 500. Added to each API route as it is declared (health
 * checks, docs, the web app and static files store nothing and skip it), ahead of the route's
 * auth guards: register this plugin after the auth plugin, whose `onRoute` puts them first.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  const check: preValidationHookHandler = (request, _reply, done) => {
    const found = findUnstorableText(request.params, "") ?? findUnstorableText(request.query, "") ?? findUnstorableText(request.body, "");
    if (!found) return done();
    const field = found.field.replace(/^\./, "") || "body";
    done(new HttpError(400, `${field}: ${found.reason}`, { validation: { [field]: found.reason } }));
  };
  firstOnApiRoutes(app, "preValidation", check);
});
