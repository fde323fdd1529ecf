import {
  type ActivityEntry,
  type ActivityExportQuery,
  type ActivityKind,
  type ActivityListQuery,
  type ActivityRecordTable,
  type OwnAccountActivity,
  STAFF_ACTOR_LABEL,
} from "@academy/contract/activity";
import type { Db } from "../../db/client.ts";
import { toCsv } from "../../lib/csv.ts";
import { badRequest } from "../../lib/http-error.ts";
import { startPeriodicPass } from "../../lib/periodic-pass.ts";
import * as repo from "./repo.ts";

// The activity log: what staff changed. Every module that makes such a change writes its entry
// here, with the transaction of the change, so the two are kept together or not at all.

export type ActivityChange = {
  /** The staff member who made the change. */
  actorId: number;
  kind: ActivityKind;
  record: { table: ActivityRecordTable; id: number };
  /** The account the change concerns: the person, or the owner of what changed. */
  subjectUserId?: number | null;
  /** One line for people: "Email changed from a@… to b@…"; never a secret, never a staff name. */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Fields that never go into the log, whatever a caller passes: a password change is "password changed". */
const SECRET_FIELD = /password|secret|token|_hash$|hash$|^code$|totp|otp/i;
const MAX_TEXT = 500;
const MAX_JSON = 2_000;

/** Keeps what changed, without secrets, long texts cut (a page body is not the log's to keep). */
export function loggableFields(fields: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!fields) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (SECRET_FIELD.test(key) || value === undefined) continue;
    if (typeof value === "string") out[key] = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
    else if (value instanceof Date) out[key] = value.toISOString();
    else if (value !== null && typeof value === "object")
      out[key] = JSON.stringify(value).length > MAX_JSON ? "(changed; too long to keep here)" : value;
    else out[key] = value;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * Writes one entry. Pass the transaction of the change: a change that fails leaves no entry, and
 * an entry that cannot be written fails the change.
 */
export async function recordActivity(db: Db, change: ActivityChange): Promise<void> {
  await repo.insertEntry(db, {
    actorId: change.actorId,
    kind: change.kind,
    recordTable: change.record.table,
    recordId: change.record.id,
    subjectUserId: change.subjectUserId ?? null,
    summary: change.summary,
    before: loggableFields(change.before),
    after: loggableFields(change.after),
  });
}

/** The fields of `before` and `after` whose values differ, as two objects (empty when nothing changed). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const a = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const b = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (JSON.stringify(a ?? null) === JSON.stringify(b ?? null)) continue;
    was[key] = a ?? null;
    now[key] = b ?? null;
  }
  return { before: was, after: now, isChanged: Object.keys(now).length > 0 };
}

// ---------------------------------------------------------------- reading

const startOf = (s: string) => new Date(s.length === 10 ? `${s}T00:00:00.000Z` : s);
const endOf = (s: string) => new Date(s.length === 10 ? `${s}T23:59:59.999Z` : s);

function filterOf(q: ActivityExportQuery): repo.ActivityFilter {
  const from = q.from ? startOf(q.from) : undefined;
  const to = q.to ? endOf(q.to) : undefined;
  if (from && to && from > to) throw badRequest("from: Must not be after to", { from: "Must not be after to" });
  if (q.record_id !== undefined && q.record_table === undefined)
    throw badRequest("record_table: Name the record's type with its id", { record_table: "Name the record's type with its id" });
  return {
    actorId: q.actor_id,
    subjectUserId: q.subject_user_id,
    kind: q.kind,
    recordTable: q.record_table,
    recordId: q.record_id,
    from,
    to,
  };
}

function toEntry({ entry: e, actorName }: { entry: repo.ActivityRow; actorName: string }): ActivityEntry {
  return {
    id: e.id,
    at: e.at.toISOString(),
    actor_id: e.actorId,
    actor_email: e.actorEmail,
    actor_name: actorName,
    kind: e.kind as ActivityKind,
    record_table: e.recordTable,
    record_id: e.recordId,
    subject_user_id: e.subjectUserId,
    summary: e.summary,
    before: e.before ?? null,
    after: e.after ?? null,
  };
}

export async function listActivity(db: Db, q: ActivityListQuery) {
  const { rows, total } = await repo.listEntries(db, filterOf(q), {
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
    direction: q.direction,
  });
  return { list: rows.map(toEntry), total, limit: q.limit, num_pages: Math.max(1, Math.ceil(total / q.limit)), page: q.page };
}

/** The most rows one export holds; narrow the filters for more. */
export const EXPORT_MAX_ROWS = 50_000;
const EXPORT_COLUMNS = [
  "id",
  "at",
  "actor_id",
  "actor_email",
  "actor_name",
  "kind",
  "record_table",
  "record_id",
  "subject_user_id",
  "summary",
  "before",
  "after",
] as const;

/** The filtered log as CSV (formula-safe cells; before and after as JSON), newest first unless asked. */
export async function exportActivity(db: Db, q: ActivityExportQuery): Promise<string> {
  const filter = filterOf(q);
  const rows: ActivityEntry[] = [];
  const batch = 1_000;
  while (rows.length < EXPORT_MAX_ROWS) {
    const page = await repo.listEntries(db, filter, { limit: batch, offset: rows.length, direction: q.direction });
    rows.push(...page.rows.map(toEntry));
    if (page.rows.length < batch) break;
  }
  return toCsv(EXPORT_COLUMNS, rows);
}

/** What staff did to one's own account, newest first; staff are "Academy staff", never a name. */
export async function ownAccountActivity(db: Db, userId: number, limit = 100): Promise<OwnAccountActivity[]> {
  const rows = await repo.listForSubject(db, userId, limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    kind: r.kind as ActivityKind,
    summary: r.summary,
    actor: STAFF_ACTOR_LABEL,
  }));
}

// ---------------------------------------------------------------- retention

/** Deletes entries older than the retention period; safe to run on every instance at once. */
export const pruneActivity = (db: Db, retentionDays: number, now = Date.now()) =>
  repo.pruneBefore(db, new Date(now - retentionDays * 24 * 3600_000), 5_000);

/** Runs the retention pass every `intervalMs` (and once soon after start); stop() ends it. */
export function startActivityRetention(db: Db, opts: { retentionDays: number; intervalMs: number; onError: (e: unknown) => void }) {
  return startPeriodicPass(() => pruneActivity(db, opts.retentionDays), opts);
}
