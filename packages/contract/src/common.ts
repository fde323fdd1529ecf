import { z } from "zod";

export const Role = z.enum(["user", "admin"]);
export type Role = z.infer<typeof Role>;

/** Every error the API answers: `validation` maps a field to its message. */
export const ErrorResponse = z.object({
  error: z.literal(true),
  message: z.string(),
  code: z.string().optional(),
  validation: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A row id (in a path, a query or a body): a positive 32-bit integer. */
export const RowId = z.coerce.number().int().min(1).max(2_147_483_647);
/** The path parameters of every `/:id` route. */
export const IdParams = z.strictObject({ id: RowId });

export const MessageResponse = z.object({ error: z.literal(false), message: z.string() });
export const OkResponse = z.object({ error: z.literal(false) });

/** The header the API expects on every call: base64 of `<project_id>:<project_secret>`. */
export const PROJECT_HEADER = "x-project";
export const encodeProjectHeader = (id: string, secret: string) =>
  typeof btoa === "function" ? btoa(`${id}:${secret}`) : Buffer.from(`${id}:${secret}`).toString("base64");

// The error codes live in constants.ts (no zod there, for the browser); kept here for existing importers.
export { INVALID_TOKEN, TOKEN_EXPIRED, TWO_FACTOR_REQUIRED, UNAUTHORIZED } from "./constants.ts";

// Answers of the generic records API (`/v4/api/records/{table}`), whose rows each screen types
// for its own table.

/** One row: `{error:false, model}`. */
export type ModelAnswer<T> = { error: false; model: T };
/** Every row: `{error:false, list}`. */
export type ListAnswer<T> = { error: false; list: T[] };
/**
 * One page of rows, with the count and the number of pages (`total_capped`: more match than were
 * counted; `estimated`: the total is the database's estimate of a whole table's rows).
 */
export type PageAnswer<T> = { error: false; list: T[]; total: number; num_pages: number; total_capped?: boolean; estimated?: boolean };
