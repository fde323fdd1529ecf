ALTER TABLE "admin_invitation" ADD COLUMN "staff_role" text DEFAULT 'administrator' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- Every staff account could do everything until now: it stays an administrator, except the seeded
-- demo coaches (apps/server/src/db/seed/coaches.ts), who become coaches.
UPDATE "user" SET "staff_role" = 'administrator' WHERE "role" = 'admin';--> statement-breakpoint
UPDATE "user" SET "staff_role" = 'coach'
  WHERE "role" = 'admin'
    AND lower("email") IN ('dana.okafor@rescue-academy.local', 'sam.lindqvist@rescue-academy.local')
    AND EXISTS (SELECT 1 FROM "coach_profile" c WHERE c."user_id" = "user"."id");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_staff_role_check" CHECK (("user"."role" = 'admin') = ("user"."staff_role" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_staff_role_value_check" CHECK ("user"."staff_role" IN ('administrator', 'coach', 'editor', 'support'));
