-- Decision 36. A person's meetings in time order also carry their details, so a person's text
-- filter (sw, cs, ew) is matched and counted to the cap from the index alone (an index-only scan),
-- without visiting a table page per meeting: the person's meetings lie one per page on a large
-- table, and those visits grew with it. Same name and key columns as before.
DROP INDEX IF EXISTS "schedule_user_start_idx";--> statement-breakpoint
CREATE INDEX "schedule_user_start_idx" ON "schedule" USING btree ("user_id","meeting_start","id") INCLUDE ("meeting_details");
