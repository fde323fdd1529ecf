CREATE TABLE "accommodation" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"extra_time_factor" real NOT NULL,
	"break_minutes" integer,
	"note" text DEFAULT '' NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_factor_check" CHECK ("accommodation"."extra_time_factor" IN (1.25, 1.5, 2)),
	CONSTRAINT "accommodation_break_check" CHECK ("accommodation"."break_minutes" IS NULL OR "accommodation"."break_minutes" BETWEEN 1 AND 120)
);
--> statement-breakpoint
ALTER TABLE "accommodation" ADD CONSTRAINT "accommodation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;