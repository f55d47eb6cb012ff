-- Change feed (issues #6, #12): the database itself announces what changed on the channel ce_changes, so every app
-- instance's caches (sessions, catalogue pages and totals, the active banner) drop what a write changed whatever
-- code path, script or instance made it. Statement-level triggers with transition tables: a bulk statement sends
-- one notification (ids chunked under the 8,000-byte payload limit), not one per row. NOTIFY is delivered at commit
-- and never for a rolled-back transaction. Payloads: see src/server/lib/change-feed.ts.
CREATE OR REPLACE FUNCTION ce_notify_ids(topic text, ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n int := coalesce(array_length(ids, 1), 0);
  i int := 1;
BEGIN
  IF n = 0 THEN
    RETURN;
  END IF;
  IF n > 2000 THEN
    -- A topic without ids means "all of it".
    PERFORM pg_notify('ce_changes', topic);
    RETURN;
  END IF;
  WHILE i <= n LOOP
    PERFORM pg_notify('ce_changes', topic || ':' || array_to_string(ids[i:i + 149], ','));
    i := i + 150;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ce_notify_topic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ce_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sessions that end (logout, global logout, password reset, cancellation, expiry purge, a deleted user) or change.
CREATE OR REPLACE FUNCTION ce_sessions_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ce_notify_ids('sessions', ARRAY(SELECT DISTINCT user_id::text FROM gone));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ce_sessions_gone();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ce_sessions_gone();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION ce_notify_topic('sessions');
--> statement-breakpoint
-- Users whose row really changed (status, role, verification, password, balance, points, name, last login...).
CREATE OR REPLACE FUNCTION ce_users_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ce_notify_ids('users', ARRAY(
    SELECT n.id::text FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    WHERE o.id IS NULL OR o IS DISTINCT FROM n
    UNION SELECT o.id::text FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id WHERE n.id IS NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ce_users_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ce_users_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ce_notify_ids('users', ARRAY(SELECT id::text FROM gone));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ce_users_deleted();
--> statement-breakpoint
-- Offers: a change of anything but like_count is 'offers' (pages, totals); a change of like_count only is 'likes'
-- (only the pages sorted by likes; counts on cards are read fresh).
CREATE OR REPLACE FUNCTION ce_offers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    WHERE o.id IS NULL OR (to_jsonb(o) - 'like_count') IS DISTINCT FROM (to_jsonb(n) - 'like_count')
  ) THEN
    PERFORM pg_notify('ce_changes', 'offers');
  ELSIF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.like_count IS DISTINCT FROM n.like_count
  ) THEN
    PERFORM pg_notify('ce_changes', 'likes');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER offers_notify_update AFTER UPDATE ON offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ce_offers_updated();
--> statement-breakpoint
CREATE TRIGGER offers_notify_insert_delete AFTER INSERT OR DELETE OR TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION ce_notify_topic('offers');
--> statement-breakpoint
CREATE TRIGGER banners_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION ce_notify_topic('banners');
