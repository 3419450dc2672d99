ALTER TABLE "checkout_sessions" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_anchor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_invoice_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "open_invoice_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "open_invoice_amount" integer;--> statement-breakpoint
-- Subscriptions from before the billing engine: their cycle is anchored where their period started,
-- and a paid period's value is the charge that paid it, so a plan change credits it.
UPDATE "subscriptions" SET "billing_anchor" = coalesce("trial_end", "current_period_start", "created_at");--> statement-breakpoint
UPDATE "subscriptions" s SET "period_value" = coalesce((SELECT c."amount" FROM "charges" c WHERE c."user_id" = s."user_id" AND c."price_id" = s."price_id" AND NOT c."refunded" AND c."created_at" >= coalesce(s."current_period_start", s."created_at") ORDER BY c."created_at" DESC LIMIT 1), 0) WHERE s."status" = 'active';
