-- Up Migration
-- The merchant feeds: the merchants that send us their catalogues, and what every merchant record
-- table shares. Each merchant area (locations, suppliers, car classes, cars, options, included
-- items, offices) creates its table with pg_temp.bm_create_merchant_table in its own migration.
-- The feeds that send us their catalogues.
CREATE TABLE merchants (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  code text NOT NULL UNIQUE,
  website text,
  enabled boolean NOT NULL DEFAULT true
);

-- A merchant record: the feed, the merchant's own code and name, the kind's own columns, and its
-- mapping onto the price-watch table `_pricewatch`: map_status unmapped | mapped (mapped_id set) |
-- blacklisted | disabled, with the note staff gave. `_columns` are the kind's column definitions,
-- each followed by a comma; they come between the name and the mapping. Every rule is a constraint
-- named <table>_<column>_check, so a refused save is a 400 naming the field.
-- A function of the migration session only (pg_temp): the merchant areas' migrations run in the same
-- session and transaction as this one (src/db/migrate.ts) and call it; it leaves nothing in the
-- schema, so a database made with these files and one that ran the single catalogue migration they
-- replaced are alike.
CREATE FUNCTION pg_temp.bm_create_merchant_table(_table text, _pricewatch text, _columns text) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($sql$
    CREATE TABLE %1$I (
      id serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants (id),
      external_code text NOT NULL CHECK (length(external_code) BETWEEN 1 AND 60),
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      %2$s
      mapped_id integer REFERENCES %3$I (id),
      map_status text NOT NULL DEFAULT 'unmapped' CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
      map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
      enabled boolean NOT NULL DEFAULT true,
      row_version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text,
      CONSTRAINT %4$I UNIQUE (merchant_id, external_code),
      CONSTRAINT %5$I CHECK ((map_status = 'mapped') = (mapped_id IS NOT NULL))
    )$sql$,
    _table, _columns, _pricewatch, _table || '_external_code_key', _table || '_mapped_id_check');
END $fn$;

-- What each generated merchant record truly is (NULL: nothing in price-watch), so the mapping work
-- can be measured. Written only by the demo generator; the console never reads it.
CREATE TABLE merchant_ground_truth (
  kind text NOT NULL CHECK (kind IN ('location', 'supplier', 'car_class', 'car', 'option', 'included_item', 'office')),
  merchant_record_id integer NOT NULL,
  pricewatch_id integer,
  PRIMARY KEY (kind, merchant_record_id)
);

CREATE VIEW v_dd_merchants AS SELECT id, name FROM merchants WHERE enabled;

-- Down Migration
DROP VIEW v_dd_merchants;
DROP TABLE merchant_ground_truth, merchants CASCADE;
