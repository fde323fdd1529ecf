CREATE TABLE "owned_row_count" (
	"table_name" text NOT NULL,
	"owner_id" integer NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "owned_row_count_table_name_owner_id_pk" PRIMARY KEY("table_name","owner_id")
);
--> statement-breakpoint
-- Keeps owned_row_count in step with the rows of a table whose owner column is named by the
-- trigger's first argument. Statement-level, so a bulk insert or delete updates each owner's
-- count once; owners are visited in id order so concurrent statements take row locks alike.
CREATE FUNCTION "owned_rows_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO owned_row_count (table_name, owner_id, "rows")
       SELECT %L, %I, count(*) FROM added_rows WHERE %I IS NOT NULL GROUP BY %I ORDER BY %I
     ON CONFLICT (table_name, owner_id) DO UPDATE SET "rows" = owned_row_count."rows" + excluded."rows"',
    TG_TABLE_NAME, TG_ARGV[0], TG_ARGV[0], TG_ARGV[0], TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "owned_rows_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE owned_row_count c SET "rows" = c."rows" - r.n
       FROM (SELECT %I AS owner_id, count(*) AS n FROM removed_rows WHERE %I IS NOT NULL GROUP BY %I ORDER BY %I) r
      WHERE c.table_name = %L AND c.owner_id = r.owner_id',
    TG_ARGV[0], TG_ARGV[0], TG_ARGV[0], TG_ARGV[0], TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update that changes a row's owner (row-level, fired only when the owner column changes).
CREATE FUNCTION "owned_row_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_owner integer := (to_jsonb(OLD) ->> TG_ARGV[0])::integer;
  new_owner integer := (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
BEGIN
  IF old_owner IS NOT NULL THEN
    UPDATE owned_row_count SET "rows" = "rows" - 1 WHERE table_name = TG_TABLE_NAME AND owner_id = old_owner;
  END IF;
  IF new_owner IS NOT NULL THEN
    INSERT INTO owned_row_count (table_name, owner_id, "rows") VALUES (TG_TABLE_NAME, new_owner, 1)
    ON CONFLICT (table_name, owner_id) DO UPDATE SET "rows" = owned_row_count."rows" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "owned_rows_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM owned_row_count WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "schedule_owned_rows_added" AFTER INSERT ON "schedule" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "owned_rows_added"('user_id');--> statement-breakpoint
CREATE TRIGGER "schedule_owned_rows_removed" AFTER DELETE ON "schedule" REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "owned_rows_removed"('user_id');--> statement-breakpoint
CREATE TRIGGER "schedule_owned_row_moved" AFTER UPDATE OF "user_id" ON "schedule" FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "owned_row_moved"('user_id');--> statement-breakpoint
CREATE TRIGGER "schedule_owned_rows_truncated" AFTER TRUNCATE ON "schedule" FOR EACH STATEMENT EXECUTE FUNCTION "owned_rows_truncated"();--> statement-breakpoint
CREATE TRIGGER "user_session_owned_rows_added" AFTER INSERT ON "user_session" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "owned_rows_added"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_session_owned_rows_removed" AFTER DELETE ON "user_session" REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "owned_rows_removed"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_session_owned_row_moved" AFTER UPDATE OF "user_id" ON "user_session" FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "owned_row_moved"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_session_owned_rows_truncated" AFTER TRUNCATE ON "user_session" FOR EACH STATEMENT EXECUTE FUNCTION "owned_rows_truncated"();--> statement-breakpoint
CREATE TRIGGER "photo_owned_rows_added" AFTER INSERT ON "photo" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "owned_rows_added"('user_id');--> statement-breakpoint
CREATE TRIGGER "photo_owned_rows_removed" AFTER DELETE ON "photo" REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "owned_rows_removed"('user_id');--> statement-breakpoint
CREATE TRIGGER "photo_owned_row_moved" AFTER UPDATE OF "user_id" ON "photo" FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "owned_row_moved"('user_id');--> statement-breakpoint
CREATE TRIGGER "photo_owned_rows_truncated" AFTER TRUNCATE ON "photo" FOR EACH STATEMENT EXECUTE FUNCTION "owned_rows_truncated"();--> statement-breakpoint
INSERT INTO "owned_row_count" (table_name, owner_id, "rows")
  SELECT 'schedule', user_id, count(*) FROM "schedule" GROUP BY user_id
  UNION ALL SELECT 'user_session', user_id, count(*) FROM "user_session" WHERE user_id IS NOT NULL GROUP BY user_id
  UNION ALL SELECT 'photo', user_id, count(*) FROM "photo" WHERE user_id IS NOT NULL GROUP BY user_id;
