-- Up Migration
-- The shared preset form: the row version, the record view and save.
-- Procedures take (values jsonb, actor text) and return {isSuccess, id, message}; an update whose
-- rowVersion is stale returns {conflict: true}. Keys missing from `values` are left unchanged (so
-- marked fields limit an update).
-- Until November 2026 this was part of 1700000004000_forms; a database that ran that file counts this one as
-- run (src/db/split-migrations.ts).

ALTER TABLE presets ADD COLUMN row_version integer NOT NULL DEFAULT 1;

CREATE VIEW v_preset_record AS
SELECT p.id, p.name, p.right_name AS "rightName", p.preset_group_id AS "presetGroupId", g.name AS "presetGroupName",
       p.version, jsonb_pretty(p.definition) AS definition, p.updated_at AS "updatedAt", p.row_version AS "rowVersion"
  FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id
 WHERE p.owner_email IS NULL;

-- Saves a shared preset's name and definition; the default preset is never overwritten here.
CREATE FUNCTION bm_preset_save(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
  saved bigint;
BEGIN
  IF target IS NULL THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', NULL, 'message', 'Presets are created from their list page');
  END IF;
  IF EXISTS (SELECT 1 FROM presets WHERE id = target AND name = 'default' AND preset_group_id = 1) THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The default preset cannot be overwritten');
  END IF;
  UPDATE presets SET
    name = CASE WHEN vals ? 'name' THEN vals ->> 'name' ELSE name END,
    definition = CASE WHEN vals ? 'definition' THEN (vals ->> 'definition')::jsonb ELSE definition END,
    row_version = row_version + 1, updated_at = now()
  WHERE id = target AND owner_email IS NULL
    AND (NOT vals ? 'rowVersion' OR row_version = (vals ->> 'rowVersion')::integer)
  RETURNING id INTO saved;
  IF saved IS NULL THEN
    IF EXISTS (SELECT 1 FROM presets WHERE id = target AND owner_email IS NULL) THEN
      RETURN jsonb_build_object('isSuccess', false, 'id', target, 'conflict', true,
                                'message', 'The preset was changed by someone else');
    END IF;
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'notFound', true, 'message', 'The preset does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', saved, 'message', 'Preset saved');
END $$;

-- Down Migration
DROP FUNCTION bm_preset_save(jsonb, text);
DROP VIEW v_preset_record;
ALTER TABLE presets DROP COLUMN row_version;
