-- Sessions that outlast an exam (decision 28): one row per signed-in session. Its refresh token is
-- kept hashed and rotates at every renewal; the one it replaced is kept (indexed) so that its reuse
-- is recognised as theft and ends the session. The user index serves the profile's sessions list.
CREATE TABLE "auth_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_version" integer NOT NULL,
	"refresh_hash" text NOT NULL,
	"previous_refresh_hash" text,
	"rotated_at" timestamp with time zone,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "auth_session_refresh_hash_unique" UNIQUE("refresh_hash")
);
--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_session_previous_idx" ON "auth_session" USING btree ("previous_refresh_hash");