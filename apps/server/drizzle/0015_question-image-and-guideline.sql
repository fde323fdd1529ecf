ALTER TABLE "question" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "guideline" jsonb;