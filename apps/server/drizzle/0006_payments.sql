CREATE TABLE "stripe_charge" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"stripe_id" text NOT NULL,
	"invoice_stripe_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"object" jsonb NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_charge_stripe_id_unique" UNIQUE("stripe_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"stripe_id" text NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_customer_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "stripe_customer_stripe_id_unique" UNIQUE("stripe_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_invoice" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"stripe_id" text NOT NULL,
	"subscription_stripe_id" text,
	"number" text,
	"status" text NOT NULL,
	"amount_due" integer NOT NULL,
	"amount_paid" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"object" jsonb NOT NULL,
	"last_event_at" bigint DEFAULT 0 NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_invoice_stripe_id_unique" UNIQUE("stripe_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"stripe_id" text NOT NULL,
	"price_id" integer,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"object" jsonb NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_order_stripe_id_unique" UNIQUE("stripe_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_price" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"product_id" integer NOT NULL,
	"stripe_id" text NOT NULL,
	"is_usage_metered" boolean DEFAULT false NOT NULL,
	"usage_limit" integer,
	"object" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"interval" text,
	"interval_count" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_price_stripe_id_unique" UNIQUE("stripe_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"stripe_id" text NOT NULL,
	"package_id" integer,
	"object" jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_product_stripe_id_unique" UNIQUE("stripe_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"stripe_id" text NOT NULL,
	"price_id" integer,
	"status" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"object" jsonb NOT NULL,
	"last_event_at" bigint DEFAULT 0 NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_subscription_stripe_id_unique" UNIQUE("stripe_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created" bigint NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_webhook_event_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "testpay_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"offset_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testpay_idempotency" (
	"key" text PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testpay_object" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"customer" text,
	"data" jsonb NOT NULL,
	"created" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_charge" ADD CONSTRAINT "stripe_charge_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_customer" ADD CONSTRAINT "stripe_customer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_invoice" ADD CONSTRAINT "stripe_invoice_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_order" ADD CONSTRAINT "stripe_order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_order" ADD CONSTRAINT "stripe_order_price_id_stripe_price_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."stripe_price"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_price" ADD CONSTRAINT "stripe_price_product_id_stripe_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."stripe_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_product" ADD CONSTRAINT "stripe_product_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_subscription" ADD CONSTRAINT "stripe_subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_subscription" ADD CONSTRAINT "stripe_subscription_price_id_stripe_price_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."stripe_price"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_charge_user_idx" ON "stripe_charge" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stripe_invoice_user_idx" ON "stripe_invoice" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stripe_order_user_idx" ON "stripe_order" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stripe_price_product_idx" ON "stripe_price" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stripe_subscription_user_idx" ON "stripe_subscription" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "testpay_clock_single" ON "testpay_clock" USING btree ("id");--> statement-breakpoint
CREATE INDEX "testpay_object_type_idx" ON "testpay_object" USING btree ("type","customer");