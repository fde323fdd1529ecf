-- Two booked sessions of one coach never overlap, buffers included, whatever wrote them and from
-- whichever instance (decision 16). btree_gist lets the coach id share the GiST index with the range.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "schedule" ADD CONSTRAINT "schedule_blocked_time_valid" CHECK ("blocked_start" IS NULL OR "blocked_end" > "blocked_start");--> statement-breakpoint
ALTER TABLE "schedule" ADD CONSTRAINT "schedule_coach_no_overlap" EXCLUDE USING gist ("coach_id" WITH =, tstzrange("blocked_start", "blocked_end", '[)') WITH &&) WHERE ("status" = 'booked' AND "coach_id" IS NOT NULL AND "blocked_start" IS NOT NULL);
