-- Trigram indexes for the members search (decision 145): pg_trgm ships with PostgreSQL and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "charges_user_idx";--> statement-breakpoint
CREATE INDEX "charges_user_created_idx" ON "charges" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "charges_invoice_idx" ON "charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "charges_id_prefix_idx" ON "charges" USING btree ("id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_trainer_created_idx" ON "users" USING btree ("trainer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);