/** Records writes: body schemas from the table's columns and rule, create, update and delete within the caller's reach. */

import type { ActivityRecordTable } from "@academy/contract/activity";
import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { changedFields, recordActivity } from "../activity/service.ts";
import { AUDITED, type AuditEntry, type TableAudit } from "./audit.ts";
import { isStorableDate, shown } from "./filters.ts";
import { confirmAccount } from "./prepared.ts";
import { isHiddenField, type Role } from "./rules.ts";
import { type Actor, actorFor, authorize, LIMITS, type Row, scopeOf, type TableInfo, tableInfo } from "./tables.ts";

// ---- writes -------------------------------------------------------------------------------

function fieldSchema(info: TableInfo, column: PgColumn): z.ZodType {
  const max = info.rule.maxLength?.[column.name] ?? LIMITS.textLength;
  const base = ((): z.ZodType => {
    if (column.enumValues?.length) return z.enum(column.enumValues as [string, ...string[]]);
    switch (column.dataType) {
      case "number":
        return z.number().int().min(-2_147_483_648).max(2_147_483_647);
      case "boolean":
        return z.boolean();
      case "date":
        return z.iso
          .datetime({ offset: true })
          .transform((s) => new Date(s))
          .refine(isStorableDate, "Year must be 1 to 9999");
      case "json":
        return z.unknown().superRefine((value, ctx) => {
          const problem = jsonProblem(value, max);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        });
      default:
        return z
          .string()
          .max(max)
          .refine((s) => !s.includes("\0"), "Contains a NUL character");
    }
  })();
  return column.notNull ? base : base.nullable();
}

const MAX_JSON_DEPTH = 16;

/** What is wrong with a JSON value for a jsonb field (depth, size, NUL characters), checked without recursion. */
function jsonProblem(value: unknown, maxChars: number): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  let chars = 0;
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (depth > MAX_JSON_DEPTH) return `Nested deeper than ${MAX_JSON_DEPTH} levels`;
    if (v === null || typeof v === "boolean") chars += 5;
    else if (typeof v === "number") {
      if (!Number.isFinite(v)) return "Not a JSON value";
      chars += 24;
    } else if (typeof v === "string") {
      if (v.includes("\0")) return "Contains a NUL character";
      chars += v.length + 2;
    } else if (Array.isArray(v)) for (const item of v) stack.push([item, depth + 1]);
    else if (typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes("\0")) return "Contains a NUL character";
        chars += k.length + 3;
        stack.push([item, depth + 1]);
      }
    } else return "Not a JSON value";
    if (chars > maxChars) return `At most ${maxChars} characters`;
  }
  return null;
}

const bodySchemas = new Map<string, z.ZodType<Row>>();

/** The strict body schema of `mode` for a role: writable fields only; unknown or forbidden keys are 400. */
function bodySchema(info: TableInfo, role: Role, mode: "create" | "update"): z.ZodType<Row> {
  const key = `${info.name}:${role}:${mode}`;
  let found = bodySchemas.get(key);
  if (!found) {
    const shape: Record<string, z.ZodType> = {};
    for (const name of info.rule.write[role] ?? []) {
      const column = info.columns.get(name);
      if (!column || isHiddenField(name) || column === info.id) continue;
      const field = fieldSchema(info, column);
      shape[name] = mode === "create" && column.notNull && !column.hasDefault && name !== info.rule.owner ? field : field.optional();
    }
    found = z.strictObject(shape) as unknown as z.ZodType<Row>;
    bodySchemas.set(key, found);
  }
  return found;
}

export function validateBody(info: TableInfo, role: Role, mode: "create" | "update", body: unknown): Row {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest("Body must be an object");
  const parsed = bodySchema(info, role, mode).safeParse(body);
  if (!parsed.success) {
    const validation: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") for (const k of issue.keys) validation[shown(k)] ??= "Unknown or read-only field";
      else validation[String(issue.path[0] ?? "body")] ??= issue.message;
    }
    const [field, message] = Object.entries(validation)[0] ?? ["body", "Invalid"];
    throw badRequest(`${field}: ${message}`, validation);
  }
  const values = { ...parsed.data };
  if (mode === "update" && !Object.keys(values).length) throw badRequest("Nothing to update", { body: "No writable field given" });
  info.rule.sanitize?.(values);
  return values;
}

/** Maps DB column names to the table's drizzle keys, as insert/update expect them. */
function toKeys(info: TableInfo, values: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(values)) {
    const key = info.keys.get(name);
    if (key) out[key] = value;
  }
  return out;
}

/** Unique violations and foreign keys that do not exist: 409/400 instead of a 500. */
export function translateDbError(error: unknown): never {
  let e = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++) {
    if (e.code === "23505") throw new HttpError(409, "A record with these values already exists");
    if (e.code === "23503") throw badRequest("A referenced record does not exist");
    if (e.code === "23502") throw badRequest("A required field is missing");
    if (["23514", "22P02", "22P05", "22007", "22008", "22021", "54001"].includes(e.code ?? "")) throw badRequest("Invalid value");
    e = e.cause as typeof e;
  }
  throw error;
}

