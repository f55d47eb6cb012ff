-- Change feed, part 4 (issue #24): an offer change names the offers, `offers:<id>,...`, so every instance's catalogue
-- index re-reads those rows with one small query and moves them, instead of reading every visible offer again (at
-- 50,000 offers that was 39 MB and 1-2 s per instance per approval). A statement touching more than 200 offers, or
-- an id the payload cannot carry (',' or '='), still sends a bare `offers`: everything is read again. In one UPDATE,
-- rows whose like count alone changed keep announcing `likes:<id>=<count>` (migration 0008).
CREATE OR REPLACE FUNCTION ce_notify_offers(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ids, 1), 0) = 0 THEN
    RETURN;
  END IF;
  IF array_length(ids, 1) > 200 OR EXISTS (
    SELECT 1 FROM unnest(ids) AS c(id) WHERE position(',' IN c.id) > 0 OR position('=' IN c.id) > 0
  ) THEN
    PERFORM pg_notify('ce_changes', 'offers');
  ELSE
    PERFORM ce_notify_ids('offers', ids);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ce_offers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  edited text[];
  liked text[];
BEGIN
  edited := ARRAY(
    SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    WHERE o.id IS NULL OR (to_jsonb(o) - 'like_count') IS DISTINCT FROM (to_jsonb(n) - 'like_count'));
  PERFORM ce_notify_offers(edited);
  liked := ARRAY(
    SELECT n.id || '=' || n.like_count FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.like_count IS DISTINCT FROM n.like_count AND n.id <> ALL (edited));
  IF coalesce(array_length(liked, 1), 0) > 0 THEN
    IF EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.like_count IS DISTINCT FROM n.like_count AND (position(',' IN n.id) > 0 OR position('=' IN n.id) > 0)
    ) THEN
      PERFORM pg_notify('ce_changes', 'likes');
    ELSE
      PERFORM ce_notify_ids('likes', liked);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ce_offers_inserted_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ce_notify_offers(ARRAY(SELECT id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS offers_notify_insert_delete ON offers;
--> statement-breakpoint
CREATE TRIGGER offers_notify_insert AFTER INSERT ON offers
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION ce_offers_inserted_deleted();
--> statement-breakpoint
CREATE TRIGGER offers_notify_delete AFTER DELETE ON offers
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION ce_offers_inserted_deleted();
--> statement-breakpoint
CREATE TRIGGER offers_notify_truncate AFTER TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION ce_notify_topic('offers');
