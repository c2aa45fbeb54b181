-- Up Migration
-- The preset delete procedure reads the id as bigint: an id past the integer range is a missing
-- record (404), not a server error. Until November 2026 the pages' and the presets' were one
-- platform migration (src/db/split-migrations.ts).
CREATE OR REPLACE FUNCTION bm_preset_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
  found_name text;
  found_group integer;
BEGIN
  SELECT name, preset_group_id INTO found_name, found_group FROM presets WHERE id = target AND owner_email IS NULL;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The preset does not exist');
  END IF;
  IF found_name = 'default' AND found_group = 1 THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The default preset cannot be deleted');
  END IF;
  DELETE FROM presets WHERE id = target;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Preset deleted');
END $$;

-- Down Migration
SELECT 1;
