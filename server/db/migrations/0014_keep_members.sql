CREATE TABLE "cancellation_reasons" (
	"id" text PRIMARY KEY NOT NULL,
	"trainer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"reason" text,
	"comment" text,
	"offer" text,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "subscriptions_one_live_idx";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pause_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pause_resumes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trainers" ADD COLUMN "pause_months" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "trainers" ADD COLUMN "cancel_offer" jsonb;--> statement-breakpoint
ALTER TABLE "cancellation_reasons" ADD CONSTRAINT "cancellation_reasons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellation_reasons_trainer_idx" ON "cancellation_reasons" USING btree ("trainer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_idx" ON "subscriptions" USING btree ("trainer_id","user_id") WHERE "subscriptions"."status" in ('trialing', 'active', 'past_due', 'unpaid', 'paused');