export async function createRow(db: Db, caller: Actor, tableName: string, body: unknown): Promise<number> {
  const info = tableInfo(tableName);
  const actor = actorFor(info, "create", await confirmAccount(db, caller));
  const rows = authorize(info, "create", actor);
  const values = validateBody(info, actor.role, "create", body);
  if (rows === "own" && info.rule.owner) values[info.rule.owner] = actor.userId;
  if (rows === "public") Object.assign(values, info.rule.publicRows);
  const audit = auditOf(info, actor);
  if (audit?.created) {
    const created = audit.created;
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(info.table).values(toKeys(info, values)).returning().catch(translateDbError);
      const added = toColumns(info, row as Row);
      await logChange(tx, info, actor, added, created(added));
      return Number(added.id);
    });
  }
  const [created] = await db.insert(info.table).values(toKeys(info, values)).returning({ id: info.id }).catch(translateDbError);
  return Number((created as { id: number }).id);
}

// ---- the activity log of staff writes (audit.ts says which tables and how they read) ---------

function auditOf(info: TableInfo, actor: Actor): TableAudit | undefined {
  return actor.role === "admin" && actor.userId !== null ? AUDITED[info.name] : undefined;
}

/** A row as the table's column names (what the rules and the log speak), from drizzle's keys. */
function toColumns(info: TableInfo, row: Row): Row {
  const out: Row = {};
  for (const [name, key] of info.keys) if (key in row) out[name] = row[key];
  return out;
}

async function logChange(db: Db, info: TableInfo, actor: Actor, row: Row, entry: AuditEntry | null): Promise<void> {
  if (!entry) return;
  await recordActivity(db, {
    ...entry,
    actorId: actor.userId!,
    record: { table: info.name as ActivityRecordTable, id: Number(row.id) },
  });
}

export type UpdateWhere = { id?: number; where?: SQL };

/** Updates the rows matching `target` within the caller's reach; answers how many changed. */
export async function updateRows(db: Db, caller: Actor, tableName: string, target: UpdateWhere, body: unknown): Promise<number> {
  const info = tableInfo(tableName);
  const actor = actorFor(info, "update", await confirmAccount(db, caller));
  const scope = scopeOf(info, authorize(info, "update", actor), actor);
  const values = validateBody(info, actor.role, "update", body);
  const set: Row = { ...toKeys(info, values), ...toKeys(info, info.rule.onUpdate?.(values) ?? {}) };
  if (info.columns.has("updated_at")) Object.assign(set, toKeys(info, { updated_at: new Date() }));
  const condition = target.id !== undefined ? eq(info.id, target.id) : target.where;
  if (!condition) throw badRequest("condition is required.");
  const where = and(condition, scope, info.rule.updateGuard?.(actor.userId, values));
  const audit = auditOf(info, actor);
  if (audit?.updated) {
    const updated = audit.updated;
    return db.transaction(async (tx) => {
      const before = new Map(
        (await tx.select().from(info.table).where(where).for("update")).map((r) => {
          const row = toColumns(info, r as Row);
          return [Number(row.id), row] as const;
        }),
      );
      const rows = await tx.update(info.table).set(set).where(where).returning().catch(translateDbError);
      for (const r of rows) {
        const after = toColumns(info, r as Row);
        const was = before.get(Number(after.id));
        if (!was) continue;
        const written = Object.keys(values);
        const change = changedFields(
          Object.fromEntries(written.map((k) => [k, was[k]])),
          Object.fromEntries(written.map((k) => [k, after[k]])),
        );
        if (change.isChanged) await logChange(tx, info, actor, after, updated(was, after, { before: change.before, after: change.after }));
      }
      return rows.length;
    });
  }
  const changed = await db.update(info.table).set(set).where(where).returning({ id: info.id }).catch(translateDbError);
  return changed.length;
}

export async function deleteRows(db: Db, caller: Actor, tableName: string, target: UpdateWhere): Promise<number> {
  const info = tableInfo(tableName);
  const actor = actorFor(info, "delete", await confirmAccount(db, caller));
  const scope = scopeOf(info, authorize(info, "delete", actor), actor);
  const condition = target.id !== undefined ? eq(info.id, target.id) : target.where;
  if (!condition) throw badRequest("condition is required.");
  const inUse = info.rule.inUse;
  if (inUse) {
    const [busy] = await db
      .select({ id: info.id })
      .from(info.table)
      .where(and(condition, scope, inUse.when(info.id)))
      .limit(1);
    if (busy) throw new HttpError(409, inUse.message);
  }
  const audit = auditOf(info, actor);
  if (audit?.deleted) {
    const deletedEntry = audit.deleted;
    return db.transaction(async (tx) => {
      const rows = await tx.delete(info.table).where(and(condition, scope)).returning().catch(translateDbError);
      for (const r of rows) {
        const gone = toColumns(info, r as Row);
        await logChange(tx, info, actor, gone, deletedEntry(gone));
      }
      return rows.length;
    });
  }
  const deleted = await db.delete(info.table).where(and(condition, scope)).returning({ id: info.id }).catch(translateDbError);
  return deleted.length;
}
