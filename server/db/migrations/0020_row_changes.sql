-- Every commit that changes what a members' area request reads of its member tells the listening
-- instances whose rows changed (decision 179): the owner's id on the channel row_changes, delivered by
-- the database after the commit, whoever wrote (an instance, the CLI, raw SQL). '*' names everyone.
CREATE OR REPLACE FUNCTION "access_version_move"(owner text) RETURNS void LANGUAGE sql AS $$
	INSERT INTO access_versions AS v (owner_id, version) VALUES (owner, nextval('access_version_seq'))
	ON CONFLICT (owner_id) DO UPDATE SET version = nextval('access_version_seq');
	SELECT pg_notify('row_changes', owner);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "access_rows_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO access_versions AS v (owner_id, version)
		SELECT id, nextval('access_version_seq') FROM users
		UNION ALL SELECT id, nextval('access_version_seq') FROM trainers
	ON CONFLICT (owner_id) DO UPDATE SET version = excluded.version;
	PERFORM pg_notify('row_changes', '*');
	RETURN NULL;
END
$$;--> statement-breakpoint
-- A member's row or one of their sessions changed or went: their kept sessions end (a sign-out, a
-- revocation, an email or plan changed). A row added changes no session kept before it.
CREATE FUNCTION "member_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	col text := TG_ARGV[0];
	before text := to_jsonb(OLD) ->> col;
	after text;
BEGIN
	IF TG_OP = 'UPDATE' THEN after := to_jsonb(NEW) ->> col; END IF;
	IF before IS NOT NULL THEN PERFORM pg_notify('row_changes', before); END IF;
	IF after IS NOT NULL AND after IS DISTINCT FROM before THEN PERFORM pg_notify('row_changes', after); END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "member_rows_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('row_changes', '*');
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_changes" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION member_rows_changed('id');--> statement-breakpoint
CREATE TRIGGER "sessions_changes" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION member_rows_changed('user_id');--> statement-breakpoint
CREATE TRIGGER "users_changes_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION member_rows_truncated();--> statement-breakpoint
CREATE TRIGGER "sessions_changes_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION member_rows_truncated();
