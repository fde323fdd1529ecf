-- Full-text search over library sections: headings weigh more than body text. A generated
-- column stays in step with every write; the GIN index serves `search @@ query`.
ALTER TABLE "library_section" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce("heading", '')), 'A') || setweight(to_tsvector('english', coalesce("body_text", '')), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "library_section_search_idx" ON "library_section" USING gin ("search");
