CREATE TABLE "sandbox_clocks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"offset_seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "duration" text DEFAULT 'once' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "duration_in_months" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "coupon_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "discount_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_payment_attempt" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_price_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_clocks" ADD CONSTRAINT "sandbox_clocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A database from before this rule may hold a member's second live subscription: the older ones end.
UPDATE "subscriptions" SET "status" = 'canceled' WHERE "status" in ('trialing', 'active', 'past_due', 'unpaid') AND EXISTS (SELECT 1 FROM "subscriptions" newer WHERE newer."trainer_id" = "subscriptions"."trainer_id" AND newer."user_id" = "subscriptions"."user_id" AND newer."status" in ('trialing', 'active', 'past_due', 'unpaid') AND (newer."created_at", newer."id") > ("subscriptions"."created_at", "subscriptions"."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_idx" ON "subscriptions" USING btree ("trainer_id","user_id") WHERE "subscriptions"."status" in ('trialing', 'active', 'past_due', 'unpaid');