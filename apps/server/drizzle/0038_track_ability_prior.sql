CREATE TABLE "track_ability_prior" (
	"track_slug" text PRIMARY KEY NOT NULL,
	"mean" real NOT NULL,
	"sd" real NOT NULL,
	"candidates" integer NOT NULL,
	"estimated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "track_ability_prior" ADD CONSTRAINT "track_ability_prior_track_slug_track_slug_fk" FOREIGN KEY ("track_slug") REFERENCES "public"."track"("slug") ON DELETE cascade ON UPDATE no action;