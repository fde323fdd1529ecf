import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import { sectionsMatching } from "./prepared-sql.fixture.ts";

const database = await createTestDatabase();
afterAll(() => database.close());

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
