CREATE TABLE "analytics_consent" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"granted" boolean NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_pk" integer NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"path" text NOT NULL,
	"target" text,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "analytics_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"screen_width" integer NOT NULL,
	"screen_height" integer NOT NULL,
	"screen_size" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"html_copy" text,
	"event_count" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_consent" ADD CONSTRAINT "analytics_consent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD CONSTRAINT "analytics_event_session_pk_analytics_session_id_fk" FOREIGN KEY ("session_pk") REFERENCES "public"."analytics_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_session" ADD CONSTRAINT "analytics_session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_event_session_idx" ON "analytics_event" USING btree ("session_pk","at");--> statement-breakpoint
CREATE INDEX "analytics_event_at_idx" ON "analytics_event" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_session_session_id_key" ON "analytics_session" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "analytics_session_user_idx" ON "analytics_session" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "analytics_session_start_idx" ON "analytics_session" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "analytics_session_last_seen_idx" ON "analytics_session" USING btree ("last_seen_at");