CREATE TABLE "chat_member" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_id" integer DEFAULT 0 NOT NULL,
	"notify_mail_id" integer,
	CONSTRAINT "chat_member_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"is_image" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_room" (
	"id" serial PRIMARY KEY NOT NULL,
	"low_user_id" integer NOT NULL,
	"high_user_id" integer NOT NULL,
	"created_by" integer,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_ordered_pair" CHECK ("chat_room"."low_user_id" < "chat_room"."high_user_id")
);
--> statement-breakpoint
CREATE TABLE "realtime_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"user_id" integer,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_presence" (
	"channel" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "realtime_presence_channel_user_id_pk" PRIMARY KEY("channel","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_member" ADD CONSTRAINT "chat_member_room_id_chat_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_member" ADD CONSTRAINT "chat_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_room_id_chat_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room" ADD CONSTRAINT "chat_room_low_user_id_user_id_fk" FOREIGN KEY ("low_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room" ADD CONSTRAINT "chat_room_high_user_id_user_id_fk" FOREIGN KEY ("high_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room" ADD CONSTRAINT "chat_room_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_event" ADD CONSTRAINT "realtime_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_presence" ADD CONSTRAINT "realtime_presence_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_member_user_idx" ON "chat_member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_message_room_time_idx" ON "chat_message" USING btree ("room_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_room_pair_key" ON "chat_room" USING btree ("low_user_id","high_user_id");--> statement-breakpoint
CREATE INDEX "chat_room_high_idx" ON "chat_room" USING btree ("high_user_id");--> statement-breakpoint
CREATE INDEX "realtime_event_channel_idx" ON "realtime_event" USING btree ("channel","id");--> statement-breakpoint
CREATE INDEX "realtime_event_time_idx" ON "realtime_event" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "realtime_presence_user_idx" ON "realtime_presence" USING btree ("user_id");