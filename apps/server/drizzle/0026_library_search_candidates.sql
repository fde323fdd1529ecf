-- A search's first pass: where a section says a word strongly, answered by an index without
-- reading the section. `library_search_lead` keeps of a section's search vector the words of its
-- heading and those it uses three times or more; its GIN index and one on the heading's words
-- (`ts_filter(search, '{a}')`) let a search pick a few hundred likely sections of a common word
-- before ranking them, instead of ranking every section that holds it.
CREATE FUNCTION "library_search_lead"("v" tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(coalesce(array_agg(u.lexeme), '{}'))
  FROM unnest("v") AS u
  WHERE 'A' = ANY (u.weights) OR cardinality(u.positions) >= 3
$$;--> statement-breakpoint
CREATE INDEX "library_section_heading_search_idx" ON "library_section" USING gin (ts_filter("search", '{a}'));--> statement-breakpoint
CREATE INDEX "library_section_lead_search_idx" ON "library_section" USING gin ("library_search_lead"("search"));
