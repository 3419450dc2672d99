ALTER TABLE "trainers" ADD COLUMN "tax" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_country" text;