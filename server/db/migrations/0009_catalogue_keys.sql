ALTER TABLE "prices" ADD COLUMN "lookup_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "prices_trainer_lookup_key_idx" ON "prices" USING btree ("trainer_id","lookup_key") WHERE "prices"."active";