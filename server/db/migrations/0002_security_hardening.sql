CREATE TABLE "login_throttle" (
	"trainer_id" text NOT NULL,
	"email" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_throttle_trainer_id_email_pk" PRIMARY KEY("trainer_id","email")
);
--> statement-breakpoint
CREATE TABLE "reset_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"trainer_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "session_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_reset_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_signup_notice_at" timestamp with time zone;