-- Up Migration
-- More of the ways feeds write the same extra: American spellings of tyres for included items (as
-- options already had), a one-way fee called a drop-off charge, and a child's booster named by the
-- child. Inserting them refreshes the catalogue words of the kinds they touch
-- (1700000011210_kind-phrases-refresh.sql).
INSERT INTO map_kind_phrases (kind, phrase, replacement) VALUES
  ('included_item', 'tires', 'tyres'), ('included_item', 'tire', 'tyres'),
  ('included_item', 'snow tires', 'winter equipment'),
  ('option', 'drop off', 'one way'), ('option', 'dropoff', 'one way'), ('option', 'drop charge', 'one way'),
  ('option', 'child booster', 'booster seat'), ('option', 'booster chair', 'booster seat')
ON CONFLICT (kind, phrase) DO NOTHING;

-- Down Migration
DELETE FROM map_kind_phrases WHERE (kind, phrase) IN (
  ('included_item', 'tires'), ('included_item', 'tire'), ('included_item', 'snow tires'),
  ('option', 'drop off'), ('option', 'dropoff'), ('option', 'drop charge'),
  ('option', 'child booster'), ('option', 'booster chair'));
