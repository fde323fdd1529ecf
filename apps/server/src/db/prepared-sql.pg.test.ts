import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import type { Db } from "./client.ts";
import { sectionsMatching } from "./prepared-sql.fixture.ts";

// PostgreSQL only: which statements a connection keeps prepared.
const database = await createTestDatabase();
afterAll(() => database.close());

describe("prepared statements for hand-written SQL on PostgreSQL", () => {
  it("keeps one named statement per shape on a connection", async () => {
    await database.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // One connection for the whole transaction: its prepared statements are the ones listed.
      await sectionsMatching(db, "airway");
      await sectionsMatching(db, "breathing");
      await sectionsMatching(db, "rip current", "water-rescue");
      const after = await db.execute(
        sql`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'sql_%' AND statement LIKE '%websearch_to_tsquery%'`,
      );
      const rows = (after as unknown as { rows: { name: string; statement: string }[] }).rows;
      // Two shapes (with and without the track filter): two statements, whatever the words.
      expect(rows.length).toBe(2);
      expect(rows.some((r) => r.statement.includes("d.tracks @>"))).toBe(true);
    });
  });
});
