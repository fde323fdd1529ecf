import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { preparedRows } from "./prepared-sql.ts";

/**
 * For the prepared-statement tests: library sections matching some words, optionally in one
 * track. Two shapes of SQL (with and without the track filter) whatever the words.
 */
export const sectionsMatching = (db: Db, words: string, track?: string) =>
  preparedRows<{ anchor: string }>(
    db,
    sql`SELECT s.anchor FROM library_section s JOIN library_document d ON d.id = s.document_id
      WHERE s.search @@ websearch_to_tsquery('english', ${words})${track ? sql` AND d.tracks @> ${JSON.stringify([track])}::jsonb` : sql``}
      ORDER BY s.id LIMIT 3`,
  );
