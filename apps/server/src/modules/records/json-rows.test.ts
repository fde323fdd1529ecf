import { integer, jsonb, type PgColumn, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { isoTimestamp, rowReader } from "./json-rows.ts";

describe("isoTimestamp", () => {
  it("writes PostgreSQL's UTC text exactly as Date#toJSON would", () => {
    const samples = [
      "2026-05-29 16:00:00+00",
      "2026-11-21 18:57:54.971123+00",
      "2026-11-21 18:57:54.9+00",
      "2026-11-21 18:57:54.09+00",
      "2026-11-21 18:57:54.999999+00",
      "2026-11-21 18:57:54.0005+00",
      "0999-01-01 00:00:00+00",
      "2024-02-29 23:59:59.5+00",
    ];
    // And a thousand random instants across four centuries, at every fractional precision.
    for (let i = 0; i < 1000; i++) {
      const ms = Math.floor(Math.random() * 12_600_000_000_000) - 3_000_000_000_000;
      const [day, time] = new Date(ms).toISOString().slice(0, 19).split("T");
      const fraction = String(Math.floor(Math.random() * 1_000_000))
        .padStart(6, "0")
        .slice(0, 1 + (i % 6));
      samples.push(`${day} ${time}${i % 7 ? `.${fraction}` : ""}+00`);
    }
    for (const text of samples) expect(isoTimestamp(text), text).toBe(new Date(text).toJSON());
  });

  it("goes through Date for other zones, and answers null for what Date cannot hold", () => {
    expect(isoTimestamp("2026-05-29 18:00:00+02")).toBe("2026-05-29T16:00:00.000Z");
    expect(isoTimestamp("2026-05-29 12:30:00.25-03:30")).toBe("2026-05-29T16:00:00.250Z");
    expect(isoTimestamp("infinity")).toBeNull();
    expect(isoTimestamp("0044-03-15 12:00:00+00 BC")).toBeNull();
  });
});

describe("rowReader", () => {
  const table = pgTable("sample", {
    id: integer("id"),
    title: text("title"),
    at: timestamp("at", { withTimezone: true }),
    data: jsonb("data"),
  });
  const columns = new Map<string, PgColumn>([
    ["id", table.id],
    ["title", table.title],
    ["at", table.at],
    ["data", table.data],
  ]);

  it("keeps exactly the readable columns, in their order, with JSON-ready values", () => {
    // The answer's columns in another order, with one the caller may not read.
    const read = rowReader(columns, ["data", "at", "secret", "title", "id"]);
    const row = read([{ a: 1 }, "2026-05-29 16:00:00.5+00", "never", "Drill", 7]);
    expect(row).toEqual({ id: 7, title: "Drill", at: "2026-05-29T16:00:00.500Z", data: { a: 1 } });
    expect(Object.keys(row)).toEqual(["id", "title", "at", "data"]);
    expect(JSON.stringify(read([null, null, "never", null, 1]))).toBe('{"id":1,"title":null,"at":null,"data":null}');
  });

  it("applies the column's own decoding to driver values (JSON text, integers as text)", () => {
    const read = rowReader(columns, ["id", "title", "at", "data"]);
    expect(read(["12", "x", "2026-05-29 16:00:00+00", '{"b":[1,2]}'])).toEqual({
      id: 12,
      title: "x",
      at: "2026-05-29T16:00:00.000Z",
      data: { b: [1, 2] },
    });
  });

  it("refuses an answer without one of the readable columns", () => {
    expect(() => rowReader(columns, ["id", "title", "at"])).toThrow(/no column data/);
  });
});
