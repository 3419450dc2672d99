CREATE TABLE "admin_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"trainer_id" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trainers" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "trainers" ADD COLUMN "default_trial_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "admin_audit_trainer_idx" ON "admin_audit" USING btree ("trainer_id","created_at");