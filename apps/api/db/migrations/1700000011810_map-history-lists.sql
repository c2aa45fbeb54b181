-- Up Migration
-- The mapping history and the auto-mapping runs are lists of their own (areas map-history and
-- auto-map-runs): newest first, and counted per person over a time range by the mapping
-- dashboard. Indexes for that order and that count.
CREATE INDEX IF NOT EXISTS merchant_map_history_changed_idx ON merchant_map_history (changed_at DESC);
CREATE INDEX IF NOT EXISTS merchant_map_history_person_idx
  ON merchant_map_history (action, changed_at, changed_by);
CREATE INDEX IF NOT EXISTS map_auto_runs_created_idx ON map_auto_runs (created_at DESC);

-- Down Migration
-- The two lists' generated views (made at start from their manifests) stand on platform tables that
-- earlier Down sections drop: they go first, and their recorded hashes with them, so a later start
-- makes them again.
DROP VIEW IF EXISTS v_merchant_map_history, v_merchant_map_history_record, v_map_auto_runs,
  v_map_auto_runs_record;
DELETE FROM area_sql WHERE name IN ('v_merchant_map_history', 'v_merchant_map_history_record',
  'v_map_auto_runs', 'v_map_auto_runs_record');
DROP INDEX IF EXISTS map_auto_runs_created_idx;
DROP INDEX IF EXISTS merchant_map_history_person_idx;
DROP INDEX IF EXISTS merchant_map_history_changed_idx;
