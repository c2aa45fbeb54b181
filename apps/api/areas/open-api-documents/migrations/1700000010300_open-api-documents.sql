-- Up Migration
-- Open API documents: the OpenAPI 3.x descriptions of the APIs the company offers partners, kept as
-- typed (JSON or YAML) so partners download exactly what staff reviewed. The save checks each
-- document's structure (the field's `openapi` rule); the table keeps what must always hold. The
-- list view, record view and save/delete procedures are generated from the area's manifest.

-- Whether a text parses as JSON: a document declared JSON must be JSON, not only YAML.
CREATE FUNCTION open_api_document_is_json(doc text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  PERFORM doc::jsonb;
  RETURN true;
EXCEPTION WHEN data_exception THEN
  RETURN false;
END $$;

CREATE TABLE open_api_documents (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  -- The API's version as partners see it (1.4.0, 2024-06, v2).
  api_version text NOT NULL CHECK (api_version ~ '^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$'),
  description text CHECK (description IS NULL OR length(description) <= 4000),
  format text NOT NULL DEFAULT 'yaml',
  document text NOT NULL CHECK (length(btrim(document)) BETWEEN 1 AND 300000),
  is_published boolean NOT NULL DEFAULT false,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT open_api_documents_format_check
    CHECK (format IN ('json', 'yaml') AND (format = 'yaml' OR open_api_document_is_json(document))),
  -- One document per API and version; the unique index also serves the list's sort by name.
  CONSTRAINT open_api_documents_name_key UNIQUE (name, api_version)
);
-- Partners' portal reads the published documents; staff sort and filter by update time.
CREATE INDEX open_api_documents_published_idx ON open_api_documents (name) WHERE is_published;
CREATE INDEX open_api_documents_updated_idx ON open_api_documents (updated_at);

-- Down Migration
-- The generated views go with the table; the next start re-creates them if the table is back.
DROP TABLE open_api_documents CASCADE;
DROP FUNCTION open_api_document_is_json(text);
DELETE FROM area_sql WHERE name IN ('v_open_api_documents', 'v_open_api_documents_record',
  'bm_open_api_documents_save', 'bm_open_api_documents_delete');
