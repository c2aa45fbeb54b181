-- Up Migration
-- The structured preset editor ("Presets (new)"): a shared preset edited part by part (source,
-- columns, row actions, form actions, settings, tabs). Saving keeps the edited version and adds the
-- next one, which takes its place everywhere; deleting the newest version brings the one before
-- back. Shipped default presets are changed only by shipping (their versions come from the code).

ALTER TABLE presets ADD COLUMN superseded_by integer REFERENCES presets (id) ON DELETE SET NULL;
CREATE INDEX presets_superseded_idx ON presets (superseded_by) WHERE superseded_by IS NOT NULL;

-- The JSON preset editor lists and edits current versions only, as every screen uses them.
CREATE OR REPLACE VIEW v_presets AS
SELECT p.id, p.name, p.right_name AS "rightName", p.preset_group_id AS "presetGroupId", g.name AS "presetGroupName",
       p.version, p.parent_id AS "parentId", p.created_by AS "createdBy", p.updated_at AS "updatedAt"
  FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id
 WHERE p.owner_email IS NULL AND p.superseded_by IS NULL;
CREATE OR REPLACE VIEW v_preset_record AS
SELECT p.id, p.name, p.right_name AS "rightName", p.preset_group_id AS "presetGroupId", g.name AS "presetGroupName",
       p.version, jsonb_pretty(p.definition) AS definition, p.updated_at AS "updatedAt", p.row_version AS "rowVersion"
  FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id
 WHERE p.owner_email IS NULL AND p.superseded_by IS NULL;

-- The current shared presets: no newer version of their own, and of a shipped default only the
-- latest version.
CREATE VIEW v_preset_dynamics AS
SELECT p.id, p.name, p.right_name AS "rightName", p.preset_group_id AS "presetGroupId",
       g.name AS "presetGroupName", p.version,
       regexp_replace(p.right_name, '^.*/', '') AS screen,
       p.definition ->> 'source' AS source,
       COALESCE(jsonb_array_length(CASE WHEN jsonb_typeof(p.definition -> 'definition') = 'array'
                                        THEN p.definition -> 'definition' END), 0) AS "columnCount",
       COALESCE(jsonb_array_length(CASE WHEN jsonb_typeof(p.definition -> 'rowActions') = 'array'
                                        THEN p.definition -> 'rowActions' END), 0) AS "rowActionCount",
       (p.name = 'default' AND p.preset_group_id = 1) AS shipped,
       p.parent_id AS "parentId", p.created_by AS "createdBy", p.updated_at AS "updatedAt"
  FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id
 WHERE p.owner_email IS NULL AND p.superseded_by IS NULL
   AND NOT (p.name = 'default' AND p.preset_group_id = 1 AND EXISTS (
         SELECT 1 FROM presets n WHERE n.name = 'default' AND n.preset_group_id = 1
            AND n.right_name = p.right_name AND n.version > p.version));

CREATE VIEW v_preset_dynamic_record AS
SELECT v.id, v.name, v."rightName", v."presetGroupId", v."presetGroupName", v.version, v.screen, v.shipped,
       COALESCE(p.definition ->> 'source', '') AS source,
       COALESCE(p.definition ->> 'cssUrl', '') AS "cssUrl",
       jsonb_pretty(COALESCE(p.definition -> 'definition', '[]'::jsonb)) AS columns,
       jsonb_pretty(COALESCE(p.definition -> 'rowActions', '[]'::jsonb)) AS "rowActions",
       jsonb_pretty(COALESCE(p.definition -> 'actions', '{}'::jsonb)) AS actions,
       jsonb_pretty(COALESCE(p.definition -> 'settings', '{}'::jsonb)) AS settings,
       jsonb_pretty(COALESCE(p.definition -> 'Tabs', '[]'::jsonb)) AS tabs,
       v."updatedAt", p.row_version AS "rowVersion"
  FROM v_preset_dynamics v JOIN presets p ON p.id = v.id;

