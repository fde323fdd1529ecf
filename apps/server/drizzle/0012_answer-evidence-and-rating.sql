ALTER TABLE "quiz_answer" ADD COLUMN "unsure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD COLUMN "seconds" integer;--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD COLUMN "evidence" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD COLUMN "rating" integer;