import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * Runs `work` while the database refuses every activity-log entry (a trigger that raises), as a
 * full disk or a broken log would: a change logged in its own transaction must then fail with it.
 */
export async function whileActivityLogRefuses<T>(db: Db, work: () => Promise<T>): Promise<T> {
  await db.execute(sql`CREATE FUNCTION refuse_activity() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the log refuses writes'; END $$`);
  await db.execute(sql`CREATE TRIGGER refuse_activity BEFORE INSERT ON activity_log FOR EACH ROW EXECUTE FUNCTION refuse_activity()`);
  try {
    return await work();
  } finally {
    await db.execute(sql`DROP TRIGGER refuse_activity ON activity_log`);
    await db.execute(sql`DROP FUNCTION refuse_activity()`);
  }
}
