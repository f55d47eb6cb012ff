-- Change feed, part 3 (issue #12): a like toggle announces the new like counts themselves, `likes:<id>=<count>,...`,
-- so every instance updates its cached counts and the likes-sorted order without reading them back (before: the
-- ids only, and a query per page that showed one of them). An id the payload cannot carry (a ',' or '=' in it)
-- sends a bare `likes`: every count is read again.
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
      SELECT n.id || '=' || n.like_count FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.like_count IS DISTINCT FROM n.like_count);
    IF EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.like_count IS DISTINCT FROM n.like_count AND (position(',' IN n.id) > 0 OR position('=' IN n.id) > 0)
    ) THEN
      PERFORM pg_notify('ce_changes', 'likes');
    ELSE
      PERFORM ce_notify_ids('likes', changed);
    END IF;
  END IF;
  RETURN NULL;
END $$;
