CREATE TABLE "coach_profile" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"photo" text,
	"tracks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"themes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meeting_link" text,
	"meeting_place" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"session_minutes" integer DEFAULT 45 NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 15 NOT NULL,
	"min_notice_minutes" integer DEFAULT 720 NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"daily_cap" integer DEFAULT 4 NOT NULL,
	"cancel_notice_hours" integer DEFAULT 24 NOT NULL,
	"reschedule_notice_hours" integer DEFAULT 12 NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "coach_id" integer;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "status" text DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "blocked_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "blocked_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "credit_month" text;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "reminder_mail_id" integer;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "schedule" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_profile" ADD CONSTRAINT "coach_profile_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule" ADD CONSTRAINT "schedule_coach_id_user_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule" ADD CONSTRAINT "schedule_cancelled_by_user_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_coach_start_idx" ON "schedule" USING btree ("coach_id","meeting_start");--> statement-breakpoint
CREATE INDEX "schedule_start_idx" ON "schedule" USING btree ("meeting_start");