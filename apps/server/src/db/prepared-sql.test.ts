import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import type { Db } from "./client.ts";
import { preparedRows } from "./prepared-sql.ts";

const database = await createTestDatabase();
afterAll(() => database.close());

const sectionsMatching = (db: Db, words: string, track?: string) =>
  preparedRows<{ anchor: string }>(
    db,
    sql`SELECT s.anchor FROM library_section s JOIN library_document d ON d.id = s.document_id
      WHERE s.search @@ websearch_to_tsquery('english', ${words})${track ? sql` AND d.tracks @> ${JSON.stringify([track])}::jsonb` : sql``}
      ORDER BY s.id LIMIT 3`,
  );

describe("prepared statements for hand-written SQL", () => {
  it("answers each call with its own values, past the point where PostgreSQL switches to a generic plan", async () => {
    // PostgreSQL plans the first five executions with their values, then may keep one generic plan.
    for (let i = 0; i < 8; i++) {
      const [cpr, none] = await Promise.all([sectionsMatching(database.db, "compressions"), sectionsMatching(database.db, "zzqx")]);
      expect(cpr.length).toBeGreaterThan(0);
      expect(none).toEqual([]);
    }
    const water = await sectionsMatching(database.db, "current", "water-rescue");
    const all = await sectionsMatching(database.db, "current");
    expect(water.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThanOrEqual(water.length);
  });
});
