import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { preparedRows } from "../db/prepared-sql.ts";

/** How many times each shape's statement was built, by name (the prepared-statement tests count them). */
export const builds = new Map<string, number>();

/** A hand-written search with two shapes (a track filter or not), run as a prepared statement. */
export const sectionsMatching = (db: Db, words: string, track?: string) => {
  const name = track ? "test_sections_matching_track" : "test_sections_matching";
  return preparedRows<{ anchor: string }>(
    db,
    name,
    () => {
      builds.set(name, (builds.get(name) ?? 0) + 1);
      return sql`SELECT s.anchor FROM library_section s JOIN library_document d ON d.id = s.document_id
        WHERE s.search @@ websearch_to_tsquery('english', ${sql.placeholder("words")})${track ? sql` AND d.tracks @> ${sql.placeholder("track")}::jsonb` : sql``}
        ORDER BY s.id LIMIT 3`;
    },
    { words, track: track && JSON.stringify([track]) },
  );
};
