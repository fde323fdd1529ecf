CREATE TABLE "pm_board" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pm_card" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"column" text DEFAULT 'to_study' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pm_workspace" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pm_board" ADD CONSTRAINT "pm_board_workspace_id_pm_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."pm_workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_card" ADD CONSTRAINT "pm_card_board_id_pm_board_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."pm_board"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_workspace" ADD CONSTRAINT "pm_workspace_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pm_board_workspace_idx" ON "pm_board" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pm_card_ref_key" ON "pm_card" USING btree ("board_id","kind","ref");--> statement-breakpoint
CREATE INDEX "pm_card_column_idx" ON "pm_card" USING btree ("board_id","column","position");--> statement-breakpoint
CREATE INDEX "pm_workspace_owner_idx" ON "pm_workspace" USING btree ("owner_id");