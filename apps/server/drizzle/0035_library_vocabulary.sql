-- The library's vocabulary, kept as the library is written instead of read from every section on
-- a search (two passes of `ts_stat` took up to 27 s at 100,000 sections, over a request's 5 s):
-- each word of the published sections as PostgreSQL's parser splits them (the `simple`
-- configuration over heading and body) with the number of sections holding it and its English
-- stem, each stem of the search column with its number of sections, and the number of published
-- sections. Statement triggers add and take away the sections each write changes, in its own
-- transaction, so a search reads a few thousand small rows at any library size. A word no section
-- holds any more keeps its row with 0 sections (the search reads only those above 0).
CREATE TABLE "library_word" (
  "word" text PRIMARY KEY,
  "stem" text,
  "sections" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "library_stem" (
  "stem" text PRIMARY KEY,
  "sections" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "library_vocabulary_total" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "sections" integer NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "library_vocabulary_total" DEFAULT VALUES;--> statement-breakpoint
-- The statement that counts the sections `changed` selects (heading, body_text, search and sign:
-- 1 to add, -1 to take away) into the vocabulary. It is run by EXECUTE in each trigger function,
-- the only place a statement trigger's transition tables can be read. Words and stems are written
-- in their sort order, so two writers never take the same rows' locks in opposite orders.
CREATE FUNCTION "library_vocabulary_statement"("changed" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($f$
    WITH c AS MATERIALIZED (%s),
    total AS (UPDATE library_vocabulary_total SET sections = sections + (SELECT coalesce(sum(c.sign), 0) FROM c)),
    words AS (
      INSERT INTO library_word AS w (word, stem, sections)
      SELECT t.lexeme, (ts_lexize('english_stem', t.lexeme))[1], sum(c.sign)
      FROM c, unnest(to_tsvector('simple', c.heading || ' ' || c.body_text)) AS t
      GROUP BY t.lexeme HAVING sum(c.sign) <> 0 ORDER BY t.lexeme
      ON CONFLICT (word) DO UPDATE SET sections = w.sections + excluded.sections
    )
    INSERT INTO library_stem AS w (stem, sections)
    SELECT t.lexeme, sum(c.sign) FROM c, unnest(c.search) AS t
    GROUP BY t.lexeme HAVING sum(c.sign) <> 0 ORDER BY t.lexeme
    ON CONFLICT (stem) DO UPDATE SET sections = w.sections + excluded.sections$f$, "changed")
$$;--> statement-breakpoint
-- Sections written: those of published documents counted in (inserted), out (deleted), or out
-- then in again when their text or document changed (a write of the same text, as the content
-- import makes at every start, changes nothing). The version row is locked first, as the version
-- trigger does for every library write, so writers queue in one order.
CREATE FUNCTION "library_section_vocabulary"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved constant text := '(o.heading, o.body_text, o.document_id) IS DISTINCT FROM (n.heading, n.body_text, n.document_id)';
BEGIN
  PERFORM 1 FROM library_search_version FOR UPDATE;
  EXECUTE library_vocabulary_statement(CASE TG_OP
    WHEN 'INSERT' THEN
      'SELECT n.heading, n.body_text, n.search, 1 AS sign FROM new_rows n
        JOIN library_document d ON d.id = n.document_id WHERE d.status = ''published'''
    WHEN 'DELETE' THEN
      'SELECT o.heading, o.body_text, o.search, -1 AS sign FROM old_rows o
        JOIN library_document d ON d.id = o.document_id WHERE d.status = ''published'''
    ELSE
      'SELECT o.heading, o.body_text, o.search, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
        JOIN library_document d ON d.id = o.document_id WHERE d.status = ''published'' AND ' || moved || '
      UNION ALL
      SELECT n.heading, n.body_text, n.search, 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
        JOIN library_document d ON d.id = n.document_id WHERE d.status = ''published'' AND ' || moved
    END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "library_section_vocabulary_inserted" AFTER INSERT ON "library_section"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "library_section_vocabulary"();--> statement-breakpoint
CREATE TRIGGER "library_section_vocabulary_updated" AFTER UPDATE ON "library_section"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "library_section_vocabulary"();--> statement-breakpoint
CREATE TRIGGER "library_section_vocabulary_deleted" AFTER DELETE ON "library_section"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "library_section_vocabulary"();--> statement-breakpoint
-- A document published or unpublished: its sections counted in or out.
CREATE FUNCTION "library_document_vocabulary_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM library_search_version FOR UPDATE;
  EXECUTE library_vocabulary_statement(
    'SELECT s.heading, s.body_text, s.search, CASE WHEN n.status = ''published'' THEN 1 ELSE -1 END AS sign
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN library_section s ON s.document_id = n.id
      WHERE (o.status = ''published'') <> (n.status = ''published'')');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "library_document_vocabulary_status" AFTER UPDATE ON "library_document"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "library_document_vocabulary_status"();--> statement-breakpoint
-- A published document deleted: its sections counted out before the delete cascades to them
-- (by then the document is gone, and the sections' own trigger counts nothing).
CREATE FUNCTION "library_document_vocabulary_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'published' THEN
    PERFORM 1 FROM library_search_version FOR UPDATE;
    EXECUTE library_vocabulary_statement(format(
      'SELECT s.heading, s.body_text, s.search, -1 AS sign FROM library_section s WHERE s.document_id = %s', OLD.id));
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "library_document_vocabulary_deleted" BEFORE DELETE ON "library_document"
  FOR EACH ROW EXECUTE FUNCTION "library_document_vocabulary_deleted"();--> statement-breakpoint
-- Emptied at once (TRUNCATE of the sections, or of the documents, which cascades): nothing left.
CREATE FUNCTION "library_vocabulary_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_word;
  DELETE FROM library_stem;
  UPDATE library_vocabulary_total SET sections = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "library_section_vocabulary_emptied" AFTER TRUNCATE ON "library_section"
  FOR EACH STATEMENT EXECUTE FUNCTION "library_vocabulary_emptied"();--> statement-breakpoint
-- The library as it stands now, counted once.
DO $$ BEGIN
  EXECUTE library_vocabulary_statement(
    'SELECT s.heading, s.body_text, s.search, 1 AS sign FROM library_section s
      JOIN library_document d ON d.id = s.document_id WHERE d.status = ''published''');
END $$;
