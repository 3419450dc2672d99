CREATE TABLE "metric_months" (
	"trainer_id" text NOT NULL,
	"currency" text NOT NULL,
	"month" text NOT NULL,
	"key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"mrr_delta" bigint DEFAULT 0 NOT NULL,
	"mrr_lost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_months_trainer_id_currency_month_key_pk" PRIMARY KEY("trainer_id","currency","month","key")
);
--> statement-breakpoint
CREATE TABLE "metric_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"trainer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"mrr_delta" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"invoice_id" text
);
--> statement-breakpoint
CREATE TABLE "subscription_metrics" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"standing" text NOT NULL,
	"mrr" integer NOT NULL,
	"trialed" boolean NOT NULL,
	"converted" boolean NOT NULL,
	"open_invoice_id" text
);
--> statement-breakpoint
CREATE INDEX "metric_movements_invoice_idx" ON "metric_movements" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "subscriptions_trainer_status_idx" ON "subscriptions" USING btree ("trainer_id","status");--> statement-breakpoint
CREATE INDEX "library_progress_trainer_item_idx" ON "library_progress" USING btree ("trainer_id","item");--> statement-breakpoint
CREATE INDEX "library_starts_trainer_item_idx" ON "library_starts" USING btree ("trainer_id","item");--> statement-breakpoint
-- The money already recorded, into the months' sums (decision 144): charges paid, refunds, one-time sales.
INSERT INTO "metric_months" ("trainer_id", "currency", "month", "key", "count", "amount")
SELECT "trainer_id", "currency", to_char("created_at" at time zone 'UTC', 'YYYY-MM'), 'revenue', count(*), sum("amount")
FROM "charges" WHERE "paid" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "metric_months" ("trainer_id", "currency", "month", "key", "count", "amount")
SELECT "trainer_id", "currency", to_char("refunded_at" at time zone 'UTC', 'YYYY-MM'), 'refunds', count(*), sum("amount")
FROM "charges" WHERE "refunded" AND "refunded_at" IS NOT NULL GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "metric_months" ("trainer_id", "currency", "month", "key", "count", "amount")
SELECT c."trainer_id", c."currency", to_char(c."created_at" at time zone 'UTC', 'YYYY-MM'), 'sale:' || p."product_id", count(*), sum(c."amount")
FROM "charges" c JOIN "prices" p ON p."id" = c."price_id"
WHERE c."paid" AND p."type" = 'one_time' GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- What the figures know of the subscriptions already there (domain/metrics' standing and MRR, in
-- SQL once), so their next event is compared with their state rather than counted as new.
INSERT INTO "subscription_metrics" ("subscription_id", "standing", "mrr", "trialed", "converted", "open_invoice_id")
SELECT s."id",
  CASE WHEN s."status" = 'trialing' THEN 'trialing'
       WHEN s."status" IN ('active', 'past_due') AND v."mrr" > 0 THEN 'paying' ELSE 'none' END,
  CASE WHEN s."status" IN ('active', 'past_due') THEN v."mrr" ELSE 0 END,
  s."trial_end" IS NOT NULL,
  s."trial_end" IS NOT NULL AND s."status" = 'active',
  CASE WHEN s."status" IN ('trialing', 'active', 'past_due') THEN s."open_invoice_id" END
FROM "subscriptions" s
JOIN "prices" p ON p."id" = s."price_id"
LEFT JOIN "coupons" c ON c."id" = s."coupon_id"
CROSS JOIN LATERAL (
  SELECT round(
    (CASE WHEN c."duration" = 'forever' OR (c."duration" = 'repeating' AND NOT (s."discount_end" IS NOT NULL
            AND s."current_period_start" IS NOT NULL AND s."current_period_start" >= s."discount_end"))
          THEN greatest(0, p."amount" - coalesce(round(p."amount" * c."percent_off" / 100.0), 0) - coalesce(c."amount_off", 0))
          ELSE p."amount" END)::numeric
    * (CASE p."interval" WHEN 'day' THEN 365 WHEN 'week' THEN 52 ELSE 1 END)
    / ((CASE p."interval" WHEN 'month' THEN 1 ELSE 12 END) * coalesce(p."interval_count", 1))
  )::integer AS "mrr"
) v
WHERE p."interval" IS NOT NULL;
