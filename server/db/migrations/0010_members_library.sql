CREATE TABLE "access_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"trainer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"target" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_progress" (
	"trainer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"item" text NOT NULL,
	"unit_key" text NOT NULL,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "library_progress_user_id_item_unit_key_pk" PRIMARY KEY("user_id","item","unit_key")
);
--> statement-breakpoint
CREATE TABLE "library_starts" (
	"trainer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"item" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_unit_key" text NOT NULL,
	"last_opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "library_starts_user_id_item_pk" PRIMARY KEY("user_id","item")
);
--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_progress" ADD CONSTRAINT "library_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_starts" ADD CONSTRAINT "library_starts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_grants_user_idx" ON "access_grants" USING btree ("user_id");