ALTER TABLE "library_starts" ADD COLUMN "units_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "library_starts" s SET "units_done" = d.done
FROM (
	SELECT "user_id", "item", count(*)::integer AS done FROM "library_progress"
	WHERE "done_at" IS NOT NULL GROUP BY 1, 2
) d
WHERE d."user_id" = s."user_id" AND d."item" = s."item";--> statement-breakpoint
DROP INDEX "library_progress_trainer_item_idx";--> statement-breakpoint
DROP INDEX "library_starts_trainer_item_idx";--> statement-breakpoint
CREATE INDEX "library_starts_trainer_item_done_idx" ON "library_starts" USING btree ("trainer_id","item","units_done");
