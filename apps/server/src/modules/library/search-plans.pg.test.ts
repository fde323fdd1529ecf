import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { createTestDatabase } from "../../test/database.ts";
import { rankStatement, retrieveStatement, type Statement } from "./analysis/search-repo.ts";
import { planNow } from "./search.ts";

// PostgreSQL only: the planner sees none of a search's values (words, page size, reader's plan),
// so a plan made for them costs what the generic plan does, and the plan cache keeps the generic
// plan after its first five runs: a connection plans the search and the assistant's retrieval once,
// not on every call (2 to 10 ms at 100,000 sections), and a common word cannot lead it to read the
// table in its order. PGlite plans every statement afresh, with the same values unseen.
const database = await createTestDatabase();
afterAll(() => database.close());

const literal = (v: unknown) => (v === undefined || v === null ? "NULL" : typeof v === "string" ? `'${v.replace(/'/g, "''")}'` : String(v));

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The total cost PostgreSQL estimates for the statement, planned as `mode` (generic or for its values). */
async function costAs(db: Db, statement: Statement, mode: "generic" | "custom"): Promise<number> {
  const query = new PgDialect().sqlToQuery(statement.build());
  const values = query.params.map((p) =>
    literal(p !== null && typeof p === "object" && "name" in p ? statement.values[p.name as string] : p),
  );
  await db.execute(sql.raw(`PREPARE cost_check AS ${query.sql}`));
  try {
    await db.execute(sql.raw(`SET LOCAL plan_cache_mode = force_${mode}_plan`));
    const explained = rowsOf<{ "QUERY PLAN": { Plan: { "Total Cost": number } }[] }>(
      await db.execute(sql.raw(`EXPLAIN (FORMAT JSON) EXECUTE cost_check(${values.join(", ")})`) as SQL),
    );
    return explained[0]!["QUERY PLAN"][0]!.Plan["Total Cost"];
  } finally {
    await db.execute(sql.raw("DEALLOCATE cost_check"));
  }
}

describe("the library's statements on PostgreSQL", () => {
  it("cost the same planned for their values as planned generically, for any words", async () => {
    await database.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      for (const words of ["patient", "tourniquet", "back blows", "casualty airway oxygen"]) {
        const plan = await planNow(db, words);
        for (const statement of [
          rankStatement({ plan, limit: 20, readerTier: "free" }),
          rankStatement({ plan, limit: 5, readerTier: "premium", track: "water-rescue" }),
          retrieveStatement({ plan, limit: 5, readerRank: 0 }),
        ]) {
          const generic = await costAs(db, statement, "generic");
          expect(await costAs(db, statement, "custom"), `${statement.name} "${words}"`).toBe(generic);
        }
      }
    });
  });
});
