ALTER TABLE "checkout_sessions" ADD COLUMN "sign_in_session" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "password_fingerprint" text;