CREATE TABLE "access_versions" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);--> statement-breakpoint
-- Every move of a version takes the next value: a version is never seen twice, even after the table
-- is emptied (decision 178). Owned by no column, so no TRUNCATE ... RESTART IDENTITY resets it.
CREATE SEQUENCE "access_version_seq";--> statement-breakpoint
CREATE FUNCTION "access_version_move"(owner text) RETURNS void LANGUAGE sql AS $$
	INSERT INTO access_versions AS v (owner_id, version) VALUES (owner, nextval('access_version_seq'))
	ON CONFLICT (owner_id) DO UPDATE SET version = nextval('access_version_seq');
$$;--> statement-breakpoint
-- A row written: its owner's version moves (both owners when the row changed hands). Run at commit
-- (a deferred constraint trigger): the version row is locked only for the commit's last moment, after
-- every other row the transaction writes, so two writers of one member's rows wait as they did
-- before rather than each holding the version the other needs.
CREATE FUNCTION "access_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	col text := TG_ARGV[0];
	before text;
	after text;
BEGIN
	IF TG_OP <> 'INSERT' THEN before := to_jsonb(OLD) ->> col; END IF;
	IF TG_OP <> 'DELETE' THEN after := to_jsonb(NEW) ->> col; END IF;
	IF before IS NOT NULL THEN PERFORM access_version_move(before); END IF;
	IF after IS NOT NULL AND after IS DISTINCT FROM before THEN PERFORM access_version_move(after); END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- A table emptied names no rows: every member's and trainer's version moves.
CREATE FUNCTION "access_rows_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO access_versions AS v (owner_id, version)
		SELECT id, nextval('access_version_seq') FROM users
		UNION ALL SELECT id, nextval('access_version_seq') FROM trainers
	ON CONFLICT (owner_id) DO UPDATE SET version = excluded.version;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "charges_access" AFTER INSERT OR UPDATE OR DELETE ON "charges" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION access_rows_changed('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subscriptions_access" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION access_rows_changed('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "access_grants_access" AFTER INSERT OR UPDATE OR DELETE ON "access_grants" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION access_rows_changed('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "library_starts_access" AFTER INSERT OR UPDATE OR DELETE ON "library_starts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION access_rows_changed('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "library_progress_access" AFTER INSERT OR UPDATE OR DELETE ON "library_progress" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION access_rows_changed('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sandbox_clocks_access" AFTER INSERT OR UPDATE OR DELETE ON "sandbox_clocks" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION access_rows_changed('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_access" AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION access_rows_changed('trainer_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "prices_access" AFTER INSERT OR UPDATE OR DELETE ON "prices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION access_rows_changed('trainer_id');--> statement-breakpoint
CREATE TRIGGER "charges_access_truncated" AFTER TRUNCATE ON "charges" FOR EACH STATEMENT EXECUTE FUNCTION access_rows_truncated();--> statement-breakpoint
CREATE TRIGGER "subscriptions_access_truncated" AFTER TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION access_rows_truncated();--> statement-breakpoint
CREATE TRIGGER "access_grants_access_truncated" AFTER TRUNCATE ON "access_grants" FOR EACH STATEMENT EXECUTE FUNCTION access_rows_truncated();--> statement-breakpoint
CREATE TRIGGER "library_starts_access_truncated" AFTER TRUNCATE ON "library_starts" FOR EACH STATEMENT EXECUTE FUNCTION access_rows_truncated();--> statement-breakpoint
CREATE TRIGGER "library_progress_access_truncated" AFTER TRUNCATE ON "library_progress" FOR EACH STATEMENT EXECUTE FUNCTION access_rows_truncated();--> statement-breakpoint
CREATE TRIGGER "sandbox_clocks_access_truncated" AFTER TRUNCATE ON "sandbox_clocks" FOR EACH STATEMENT EXECUTE FUNCTION access_rows_truncated();--> statement-breakpoint
CREATE TRIGGER "products_access_truncated" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION access_rows_truncated();--> statement-breakpoint
CREATE TRIGGER "prices_access_truncated" AFTER TRUNCATE ON "prices" FOR EACH STATEMENT EXECUTE FUNCTION access_rows_truncated();
