CREATE TABLE "assistant_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"prompt" text NOT NULL,
	"answer" text NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered" text NOT NULL,
	"answerer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"tracks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"themes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tier" text DEFAULT 'free' NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"origin" text DEFAULT 'admin' NOT NULL,
	"source" text,
	"file_upload_id" integer,
	"file_key" text,
	"file_name" text,
	"file_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_reading_position" (
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"anchor" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_reading_position_user_id_document_id_pk" PRIMARY KEY("user_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "library_section" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"anchor" text NOT NULL,
	"heading" text NOT NULL,
	"position" integer NOT NULL,
	"tier" text,
	"body_text" text NOT NULL,
	"html" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_message" ADD CONSTRAINT "assistant_message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_reading_position" ADD CONSTRAINT "library_reading_position_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_reading_position" ADD CONSTRAINT "library_reading_position_document_id_library_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."library_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_section" ADD CONSTRAINT "library_section_document_id_library_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."library_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_message_user_idx" ON "assistant_message" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "library_document_slug_key" ON "library_document" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "library_document_status_idx" ON "library_document" USING btree ("status","title");--> statement-breakpoint
CREATE UNIQUE INDEX "library_section_anchor_key" ON "library_section" USING btree ("document_id","anchor");--> statement-breakpoint
CREATE INDEX "library_section_document_idx" ON "library_section" USING btree ("document_id","position");