CREATE TABLE "offline_pack" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"track_slug" text NOT NULL,
	"seed" integer NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "offline_pack" ADD CONSTRAINT "offline_pack_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_pack_user_idx" ON "offline_pack" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_answer_user_client_key" ON "quiz_answer" USING btree ("user_id","client_id");