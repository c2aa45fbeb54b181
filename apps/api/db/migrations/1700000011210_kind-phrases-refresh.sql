-- Up Migration
-- The catalogue's words (pricewatch_kind_words) are read through the kinds' phrases
-- (map_kind_phrases: "VW" → volkswagen, "Sat Nav" → gps): a change to the phrases now refreshes the
-- words of the kinds it touches by itself, in the same statement, whoever makes it (a migration, an
-- operator's fix), instead of each change having to remember map_kind_words_refresh. A phrase of
-- kind '*' touches every kind that has words. One refresh per statement and kind, so a migration
-- that adds fifty phrases re-reads a kind's catalogue once.
CREATE FUNCTION map_kind_phrases_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
  k record;
BEGIN
  -- Each event's trigger has only its own transition tables.
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT kind FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT kind FROM old_rows);
  ELSE
    touched := array(SELECT kind FROM new_rows UNION SELECT kind FROM old_rows);
  END IF;
  FOR k IN
    SELECT m.kind, m.pricewatch_table
      FROM map_kinds m
     WHERE (m.kind = ANY (touched) OR '*' = ANY (touched))
       AND EXISTS (SELECT 1 FROM pricewatch_kind_words w WHERE w.kind = m.kind)
  LOOP
    EXECUTE format('SELECT map_kind_words_refresh(%L, array(SELECT id FROM %I))', k.kind, k.pricewatch_table);
  END LOOP;
  RETURN NULL;
END $$;

-- An INSERT trigger cannot name an OLD TABLE nor a DELETE one a NEW TABLE: one trigger per event.
CREATE TRIGGER map_kind_phrases_inserted AFTER INSERT ON map_kind_phrases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION map_kind_phrases_changed();
CREATE TRIGGER map_kind_phrases_updated AFTER UPDATE ON map_kind_phrases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION map_kind_phrases_changed();
CREATE TRIGGER map_kind_phrases_deleted AFTER DELETE ON map_kind_phrases REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION map_kind_phrases_changed();

-- Down Migration
DROP TRIGGER map_kind_phrases_deleted ON map_kind_phrases;
DROP TRIGGER map_kind_phrases_updated ON map_kind_phrases;
DROP TRIGGER map_kind_phrases_inserted ON map_kind_phrases;
DROP FUNCTION map_kind_phrases_changed();
