-- Up Migration
-- The page delete procedure reads the id as bigint: an id past the integer range is a missing
-- record (404), not a server error. Until November 2026 the pages' and the presets' were one
-- platform migration (src/db/split-migrations.ts).
CREATE OR REPLACE FUNCTION bm_page_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
BEGIN
  DELETE FROM pages WHERE id = target;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The page does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Page deleted');
END $$;

-- Down Migration
SELECT 1;
