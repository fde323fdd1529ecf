import { is } from "drizzle-orm";
import { type PgColumn, PgTimestamp } from "drizzle-orm/pg-core";

export type Row = Record<string, unknown>;

// PostgreSQL's text form of a timestamptz in the UTC zone with ISO DateStyle (both drivers' default
// here): "2026-05-29 16:00:00+00", with up to six fractional digits before the zone.
const PG_UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as the API writes it (`Date#toJSON`: "2026-05-29T16:00:00.000Z", milliseconds
 * truncated). The common UTC form is rewritten as text; any other (another session zone, BC
 * dates, infinity) goes through Date, and what Date cannot hold becomes null as in JSON.
 */
export function isoTimestamp(text: string): string | null {
  const m = PG_UTC_TIMESTAMP.exec(text);
  if (m) return `${m[1]}T${m[2]}.${(m[3] ?? "").padEnd(3, "0").slice(0, 3)}Z`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Turns raw driver rows (arrays of the values of the output columns `names`, timestamps still as
 * text) into JSON-ready rows holding exactly `columns`, in their order. Built once per query shape:
 * the hot reads skip the ORM's per-value mapping and give JSON.stringify plain strings instead of
 * Date objects (several times faster to write).
 */
export function rowReader(columns: ReadonlyMap<string, PgColumn>, names: readonly string[]): (raw: readonly unknown[]) => Row {
  const fields: string[] = [];
  const places: number[] = [];
  const reads: ((v: unknown) => unknown)[] = [];
  for (const [name, column] of columns) {
    const at = names.indexOf(name);
    if (at < 0) throw new Error(`The read answered no column ${name}`);
    fields.push(name);
    places.push(at);
    reads.push(is(column, PgTimestamp) ? (v) => (typeof v === "string" ? isoTimestamp(v) : v) : (v) => column.mapFromDriverValue(v));
  }
  return (raw) => {
    const row: Row = {};
    for (let i = 0; i < fields.length; i++) {
      const value = raw[places[i] as number];
      row[fields[i] as string] = value === null || value === undefined ? null : (reads[i] as (v: unknown) => unknown)(value);
    }
    return row;
  };
}
