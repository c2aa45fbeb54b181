-- Up Migration
-- Menus as an area (apps/api/areas/menus, docs/adr/0018-menu-editor.md): the stored menus get the
-- audit and row-version columns of a record, ids from a sequence (1 stays the shell's main menu),
-- the list and record views and the save and delete procedures of the generic write path. The
-- content is checked against the menu schema by the API before the save procedure runs.

ALTER TABLE menus
  ADD COLUMN row_version integer NOT NULL DEFAULT 1,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN created_by text,
  ADD COLUMN updated_by text,
  ADD CONSTRAINT menus_name_check CHECK (btrim(name) <> '') NOT VALID;

CREATE SEQUENCE menus_id_seq OWNED BY menus.id;
-- Never below 1: a new database creates the main menu (id 1) after the migrations run.
SELECT setval('menus_id_seq', GREATEST(COALESCE((SELECT max(id) FROM menus), 1), 1));
ALTER TABLE menus ALTER COLUMN id SET DEFAULT nextval('menus_id_seq');

-- Every item of a menu tree, at any depth (entries that are not objects count too).
CREATE FUNCTION bm_menu_items(items jsonb) RETURNS TABLE (item jsonb) LANGUAGE sql IMMUTABLE AS $$
  WITH RECURSIVE walk (item) AS (
    SELECT e FROM jsonb_array_elements(CASE WHEN jsonb_typeof(items) = 'array' THEN items ELSE '[]' END) e
    UNION ALL
    SELECT c FROM walk, jsonb_array_elements(
      CASE WHEN jsonb_typeof(walk.item) = 'object' AND jsonb_typeof(walk.item -> 'submenu') = 'array'
           THEN walk.item -> 'submenu' ELSE '[]' END) c
  )
  SELECT item FROM walk
$$;

CREATE VIEW v_menus AS
SELECT m.id, m.name, (SELECT count(*)::integer FROM bm_menu_items(m.content)) AS "itemCount",
       m.updated_at AS "updatedAt", m.updated_by AS "updatedBy"
  FROM menus m;

CREATE VIEW v_menus_record AS
SELECT m.id, m.name, m.content, m.updated_at AS "updatedAt", m.row_version AS "rowVersion"
  FROM menus m;

-- Creates (no id) or updates a menu. The content arrives checked and normalised by the API
-- (src/menu/check-menu.ts); the shell's favourites name items of menu 1 by id and link, so a
-- favourite whose item is gone, was edited (the editor gives it a new id) or moved elsewhere is
-- cleared with the save.
CREATE FUNCTION bm_menu_save(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target integer := (vals ->> 'id')::integer;
  old menus%ROWTYPE;
  saved integer;
BEGIN
  IF vals ? 'content' AND jsonb_typeof(vals -> 'content') IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', COLUMN = 'content',
      MESSAGE = 'The menu content must be a list of items';
  END IF;
  IF target IS NULL THEN
    INSERT INTO menus (name, content, created_by, updated_by)
    VALUES (btrim(vals ->> 'name'), COALESCE(vals -> 'content', '[]'::jsonb), actor, actor)
    RETURNING id INTO saved;
    RETURN jsonb_build_object('isSuccess', true, 'id', saved, 'message', 'Menu created');
  END IF;
  SELECT * INTO old FROM menus WHERE id = target FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'notFound', true, 'message', 'The menu does not exist');
  END IF;
  IF vals ? 'rowVersion' AND old.row_version <> (vals ->> 'rowVersion')::integer THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'conflict', true,
                              'message', 'The menu was changed by someone else');
  END IF;
  UPDATE menus
     SET name = CASE WHEN vals ? 'name' THEN btrim(vals ->> 'name') ELSE name END,
         content = CASE WHEN vals ? 'content' THEN vals -> 'content' ELSE content END,
         row_version = row_version + 1, updated_at = now(), updated_by = actor
   WHERE id = target;
  IF target = 1 AND vals ? 'content' THEN
    DELETE FROM favorite_menu_entries f
     WHERE NOT EXISTS (SELECT 1 FROM bm_menu_items(vals -> 'content') i
                        WHERE jsonb_typeof(i.item) = 'object'
                          AND i.item ->> 'id' = f.menu_id::text AND i.item ->> 'linkTo' = f.path);
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Menu saved');
END $$;

-- Deletes a menu; the main menu (1) is what the shell shows, so it stays.
CREATE FUNCTION bm_menu_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target integer := (vals ->> 'id')::integer;
BEGIN
  IF target = 1 THEN
    RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation',
      MESSAGE = 'The main menu cannot be deleted',
      DETAIL = 'Key (id)=(1) is still referenced from table "the console shell".';
  END IF;
  DELETE FROM menus WHERE id = target;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The menu does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Menu deleted');
END $$;

-- Down Migration
DROP FUNCTION bm_menu_delete(jsonb, text), bm_menu_save(jsonb, text);
DROP VIEW v_menus_record, v_menus;
DROP FUNCTION bm_menu_items(jsonb);
ALTER TABLE menus ALTER COLUMN id DROP DEFAULT;
DROP SEQUENCE menus_id_seq;
ALTER TABLE menus DROP CONSTRAINT menus_name_check, DROP COLUMN updated_by, DROP COLUMN created_by,
  DROP COLUMN created_at, DROP COLUMN row_version;
