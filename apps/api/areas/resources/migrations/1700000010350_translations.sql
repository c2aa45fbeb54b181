-- Up Migration
-- The customer-facing sites' texts: resources (one text by key, with its English default), their
-- translations per language, and interceptions that override a translation on one market for a
-- while. The three tables are created together because one rule spans them: a resource's maximum
-- length binds its default text, every translation and every interception. The list views, record
-- views and save/delete procedures are generated from the areas' manifests (docs/areas.md).

CREATE TABLE resources (
  id serial PRIMARY KEY,
  -- Dotted segments, as the sites' code names the text: search.form.pickup.label.
  key text NOT NULL,
  module text NOT NULL,
  description text,
  default_text text NOT NULL,
  max_length integer,
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT resources_key_check CHECK (length(key) <= 150 AND key ~ '^[a-z][a-z0-9]*(\.[a-z][A-Za-z0-9]*)+$'),
  CONSTRAINT resources_module_check
    CHECK (module IN ('common', 'search', 'results', 'offer', 'checkout', 'account', 'emails', 'errors')),
  CONSTRAINT resources_description_check CHECK (description IS NULL OR length(description) <= 1000),
  CONSTRAINT resources_max_length_check CHECK (max_length IS NULL OR max_length BETWEEN 1 AND 4000),
  -- The default text obeys the resource's own maximum too.
  CONSTRAINT resources_default_text_check
    CHECK (length(btrim(default_text)) >= 1 AND length(default_text) <= coalesce(max_length, 4000))
);
-- Unique keys; the list's default sort (by key) reads this index too.
CREATE UNIQUE INDEX resources_key_key ON resources (key);
CREATE INDEX resources_module_idx ON resources (module, key);

CREATE TABLE translation_resources (
  id serial PRIMARY KEY,
  -- A translation means nothing without its text: deleting a resource deletes its translations.
  resource_id integer NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  language_code text NOT NULL REFERENCES languages (code),
  text text NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  translated_by text,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT translation_resources_text_check CHECK (length(btrim(text)) >= 1 AND length(text) <= 4000),
  CONSTRAINT translation_resources_status_check CHECK (status IN ('draft', 'review', 'published')),
  CONSTRAINT translation_resources_translated_by_check
    CHECK (translated_by IS NULL OR length(translated_by) <= 200)
);
-- One translation per resource and language; the language leads so that a second one is refused
-- naming the language (the field a translator would change).
CREATE UNIQUE INDEX translation_resources_language_code_key ON translation_resources (language_code, resource_id);
-- A resource's translations (the list opened from a resource), and the work queue by status.
CREATE INDEX translation_resources_resource_idx ON translation_resources (resource_id);
CREATE INDEX translation_resources_status_idx ON translation_resources (status, language_code);

CREATE TABLE translation_interceptions (
  id serial PRIMARY KEY,
  resource_id integer NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  language_code text NOT NULL REFERENCES languages (code),
  -- A market is a country (DE) or one site's host name (fr.example.ch).
  market text NOT NULL,
  replacement_text text NOT NULL,
  -- Both days count: an override for Black Friday alone runs from that day to that day.
  valid_from date NOT NULL,
  valid_to date NOT NULL,
  -- Where enabled overrides overlap, the higher priority wins.
  priority integer NOT NULL DEFAULT 50,
  enabled boolean NOT NULL DEFAULT true,
  note text,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT translation_interceptions_market_check CHECK (
    market ~ '^[A-Z]{2}$'
    OR (length(market) <= 253 AND market ~ '^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$')
  ),
  CONSTRAINT translation_interceptions_replacement_text_check
    CHECK (length(btrim(replacement_text)) >= 1 AND length(replacement_text) <= 4000),
  CONSTRAINT translation_interceptions_valid_to_check CHECK (valid_to >= valid_from),
  CONSTRAINT translation_interceptions_priority_check CHECK (priority BETWEEN 1 AND 100),
  CONSTRAINT translation_interceptions_note_check CHECK (note IS NULL OR length(note) <= 1000)
);
-- The sites ask for the enabled overrides of one text, language and market; staff list by date.
CREATE INDEX translation_interceptions_lookup_idx
  ON translation_interceptions (resource_id, language_code, market) WHERE enabled;
CREATE INDEX translation_interceptions_valid_from_idx ON translation_interceptions (valid_from);

