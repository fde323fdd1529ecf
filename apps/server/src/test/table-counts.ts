import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** Row counts of every table: a denied or refused call must leave all of them as they were. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const result = (await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name } of result.rows) {
    const rows = (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)}`)) as unknown as {
      rows: { n: number }[];
    };
    counts[table_name] = rows.rows[0]!.n;
  }
  return counts;
}
