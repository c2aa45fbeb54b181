-- Up Migration
-- Presets as records (/api/presets): the list view and delete procedure.
-- Until November 2026 this was part of 1700000002000_pages-and-reservations; a database that ran that file counts this one as
-- run (src/db/split-migrations.ts).

-- Presets as records (/api/presets): defaults and group presets; personal and state presets stay private.
CREATE VIEW v_presets AS
SELECT p.id, p.name, p.right_name AS "rightName", p.preset_group_id AS "presetGroupId", g.name AS "presetGroupName",
       p.version, p.parent_id AS "parentId", p.created_by AS "createdBy", p.updated_at AS "updatedAt"
  FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id
 WHERE p.owner_email IS NULL;

CREATE FUNCTION bm_preset_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target integer := (vals ->> 'id')::integer;
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
DROP FUNCTION bm_preset_delete(jsonb, text);
DROP VIEW v_presets;
