CREATE TABLE "item_flag" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"flag" text NOT NULL,
	"strong" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
ALTER TABLE "item_calibration" ADD COLUMN "discrimination" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_flag" ADD CONSTRAINT "item_flag_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE cascade ON UPDATE no action;