CREATE TABLE "invoice_counters" (
	"trainer_id" text NOT NULL,
	"series" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_trainer_id_series_pk" PRIMARY KEY("trainer_id","series")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"trainer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"charge_id" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"document" jsonb NOT NULL,
	"gateway_number" text,
	"hosted_url" text,
	"pdf_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trainers" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "trainers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "trainers" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_company" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_tax_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("trainer_id","series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_charge_idx" ON "invoices" USING btree ("charge_id","series");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at","id");--> statement-breakpoint
-- The charges recorded before invoices existed get theirs (decision 154), numbered per trainer in the
-- order they were paid, and each refund its credit note in the order refunded. Their seller and buyer
-- are left to be read when the document is (null): the details these charges were paid under were
-- never recorded.
INSERT INTO "invoices" ("id", "trainer_id", "user_id", "charge_id", "series", "number", "issued_at", "currency", "total", "document")
SELECT 'inv_' || md5(c."id" || ':invoice'), c."trainer_id", c."user_id", c."id", 'invoice',
  row_number() OVER (PARTITION BY c."trainer_id" ORDER BY c."created_at", c."id"),
  c."created_at", c."currency", c."amount",
  jsonb_build_object(
    'seller', NULL, 'buyer', NULL,
    'lines', jsonb_build_array(jsonb_build_object(
      'kind', CASE WHEN p."type" = 'one_time' THEN 'product' ELSE 'plan' END,
      'description', c."description", 'periodStart', NULL, 'periodEnd', NULL, 'amount', c."amount")),
    'discount', 0, 'tax', '[]'::jsonb, 'total', c."amount", 'paymentMethod', c."payment_method", 'credits', NULL)
FROM "charges" c JOIN "prices" p ON p."id" = c."price_id"
WHERE c."paid";--> statement-breakpoint
INSERT INTO "invoices" ("id", "trainer_id", "user_id", "charge_id", "series", "number", "issued_at", "currency", "total", "document")
SELECT 'inv_' || md5(c."id" || ':credit_note'), c."trainer_id", c."user_id", c."id", 'credit_note',
  row_number() OVER (PARTITION BY c."trainer_id" ORDER BY coalesce(c."refunded_at", c."created_at"), c."id"),
  coalesce(c."refunded_at", c."created_at"), c."currency", i."total",
  i."document" || jsonb_build_object('credits', 'INV-' || lpad(i."number"::text, greatest(6, length(i."number"::text)), '0'))
FROM "charges" c JOIN "invoices" i ON i."charge_id" = c."id" AND i."series" = 'invoice'
WHERE c."refunded";--> statement-breakpoint
INSERT INTO "invoice_counters" ("trainer_id", "series", "last")
SELECT "trainer_id", "series", max("number") FROM "invoices" GROUP BY "trainer_id", "series";--> statement-breakpoint
-- The demo trainer's made-up invoicing details, so its invoices show where they go.
UPDATE "trainers" SET "legal_name" = 'Demo Trainer Fitness S.L.', "address" = E'Calle del Ejemplo 12\n28001 Madrid\nSpain', "tax_id" = 'ESB12345678'
WHERE "id" = 'demo-trainer' AND "legal_name" IS NULL;
