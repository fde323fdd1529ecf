CREATE TABLE "quiz_answer" (
	"quiz_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"response" jsonb NOT NULL,
	"is_correct" boolean NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_answer_quiz_id_question_id_pk" PRIMARY KEY("quiz_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "blueprint" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_slug" text NOT NULL,
	"version" integer NOT NULL,
	"themes" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_profile" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_review" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"card" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"last_correct" boolean NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "question_review_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "question" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" text NOT NULL,
	"theme_slug" text NOT NULL,
	"type" text NOT NULL,
	"difficulty" integer NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"numeric" jsonb,
	"explanation" text NOT NULL,
	"source" text NOT NULL,
	"reference" jsonb,
	"region" text DEFAULT 'global' NOT NULL,
	"tracks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"origin" text DEFAULT 'content' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_question" (
	"quiz_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"option_order" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "quiz_question_quiz_id_position_pk" PRIMARY KEY("quiz_id","position")
);
--> statement-breakpoint
CREATE TABLE "quiz" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"track_slug" text NOT NULL,
	"blueprint_version" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"mode" text NOT NULL,
	"seed" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"time_limit_seconds" integer,
	"deadline_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"correct_count" integer,
	"total" integer NOT NULL,
	"score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "theme" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tracks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theme_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "track" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD CONSTRAINT "quiz_answer_quiz_id_quiz_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quiz"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD CONSTRAINT "quiz_answer_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD CONSTRAINT "quiz_answer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_profile" ADD CONSTRAINT "onboarding_profile_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_review" ADD CONSTRAINT "question_review_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_review" ADD CONSTRAINT "question_review_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_question" ADD CONSTRAINT "quiz_question_quiz_id_quiz_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quiz"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_question" ADD CONSTRAINT "quiz_question_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz" ADD CONSTRAINT "quiz_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_answer_user_idx" ON "quiz_answer" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blueprint_track_version_key" ON "blueprint" USING btree ("track_slug","version");--> statement-breakpoint
CREATE INDEX "question_review_due_idx" ON "question_review" USING btree ("user_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "question_content_id_key" ON "question" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "question_theme_idx" ON "question" USING btree ("theme_slug","status");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_question_unique" ON "quiz_question" USING btree ("quiz_id","question_id");--> statement-breakpoint
CREATE INDEX "quiz_user_created_idx" ON "quiz" USING btree ("user_id","created_at");