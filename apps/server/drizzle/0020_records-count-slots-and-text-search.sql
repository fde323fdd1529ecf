-- Decision 20. Owner totals spread over count slots: one per database session (its backend pid
-- modulo 16), summed on read, so simultaneous writes for one owner from different sessions no
-- longer queue on one row. Existing counts become slot 0.
ALTER TABLE "owned_row_count" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owned_row_count" DROP CONSTRAINT "owned_row_count_table_name_owner_id_pk";--> statement-breakpoint
ALTER TABLE "owned_row_count" ADD CONSTRAINT "owned_row_count_table_name_owner_id_slot_pk" PRIMARY KEY("table_name","owner_id","slot");--> statement-breakpoint
-- The slot this session's changes go to: stable for the session (so one transaction's statements
-- for an owner touch one row), different between the sessions of a pool (consecutive pids).
CREATE FUNCTION "owned_row_slot"() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT (pg_backend_pid() % 16)::smallint $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "owned_rows_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO owned_row_count (table_name, owner_id, slot, "rows")
       SELECT %L, %I, owned_row_slot(), count(*) FROM added_rows WHERE %I IS NOT NULL GROUP BY %I ORDER BY %I
     ON CONFLICT (table_name, owner_id, slot) DO UPDATE SET "rows" = owned_row_count."rows" + excluded."rows"',
    TG_TABLE_NAME, TG_ARGV[0], TG_ARGV[0], TG_ARGV[0], TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A delete subtracts in the deleting session's slot (which may go below zero; the sum stays exact).
CREATE OR REPLACE FUNCTION "owned_rows_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO owned_row_count (table_name, owner_id, slot, "rows")
       SELECT %L, %I, owned_row_slot(), -count(*) FROM removed_rows WHERE %I IS NOT NULL GROUP BY %I ORDER BY %I
     ON CONFLICT (table_name, owner_id, slot) DO UPDATE SET "rows" = owned_row_count."rows" + excluded."rows"',
    TG_TABLE_NAME, TG_ARGV[0], TG_ARGV[0], TG_ARGV[0], TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "owned_row_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_owner integer := (to_jsonb(OLD) ->> TG_ARGV[0])::integer;
  new_owner integer := (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
BEGIN
  -- Owners in id order, as the statement triggers visit them, so concurrent moves lock alike.
  INSERT INTO owned_row_count (table_name, owner_id, slot, "rows")
    SELECT TG_TABLE_NAME, owner, owned_row_slot(), change
      FROM (VALUES (old_owner, -1), (new_owner, 1)) AS moved(owner, change)
     WHERE owner IS NOT NULL ORDER BY owner
  ON CONFLICT (table_name, owner_id, slot) DO UPDATE SET "rows" = owned_row_count."rows" + excluded."rows";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Text search for the records API's sw/cs/ew filters (ILIKE) from trigram indexes, on the
-- filterable text columns of the tables that grow with use (PGlite loads pg_trgm at start).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "schedule_meeting_details_trgm_idx" ON "schedule" USING gin ("meeting_details" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_session_session_id_trgm_idx" ON "user_session" USING gin ("session_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_outbox_to_trgm_idx" ON "email_outbox" USING gin ("to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_outbox_subject_trgm_idx" ON "email_outbox" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "photo_original_name_trgm_idx" ON "photo" USING gin ("original_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "photo_caption_trgm_idx" ON "photo" USING gin ("caption" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_first_name_trgm_idx" ON "user" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_last_name_trgm_idx" ON "user" USING gin ("last_name" gin_trgm_ops);
