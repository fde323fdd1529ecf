CREATE TABLE "calibration_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"answers" integer NOT NULL,
	"candidates" integer NOT NULL,
	"items" integer NOT NULL,
	"iterations" integer NOT NULL,
	"milliseconds" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_calibration" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"difficulty" real NOT NULL,
	"standard_error" real NOT NULL,
	"answers" integer NOT NULL,
	"share_right" real NOT NULL,
	"fitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD COLUMN "unsure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD COLUMN "seconds" integer;--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD COLUMN "evidence" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "guideline" jsonb;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "track" ADD COLUMN "exam" jsonb;--> statement-breakpoint
ALTER TABLE "item_calibration" ADD CONSTRAINT "item_calibration_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;