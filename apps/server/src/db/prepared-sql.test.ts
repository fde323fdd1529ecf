import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import { builds, sectionsMatching } from "../test/sections-matching.ts";

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
    const fire = await sectionsMatching(database.db, "current", "fire-rescue");
    expect(fire.map((r) => r.anchor)).not.toEqual(water.map((r) => r.anchor));
  });

  it("builds each shape's statement once per database, whatever the values", async () => {
    const other = await createTestDatabase();
    try {
      builds.clear();
      for (const words of ["airway", "breathing", "burns"]) {
        await sectionsMatching(database.db, words);
        await sectionsMatching(other.db, words, "fire-rescue");
      }
      await sectionsMatching(other.db, "airway");
      // The first database built its plain shape in the test above: only the other one builds here.
      expect(Object.fromEntries(builds)).toEqual({ test_sections_matching: 1, test_sections_matching_track: 1 });
    } finally {
      await other.close();
    }
  });
});