-- One part of the definition from the payload: JSON of the expected kind, else the stored part.
CREATE FUNCTION bm_preset_part(vals jsonb, field text, kind text, stored jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  part jsonb;
BEGIN
  IF NOT vals ? field THEN
    RETURN stored;
  END IF;
  IF vals -> field = 'null'::jsonb OR btrim(vals ->> field) = '' THEN
    RETURN NULL;
  END IF;
  part := (vals ->> field)::jsonb;
  IF jsonb_typeof(part) <> kind THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', COLUMN = field,
      MESSAGE = format('%s must be a JSON %s', field, kind);
  END IF;
  RETURN part;
END $$;

-- Saves a new version of a current shared preset; the answer's id is the new version's, so the
-- form moves to it. Users who had the old version in use now use the new one.
CREATE FUNCTION bm_preset_dynamic_save(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target integer := (vals ->> 'id')::integer;
  old presets%ROWTYPE;
  def jsonb;
  tabs jsonb;
  saved integer;
BEGIN
  IF target IS NULL THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', NULL, 'message', 'Presets are created from their list page');
  END IF;
  SELECT * INTO old FROM presets WHERE id = target AND owner_email IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'notFound', true, 'message', 'The preset does not exist');
  END IF;
  IF old.name = 'default' AND old.preset_group_id = 1 THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target,
      'message', 'The default preset is changed by shipping a new version; copy it to a group preset to change it here');
  END IF;
  IF old.superseded_by IS NOT NULL
     OR (vals ? 'rowVersion' AND old.row_version <> (vals ->> 'rowVersion')::integer) THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'conflict', true,
                              'message', 'The preset was changed by someone else');
  END IF;

  def := old.definition;
  def := jsonb_set(def, '{definition}', COALESCE(bm_preset_part(vals, 'columns', 'array', def -> 'definition'), '[]'));
  def := jsonb_set(def, '{rowActions}', COALESCE(bm_preset_part(vals, 'rowActions', 'array', def -> 'rowActions'), '[]'));
  def := jsonb_set(def, '{actions}', COALESCE(bm_preset_part(vals, 'actions', 'object', def -> 'actions'), '{}'));
  def := jsonb_set(def, '{settings}', COALESCE(bm_preset_part(vals, 'settings', 'object', def -> 'settings'), '{}'));
  tabs := bm_preset_part(vals, 'tabs', 'array', def -> 'Tabs');
  def := CASE WHEN tabs IS NULL OR tabs = '[]'::jsonb THEN def - 'Tabs' ELSE jsonb_set(def, '{Tabs}', tabs) END;
  IF vals ? 'source' THEN
    def := CASE WHEN COALESCE(btrim(vals ->> 'source'), '') = '' THEN def - 'source'
                ELSE jsonb_set(def, '{source}', to_jsonb(btrim(vals ->> 'source'))) END;
  END IF;
  IF vals ? 'cssUrl' THEN
    def := CASE WHEN COALESCE(btrim(vals ->> 'cssUrl'), '') = '' THEN def - 'cssUrl'
                ELSE jsonb_set(def, '{cssUrl}', to_jsonb(btrim(vals ->> 'cssUrl'))) END;
  END IF;

  INSERT INTO presets (name, right_name, preset_group_id, owner_email, parent_id, version, definition,
                       total_item_count, created_by)
  VALUES (CASE WHEN vals ? 'name' THEN btrim(vals ->> 'name') ELSE old.name END, old.right_name,
          old.preset_group_id, NULL, old.id, old.version + 1, def, old.total_item_count, actor)
  RETURNING id INTO saved;
  UPDATE presets SET superseded_by = saved, updated_at = now() WHERE id = old.id;
  UPDATE preset_in_use SET preset_id = saved WHERE preset_id = old.id;
  RETURN jsonb_build_object('isSuccess', true, 'id', saved,
                            'message', format('Preset saved as version %s', old.version + 1));
END $$;

-- Deletes the current version; the version it replaced (if any) is current again, and its users
-- go back to it.
CREATE FUNCTION bm_preset_dynamic_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target integer := (vals ->> 'id')::integer;
  doomed presets%ROWTYPE;
  previous integer;
BEGIN
  SELECT * INTO doomed FROM presets WHERE id = target AND owner_email IS NULL AND superseded_by IS NULL FOR UPDATE;
  IF NOT FOUND OR (doomed.name = 'default' AND doomed.preset_group_id = 1) THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The preset does not exist or cannot be deleted');
  END IF;
  SELECT id INTO previous FROM presets WHERE superseded_by = target;
  IF previous IS NOT NULL THEN
    UPDATE preset_in_use SET preset_id = previous WHERE preset_id = target;
  END IF;
  DELETE FROM presets WHERE id = target;
  RETURN jsonb_build_object('isSuccess', true, 'id', target,
    'message', CASE WHEN previous IS NULL THEN 'Preset deleted'
                    ELSE format('Version %s deleted; version %s is current again', doomed.version, doomed.version - 1) END);
END $$;

-- Down Migration
DROP FUNCTION bm_preset_dynamic_delete(jsonb, text), bm_preset_dynamic_save(jsonb, text),
  bm_preset_part(jsonb, text, text, jsonb);
DROP VIEW v_preset_dynamic_record, v_preset_dynamics;
CREATE OR REPLACE VIEW v_presets AS
SELECT p.id, p.name, p.right_name AS "rightName", p.preset_group_id AS "presetGroupId", g.name AS "presetGroupName",
       p.version, p.parent_id AS "parentId", p.created_by AS "createdBy", p.updated_at AS "updatedAt"
  FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id
 WHERE p.owner_email IS NULL;
CREATE OR REPLACE VIEW v_preset_record AS
SELECT p.id, p.name, p.right_name AS "rightName", p.preset_group_id AS "presetGroupId", g.name AS "presetGroupName",
       p.version, jsonb_pretty(p.definition) AS definition, p.updated_at AS "updatedAt", p.row_version AS "rowVersion"
  FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id
 WHERE p.owner_email IS NULL;
-- Only the versions that were current stay (newest first, so each delete brings its parent back).
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM presets WHERE superseded_by IS NOT NULL) LOOP
    DELETE FROM presets WHERE id IN (SELECT superseded_by FROM presets WHERE superseded_by IS NOT NULL)
      AND superseded_by IS NULL;
  END LOOP;
END $$;
ALTER TABLE presets DROP COLUMN superseded_by;
