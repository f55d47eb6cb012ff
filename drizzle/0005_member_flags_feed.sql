-- Change feed, part 2 (issues #6, #12): what the catalogue shows per member and per card, and the bell's unread
-- count, are cached per instance too, so the database announces the rows that change them (payloads: see
-- src/server/lib/change-feed.ts). Statement-level triggers with transition tables, as in 0003.
--  - `flags:<user ids>`: a member's likes or favourites changed (their likedByMe/favoritedByMe sets).
--  - `likes:<offer ids>`: only like_count changed on these offers (was a bare `likes` in 0003).
--  - `unread:<user ids>`: a member's notification copies changed; a statement touching more than 150 members
--    (a notification sent to everyone, or deleted for everyone) sends a bare `unread`: every member's count.
CREATE OR REPLACE FUNCTION ce_offers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    WHERE o.id IS NULL OR (to_jsonb(o) - 'like_count') IS DISTINCT FROM (to_jsonb(n) - 'like_count')
  ) THEN
    PERFORM pg_notify('ce_changes', 'offers');
  ELSE
    changed := ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.like_count IS DISTINCT FROM n.like_count);
    IF EXISTS (SELECT 1 FROM unnest(changed) AS c(id) WHERE position(',' IN c.id) > 0) THEN
      -- An id the payload cannot carry: every count.
      PERFORM pg_notify('ce_changes', 'likes');
    ELSE
      PERFORM ce_notify_ids('likes', changed);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The users of the inserted or deleted rows (TG_ARGV[0] is the topic, the transition table is `changed`).
CREATE OR REPLACE FUNCTION ce_rows_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ce_notify_ids(TG_ARGV[0], ARRAY(SELECT DISTINCT user_id::text FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ce_rows_users_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ce_notify_ids(TG_ARGV[0], ARRAY(
    SELECT n.user_id::text FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o IS DISTINCT FROM n
    UNION SELECT o.user_id::text FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o IS DISTINCT FROM n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER offer_likes_notify_insert AFTER INSERT ON offer_likes
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ce_rows_users('flags');
--> statement-breakpoint
CREATE TRIGGER offer_likes_notify_delete AFTER DELETE ON offer_likes
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ce_rows_users('flags');
--> statement-breakpoint
CREATE TRIGGER offer_likes_notify_update AFTER UPDATE ON offer_likes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ce_rows_users_updated('flags');
--> statement-breakpoint
CREATE TRIGGER offer_likes_notify_truncate AFTER TRUNCATE ON offer_likes
  FOR EACH STATEMENT EXECUTE FUNCTION ce_notify_topic('flags');
--> statement-breakpoint
CREATE TRIGGER favorites_notify_insert AFTER INSERT ON favorites
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ce_rows_users('flags');
--> statement-breakpoint
CREATE TRIGGER favorites_notify_delete AFTER DELETE ON favorites
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ce_rows_users('flags');
--> statement-breakpoint
CREATE TRIGGER favorites_notify_update AFTER UPDATE ON favorites
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ce_rows_users_updated('flags');
--> statement-breakpoint
CREATE TRIGGER favorites_notify_truncate AFTER TRUNCATE ON favorites
  FOR EACH STATEMENT EXECUTE FUNCTION ce_notify_topic('flags');
--> statement-breakpoint
-- Notification copies: per member, or every member at once past 150 of them (one cheap refill each).
CREATE OR REPLACE FUNCTION ce_notify_users_or_all(topic text, ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ids, 1), 0) > 150 THEN
    PERFORM pg_notify('ce_changes', topic);
  ELSE
    PERFORM ce_notify_ids(topic, ids);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ce_user_notifications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ce_notify_users_or_all('unread', ARRAY(SELECT DISTINCT user_id::text FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ce_user_notifications_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ce_notify_users_or_all('unread', ARRAY(
    SELECT n.user_id::text FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o IS DISTINCT FROM n
    UNION SELECT o.user_id::text FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o IS DISTINCT FROM n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_notifications_notify_insert AFTER INSERT ON user_notifications
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ce_user_notifications_changed();
--> statement-breakpoint
CREATE TRIGGER user_notifications_notify_delete AFTER DELETE ON user_notifications
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ce_user_notifications_changed();
--> statement-breakpoint
CREATE TRIGGER user_notifications_notify_update AFTER UPDATE ON user_notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ce_user_notifications_updated();
--> statement-breakpoint
CREATE TRIGGER user_notifications_notify_truncate AFTER TRUNCATE ON user_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION ce_notify_topic('unread');
