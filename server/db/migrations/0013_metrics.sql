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
CREATE INDEX "metric_movements_trainer_at_idx" ON "metric_movements" USING btree ("trainer_id","at");--> statement-breakpoint
CREATE INDEX "metric_movements_invoice_idx" ON "metric_movements" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "charges_trainer_created_idx" ON "charges" USING btree ("trainer_id","created_at");--> statement-breakpoint
CREATE INDEX "charges_trainer_refunded_idx" ON "charges" USING btree ("trainer_id","refunded_at") WHERE "charges"."refunded";--> statement-breakpoint
CREATE INDEX "subscriptions_trainer_status_idx" ON "subscriptions" USING btree ("trainer_id","status");--> statement-breakpoint
CREATE INDEX "library_starts_trainer_item_idx" ON "library_starts" USING btree ("trainer_id","item");