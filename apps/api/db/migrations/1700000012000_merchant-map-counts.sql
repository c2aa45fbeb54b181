-- Up Migration
-- Each merchant table's records by mapping state, kept by triggers (docs/adr/0034-api-log-rollup.md,
-- "Counts by state"). The mapping dashboard's progress bars count every record of each feed by its
-- state: 536,000 merchant offices read for one bar on the bench's million-reservation database
-- (264 ms). `<table>_map_counts` holds one row per state with its records; the list engine answers
-- a count of the table's list, whole or by state, with a condition on the state only, from it
-- (src/criteria/rollup-sql.ts), and every other request from the rows.
--
-- Statement triggers with transition tables keep it exact: an insert adds its rows, a delete takes
-- them away, an update moves only the records whose state changed (an edit of a name writes
-- nothing here), a truncate empties it. One statement touches each state once, in state order.

CREATE FUNCTION merchant_map_counts_roll_up() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  counts text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO %I AS c (map_status, records)
                    SELECT map_status, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
                        ON CONFLICT (map_status) DO UPDATE SET records = c.records + excluded.records', counts);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('UPDATE %I c SET records = c.records - d.records
                      FROM (SELECT map_status, count(*) AS records FROM old_rows GROUP BY 1 ORDER BY 1) d
                     WHERE c.map_status = d.map_status', counts);
  ELSE
    EXECUTE format('INSERT INTO %I AS c (map_status, records)
                    SELECT map_status, sum(delta) FROM (
                      SELECT o.map_status, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
                       WHERE n.map_status <> o.map_status
                      UNION ALL
                      SELECT n.map_status, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                       WHERE n.map_status <> o.map_status) d
                     GROUP BY 1 ORDER BY 1
                        ON CONFLICT (map_status) DO UPDATE SET records = c.records + excluded.records', counts);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION merchant_map_counts_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('TRUNCATE %I', TG_ARGV[0]);
  RETURN NULL;
END $$;

CREATE FUNCTION pg_temp.bm_count_map_states(_table text) RETURNS void
  LANGUAGE plpgsql AS $fn$
DECLARE
  counts text := _table || '_map_counts';
BEGIN
  -- No record is written while the counts are filled from the rows already there (reads go on).
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', _table);
  EXECUTE format('CREATE TABLE %I (map_status text PRIMARY KEY, records bigint NOT NULL)', counts);
  EXECUTE format('CREATE TRIGGER %2$I AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION merchant_map_counts_roll_up(%3$L)',
                 _table, _table || '_map_counts_insert', counts);
  EXECUTE format('CREATE TRIGGER %2$I AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION merchant_map_counts_roll_up(%3$L)',
                 _table, _table || '_map_counts_update', counts);
  EXECUTE format('CREATE TRIGGER %2$I AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION merchant_map_counts_roll_up(%3$L)',
                 _table, _table || '_map_counts_delete', counts);
  EXECUTE format('CREATE TRIGGER %2$I AFTER TRUNCATE ON %1$I
                  FOR EACH STATEMENT EXECUTE FUNCTION merchant_map_counts_truncate(%3$L)',
                 _table, _table || '_map_counts_truncate', counts);
  EXECUTE format('INSERT INTO %I (map_status, records) SELECT map_status, count(*) FROM %I GROUP BY 1',
                 counts, _table);
END $fn$;

SELECT pg_temp.bm_count_map_states(t)
  FROM unnest(ARRAY['merchant_locations', 'merchant_suppliers', 'merchant_car_classes', 'merchant_cars',
                    'merchant_options', 'merchant_included_items', 'merchant_offices']) AS t;

-- Down Migration
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['merchant_locations', 'merchant_suppliers', 'merchant_car_classes', 'merchant_cars',
                           'merchant_options', 'merchant_included_items', 'merchant_offices'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_map_counts_insert', t);
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_map_counts_update', t);
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_map_counts_delete', t);
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_map_counts_truncate', t);
    EXECUTE format('DROP TABLE %I', t || '_map_counts');
  END LOOP;
END $$;
DROP FUNCTION merchant_map_counts_truncate();
DROP FUNCTION merchant_map_counts_roll_up();
