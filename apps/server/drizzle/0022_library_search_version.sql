-- What a library search answers from (published documents, their sections, the plans on sale)
-- moves this counter on in the same transaction as any write to it. Each instance keeps recent
-- search pages with the counter they were read at, and serves one only while the counter still
-- has that value: a change on any instance is seen by every other one at its next search.
CREATE TABLE "library_search_version" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "version" bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "library_search_version" DEFAULT VALUES;--> statement-breakpoint
CREATE FUNCTION "library_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "library_search_version" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "library_document_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "library_document" FOR EACH STATEMENT EXECUTE FUNCTION "library_search_changed"();--> statement-breakpoint
CREATE TRIGGER "library_section_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "library_section" FOR EACH STATEMENT EXECUTE FUNCTION "library_search_changed"();--> statement-breakpoint
CREATE TRIGGER "packages_library_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "packages" FOR EACH STATEMENT EXECUTE FUNCTION "library_search_changed"();
