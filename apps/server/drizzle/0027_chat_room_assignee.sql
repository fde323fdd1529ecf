-- The shared inbox (decision 27): a room of a candidate and a staff member names the staff member
-- who answers it (`assignee_id`, null while unassigned) and since when. The index serves the
-- inbox's filter by assignee, newest conversation first.
ALTER TABLE "chat_room" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "chat_room" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_room" ADD CONSTRAINT "chat_room_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_room_assignee_idx" ON "chat_room" USING btree ("assignee_id","last_message_at");