CREATE TABLE "quiz_start" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_start" ADD CONSTRAINT "quiz_start_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_start_user_created_idx" ON "quiz_start" USING btree ("user_id","created_at");--> statement-breakpoint
-- Quizzes already made count towards the allowance as before.
INSERT INTO "quiz_start" ("user_id", "created_at") SELECT "user_id", "created_at" FROM "quiz";