-- A translation or an override longer than its resource's maximum length is refused as a check
-- violation naming the text's column (the save answers 400 naming that field). The column is the
-- trigger's argument, so one function serves both tables.
CREATE FUNCTION resource_text_fits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  _max integer;
  _text text := to_jsonb(NEW) ->> TG_ARGV[0];
BEGIN
  SELECT max_length INTO _max FROM resources WHERE id = NEW.resource_id;
  IF _max IS NOT NULL AND length(_text) > _max THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation',
      MESSAGE = format('The text has %s characters; its resource allows at most %s', length(_text), _max),
      TABLE = TG_TABLE_NAME, COLUMN = TG_ARGV[0], CONSTRAINT = TG_TABLE_NAME || '_' || TG_ARGV[0] || '_check';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER translation_resources_text_fits
  BEFORE INSERT OR UPDATE OF resource_id, text ON translation_resources
  FOR EACH ROW EXECUTE FUNCTION resource_text_fits('text');
CREATE TRIGGER translation_interceptions_text_fits
  BEFORE INSERT OR UPDATE OF resource_id, replacement_text ON translation_interceptions
  FOR EACH ROW EXECUTE FUNCTION resource_text_fits('replacement_text');

-- Lowering a resource's maximum below a stored translation or override is refused the same way,
-- naming the maximum: the texts would otherwise break the rule the sites rely on.
CREATE FUNCTION resource_max_length_fits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  _longest integer;
BEGIN
  SELECT max(n) INTO _longest FROM (
    SELECT length(text) AS n FROM translation_resources WHERE resource_id = NEW.id
    UNION ALL
    SELECT length(replacement_text) FROM translation_interceptions WHERE resource_id = NEW.id
  ) texts;
  IF NEW.max_length IS NOT NULL AND _longest > NEW.max_length THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation',
      MESSAGE = format('A translation of this resource has %s characters, more than %s', _longest, NEW.max_length),
      TABLE = 'resources', COLUMN = 'max_length', CONSTRAINT = 'resources_max_length_check';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER resources_max_length_fits
  BEFORE UPDATE OF max_length ON resources
  FOR EACH ROW WHEN (NEW.max_length IS NOT NULL) EXECUTE FUNCTION resource_max_length_fits();

-- Two enabled overrides of one text, language and market with the same priority whose days overlap
-- would leave the sites to choose: refused, naming the priority. The advisory lock per resource
-- makes two concurrent saves take turns, so neither misses the other.
CREATE FUNCTION translation_interception_unambiguous() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.enabled THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('translation_interceptions'), NEW.resource_id);
  IF EXISTS (
    SELECT 1 FROM translation_interceptions o
     WHERE o.id <> NEW.id AND o.enabled AND o.resource_id = NEW.resource_id
       AND o.language_code = NEW.language_code AND o.market = NEW.market AND o.priority = NEW.priority
       AND o.valid_from <= NEW.valid_to AND NEW.valid_from <= o.valid_to
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation',
      MESSAGE = 'Another enabled override of this text, language and market has this priority on some of these days',
      TABLE = 'translation_interceptions', COLUMN = 'priority',
      CONSTRAINT = 'translation_interceptions_priority_check';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER translation_interceptions_unambiguous
  BEFORE INSERT OR UPDATE ON translation_interceptions
  FOR EACH ROW EXECUTE FUNCTION translation_interception_unambiguous();

-- The resource lookup of the translation and interception forms: searched by key.
CREATE VIEW v_dd_resources AS
SELECT id, key AS name, module, enabled FROM resources;

-- Down Migration
-- The generated views go with the tables; the next start re-creates them if the tables are back.
DROP VIEW v_dd_resources;
DROP TABLE translation_interceptions, translation_resources, resources CASCADE;
DROP FUNCTION translation_interception_unambiguous(), resource_max_length_fits(), resource_text_fits();
DELETE FROM area_sql WHERE name IN (
  'v_resources', 'v_resources_record', 'bm_resources_save', 'bm_resources_delete',
  'v_translation_resources', 'v_translation_resources_record', 'bm_translation_resources_save',
  'bm_translation_resources_delete', 'v_translation_interceptions', 'v_translation_interceptions_record',
  'bm_translation_interceptions_save', 'bm_translation_interceptions_delete');
