-- Up Migration
-- A brand written as one word ("RecordGo", "Greenmotion") found nothing among suppliers named in
-- words ("Record Go", "Green Motion"): no word of the feed's name was a word of theirs. A supplier
-- of two or more words is now also known by its words written together (name 5), so a feed that
-- joins them covers the whole name. Only suppliers: brands are written both ways, while an extra's
-- or a car's words joined are phrases (map_kind_phrases) where a feed writes them so.
CREATE OR REPLACE FUNCTION map_kind_catalogue_names(_kind text, _ids integer[])
RETURNS TABLE (id integer, name_no integer, weight double precision, name text) LANGUAGE plpgsql STABLE AS $$
DECLARE
  _table text := (SELECT k.pricewatch_table FROM map_kinds k WHERE k.kind = _kind);
BEGIN
  RETURN QUERY EXECUTE format($q$
    SELECT p.id, 1, 1.0::double precision, p.name FROM %1$I p WHERE p.id = ANY ($1)
    UNION ALL
    SELECT p.id, 2, 1.0, btrim(regexp_replace(p.name, '\([^)]*\)', ' ', 'g')) FROM %1$I p
     WHERE p.id = ANY ($1) AND p.name ~ '\(.*\)' $q$, _table) USING _ids;
  IF _kind = 'car' THEN
    RETURN QUERY SELECT p.id, 3, 1.0::double precision, p.make || ' ' || p.model FROM pricewatch_cars p
                  WHERE p.id = ANY (_ids) AND p.make || ' ' || p.model <> p.name;
  ELSIF _kind = 'included_item' THEN
    RETURN QUERY SELECT p.id, 4, 0.6::double precision, p.description FROM pricewatch_included_items p
                  WHERE p.id = ANY (_ids) AND p.description IS NOT NULL;
  ELSIF _kind = 'supplier' THEN
    RETURN QUERY SELECT p.id, 5, 1.0::double precision, regexp_replace(p.name, '[^[:alnum:]]+', '', 'g')
                   FROM pricewatch_suppliers p
                  WHERE p.id = ANY (_ids) AND btrim(p.name) ~ '[^[:alnum:]]';
  END IF;
END $$;

SELECT map_kind_words_refresh('supplier', array(SELECT id FROM pricewatch_suppliers));

-- Down Migration
CREATE OR REPLACE FUNCTION map_kind_catalogue_names(_kind text, _ids integer[])
RETURNS TABLE (id integer, name_no integer, weight double precision, name text) LANGUAGE plpgsql STABLE AS $$
DECLARE
  _table text := (SELECT k.pricewatch_table FROM map_kinds k WHERE k.kind = _kind);
BEGIN
  RETURN QUERY EXECUTE format($q$
    SELECT p.id, 1, 1.0::double precision, p.name FROM %1$I p WHERE p.id = ANY ($1)
    UNION ALL
    SELECT p.id, 2, 1.0, btrim(regexp_replace(p.name, '\([^)]*\)', ' ', 'g')) FROM %1$I p
     WHERE p.id = ANY ($1) AND p.name ~ '\(.*\)' $q$, _table) USING _ids;
  IF _kind = 'car' THEN
    RETURN QUERY SELECT p.id, 3, 1.0::double precision, p.make || ' ' || p.model FROM pricewatch_cars p
                  WHERE p.id = ANY (_ids) AND p.make || ' ' || p.model <> p.name;
  ELSIF _kind = 'included_item' THEN
    RETURN QUERY SELECT p.id, 4, 0.6::double precision, p.description FROM pricewatch_included_items p
                  WHERE p.id = ANY (_ids) AND p.description IS NOT NULL;
  END IF;
END $$;

SELECT map_kind_words_refresh('supplier', array(SELECT id FROM pricewatch_suppliers));
