-- Up Migration
-- Location ranking checked on two more independent airport lists (issue 39; docs/adr/0013-mapping.md,
-- "More independent lists"; bench/data/airportsdata-airports.tsv and ip2location-airports.tsv beside
-- the first two). What their misses and the second list's showed, each changed for every name:
-- - "Station" and "Naval" say what kind of place it is, as "Base" does: "Pathankot Air Force
--   Station" was every air force station of India before Pathankot Airport.
-- - Abbreviations feeds use that the table lacked: Ntl (national), Mem and Meml (memorial), Trml
--   and Term (terminal), Capt (captain), Metro (metropolitan), SPB (seaplane base), NAS (naval air
--   station), AFS (air force station), and the compass points NW, NE, SW, SE.
-- - Two neighbouring words written as one are compared by the skeleton of the two, on both sides:
--   "Mc Call" was "mk" + "kal" where "McCall" is "mkal", so McCall Municipal came sixteenth.
-- - A merchant word the catalogue has as written is less likely a typo of another word: its typo
--   readings count half. "Lycoming County Airport" put two Wyoming airports ("Lycoming" two letters
--   from "Wyoming" in their names) before Williamsport, whose county is Lycoming.
-- The divisions an airport lies in (a US county) are read into its nearby names by the seed
-- (areas/pricewatch-locations/geography.ts), not here.
-- map_tokens and map_location_words_refresh are 1700000011990_location-ranking-second-list.sql's
-- otherwise.
INSERT INTO map_descriptor_words SELECT map_skeleton(w) FROM unnest('{station,naval}'::text[]) AS w
ON CONFLICT (word) DO NOTHING;

INSERT INTO map_word_forms (word, expansion) VALUES
  ('ntl', 'national'), ('mem', 'memorial'), ('meml', 'memorial'), ('trml', 'terminal'), ('term', 'terminal'),
  ('capt', 'captain'), ('metro', 'metropolitan'), ('spb', 'seaplane base'), ('nas', 'naval air station'),
  ('afs', 'air force station'), ('nw', 'northwest'), ('ne', 'northeast'), ('sw', 'southwest'), ('se', 'southeast')
ON CONFLICT (word) DO NOTHING;

CREATE OR REPLACE FUNCTION map_tokens(_name text, _type smallint) RETURNS map_token[] LANGUAGE sql STABLE
SET pg_trgm.similarity_threshold = 0.25 SET jit = off AS $$
  WITH l AS MATERIALIZED (
    SELECT row_number() OVER (ORDER BY w.n) AS n, w.raw, w.word FROM map_word_list(_name, _type) w),
  t AS MATERIALIZED (SELECT DISTINCT ON (word) word, raw, n FROM l ORDER BY word, n),
  -- Catalogue words each merchant word may be: itself, a typo of it (the trigram index finds them,
  -- map_word_match judges), a place's IATA code when it is a three-letter word, the one word the
  -- catalogue writes for it and its neighbour ("Adi Sutjipto", "Adisutjipto"; "Mc Call", "McCall":
  -- the two words' skeleton, as the catalogue's joined words are), and its three nearest
  -- words by trigrams (kept, weakly, only for a word too far from every catalogue word for a typo,
  -- so that a badly mangled name still finds candidates rather than none: q < 0 marks them).
  close AS MATERIALIZED (
    SELECT t.n, v.word, v.df, map_word_match(t.word, v.word) AS q
      FROM t CROSS JOIN LATERAL (
        SELECT v.word, v.df FROM pricewatch_location_vocabulary v WHERE v.word = t.word
        UNION
        SELECT v.word, v.df FROM pricewatch_location_vocabulary v
         WHERE length(t.word) >= 4 AND v.word % t.word AND NOT v.joined AND v.word NOT LIKE '#%'
        UNION
        -- Two neighbouring letters swapped, which trigrams miss in a short word ("Olry").
        SELECT v.word, v.df FROM pricewatch_location_vocabulary v
         WHERE length(t.word) BETWEEN 4 AND 8
           AND v.word = ANY (array(SELECT overlay(t.word PLACING substr(t.word, i + 1, 1) || substr(t.word, i, 1)
                                                  FROM i FOR 2)
                                     FROM generate_series(1, length(t.word) - 1) AS i))) v
    UNION ALL
    SELECT t.n, v.word, v.df, 1.0
      FROM t CROSS JOIN LATERAL (
        SELECT v.word, v.df FROM pricewatch_location_vocabulary v WHERE v.word = '#' || t.raw) v
     WHERE length(t.raw) = 3
    UNION ALL
    SELECT t.n, v.word, v.df, 1.0
      FROM l a JOIN l b ON b.n = a.n + 1
      -- Looked up by the array, an index probe: as a join the planner hashed the whole vocabulary.
      JOIN (SELECT v.word, v.df FROM pricewatch_location_vocabulary v
             WHERE v.word = ANY (array(SELECT map_skeleton(a.word || b.word) FROM l a JOIN l b ON b.n = a.n + 1))) v
        ON v.word = map_skeleton(a.word || b.word)
      JOIN t ON t.word IN (a.word, b.word)),
  found AS (
    SELECT * FROM close
    UNION ALL
    SELECT t.n, v.word, v.df, -greatest(similarity(t.word, v.word), 0.01)
      FROM t CROSS JOIN LATERAL (
        SELECT v.word, v.df FROM pricewatch_location_vocabulary v
         WHERE NOT v.joined AND v.word NOT LIKE '#%'
           AND NOT EXISTS (SELECT 1 FROM close c WHERE c.n = t.n AND c.q > 0)
         ORDER BY v.word <-> t.word, v.word LIMIT 3) v
     WHERE length(t.word) >= 3),
  judged AS (
    SELECT f.*, max(f.q) OVER (PARTITION BY f.n) AS best_q,
           count(*) FILTER (WHERE f.q = 1) OVER (PARTITION BY f.word) AS exact_uses
      FROM found f),
  -- A catalogue word that is one of the merchant words exactly is not also a typo of another. A
  -- merchant word that the catalogue has as written is less likely a typo of another word: its
  -- typo readings count half ("Lycoming", the county of Williamsport's airport, is not "Wyoming").
  kept AS (
    SELECT j.n, j.word, max(j.df) AS df,
           max(CASE WHEN j.q <= 0 THEN -0.5 * j.q WHEN j.q < 1 AND j.best_q = 1 THEN 0.5 * j.q ELSE j.q END) AS q
      FROM judged j
     WHERE (j.q > 0 AND (j.q = 1 OR j.exact_uses = 0)) OR j.best_q <= 0
     GROUP BY j.n, j.word),
  tokens AS (
    SELECT t.n, t.word, t.raw,
           coalesce(max(k.df) FILTER (WHERE k.word = t.word AND k.df > 0), max(k.df), 0) AS df,
           coalesce(array_agg(k.word ORDER BY k.word) FILTER (WHERE k.word IS NOT NULL), '{}') AS matches,
           coalesce(array_agg(k.q ORDER BY k.word) FILTER (WHERE k.word IS NOT NULL), '{}') AS qualities
      FROM t LEFT JOIN kept k ON k.n = t.n
     GROUP BY t.n, t.word, t.raw),
  total AS (SELECT greatest(coalesce(max(id), 0), 100)::double precision AS n FROM pricewatch_locations),
  -- How many of the name's words are descriptors: they share their weight (see above).
  descriptors AS (
    SELECT count(*)::double precision AS n FROM tokens tk JOIN map_descriptor_words d ON d.word = tk.word)
  SELECT coalesce(array_agg(ROW(tk.n, tk.word,
                                CASE WHEN d.word IS NOT NULL
                                     THEN least(3.0, ln((total.n + 1) / (tk.df + 1))) / sqrt(descriptors.n)
                                     ELSE ln((total.n + 1) / (tk.df + 1)) END,
                                tk.df <= 300, tk.matches, tk.qualities, tk.raw)::map_token
                            ORDER BY tk.n), '{}')
    FROM tokens tk CROSS JOIN total CROSS JOIN descriptors LEFT JOIN map_descriptor_words d ON d.word = tk.word
$$;


CREATE OR REPLACE FUNCTION map_location_words_refresh(_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  _words text[];
BEGIN
  _words := array(SELECT DISTINCT w.word FROM pricewatch_location_words w WHERE w.location_id = ANY (_ids));
  DELETE FROM pricewatch_location_words WHERE location_id = ANY (_ids);
  INSERT INTO pricewatch_location_words (location_id, name_no, word, name_words, joined)
  SELECT DISTINCT ON (n.location_id, n.name_no, w.word) n.location_id, n.name_no, w.word,
         CASE WHEN n.name_no = 2000 THEN 0 ELSE cardinality(n.words) END, w.joined
    FROM (SELECT n.location_id, n.name_no, array(SELECT DISTINCT unnest(map_words(n.name, n.type_id))) AS words,
                 map_words(n.name, n.type_id) AS ordered
            FROM (SELECT p.id AS location_id, 0 AS name_no, p.name, p.location_type_id AS type_id
                    FROM pricewatch_locations p WHERE p.id = ANY (_ids)
                  UNION ALL
                  -- An other name that is the name of another city of its country says where the
                  -- place is, not what it is called ("Manhattan" of JFK, "Tokyo" of Narita): it
                  -- counts as a place around it.
                  SELECT p.id,
                         CASE WHEN p.location_type_id <> 4 AND EXISTS (
                                -- As written: an index probe (location_type_id, name) per other name.
                                SELECT 1 FROM pricewatch_locations c
                                 WHERE c.location_type_id = 4 AND c.name = o.name
                                   AND c.country_id = p.country_id AND c.id IS DISTINCT FROM p.city_id)
                              THEN 2000 ELSE o.n END,
                         o.name,
                         p.location_type_id
                    FROM pricewatch_locations p,
                         unnest(string_to_array(p.other_names, E'\n')) WITH ORDINALITY AS o(name, n)
                   WHERE p.id = ANY (_ids) AND o.n < 1000
                  UNION ALL
                  SELECT k.location_id, 1000 + row_number() OVER (PARTITION BY k.location_id ORDER BY k.id),
                         k.keyword, p.location_type_id
                    FROM location_keywords k JOIN pricewatch_locations p ON p.id = k.location_id
                   WHERE k.location_id = ANY (_ids) AND k.enabled
                  UNION ALL
                  SELECT p.id, 2000, o.name, NULL
                    FROM pricewatch_locations p, unnest(string_to_array(p.nearby_names, E'\n')) AS o(name)
                   WHERE p.id = ANY (_ids)) n) n
   CROSS JOIN LATERAL (
     SELECT unnest(n.words) AS word, false AS joined
     -- Two neighbouring words also as one ("Noi Bai" as "noibai"), for a feed that writes them so;
     -- as the skeleton of the two ("Mc Call" as "mkal", as "McCall" is read).
     UNION ALL
     SELECT map_skeleton(n.ordered[i] || n.ordered[i + 1]), true
       FROM generate_series(1, cardinality(n.ordered) - 1) AS i
      WHERE n.name_no < 2000) w
   ORDER BY n.location_id, n.name_no, w.word, w.joined;
  INSERT INTO pricewatch_location_words (location_id, name_no, word, name_words, joined)
  SELECT p.id, -1, '#' || lower(p.iata_code), 1, false FROM pricewatch_locations p
   WHERE p.id = ANY (_ids) AND p.iata_code IS NOT NULL;
  _words := _words || array(SELECT DISTINCT w.word FROM pricewatch_location_words w WHERE w.location_id = ANY (_ids));
  INSERT INTO pricewatch_location_vocabulary AS v (word, df, joined)
  SELECT u.word, c.df, c.joined
    FROM (SELECT DISTINCT unnest(_words) AS word) u
   CROSS JOIN LATERAL (
     SELECT count(DISTINCT w.location_id) FILTER (WHERE w.name_no BETWEEN 0 AND 1999) AS df,
            bool_and(w.joined) AS joined
       FROM pricewatch_location_words w WHERE w.word = u.word) c
   WHERE c.joined IS NOT NULL
  ON CONFLICT (word) DO UPDATE SET df = EXCLUDED.df, joined = EXCLUDED.joined
   WHERE (v.df, v.joined) IS DISTINCT FROM (EXCLUDED.df, EXCLUDED.joined);
  DELETE FROM pricewatch_location_vocabulary v
   WHERE v.word = ANY (_words) AND NOT EXISTS (SELECT 1 FROM pricewatch_location_words w WHERE w.word = v.word);
END $$;

-- Every place's words: the forms and the joined words changed for all of them.
SELECT map_location_words_refresh(array(SELECT id FROM pricewatch_locations));
ANALYZE pricewatch_location_words, pricewatch_location_vocabulary;

-- Down Migration
-- The forms, descriptors, map_tokens and map_location_words_refresh as 1700000011990 left them, and
-- every place's words refreshed with them.
DELETE FROM map_word_forms WHERE word IN ('ntl', 'mem', 'meml', 'trml', 'term', 'capt', 'metro', 'spb', 'nas', 'afs',
  'nw', 'ne', 'sw', 'se');
DELETE FROM map_descriptor_words WHERE word IN (map_skeleton('station'), map_skeleton('naval'));

CREATE OR REPLACE FUNCTION map_tokens(_name text, _type smallint) RETURNS map_token[] LANGUAGE sql STABLE
SET pg_trgm.similarity_threshold = 0.25 SET jit = off AS $$
  WITH l AS MATERIALIZED (
    SELECT row_number() OVER (ORDER BY w.n) AS n, w.raw, w.word FROM map_word_list(_name, _type) w),
  t AS MATERIALIZED (SELECT DISTINCT ON (word) word, raw, n FROM l ORDER BY word, n),
  -- Catalogue words each merchant word may be: itself, a typo of it (the trigram index finds them,
  -- map_word_match judges), a place's IATA code when it is a three-letter word, the one word the
  -- catalogue writes for it and its neighbour ("Adi Sutjipto", "Adisutjipto"), and its three nearest
  -- words by trigrams (kept, weakly, only for a word too far from every catalogue word for a typo,
  -- so that a badly mangled name still finds candidates rather than none: q < 0 marks them).
  close AS MATERIALIZED (
    SELECT t.n, v.word, v.df, map_word_match(t.word, v.word) AS q
      FROM t CROSS JOIN LATERAL (
        SELECT v.word, v.df FROM pricewatch_location_vocabulary v WHERE v.word = t.word
        UNION
        SELECT v.word, v.df FROM pricewatch_location_vocabulary v
         WHERE length(t.word) >= 4 AND v.word % t.word AND NOT v.joined AND v.word NOT LIKE '#%'
        UNION
        -- Two neighbouring letters swapped, which trigrams miss in a short word ("Olry").
        SELECT v.word, v.df FROM pricewatch_location_vocabulary v
         WHERE length(t.word) BETWEEN 4 AND 8
           AND v.word = ANY (array(SELECT overlay(t.word PLACING substr(t.word, i + 1, 1) || substr(t.word, i, 1)
                                                  FROM i FOR 2)
                                     FROM generate_series(1, length(t.word) - 1) AS i))) v
    UNION ALL
    SELECT t.n, v.word, v.df, 1.0
      FROM t CROSS JOIN LATERAL (
        SELECT v.word, v.df FROM pricewatch_location_vocabulary v WHERE v.word = '#' || t.raw) v
     WHERE length(t.raw) = 3
    UNION ALL
    SELECT t.n, v.word, v.df, 1.0
      FROM l a JOIN l b ON b.n = a.n + 1
      -- Looked up by the array, an index probe: as a join the planner hashed the whole vocabulary.
      JOIN (SELECT v.word, v.df FROM pricewatch_location_vocabulary v
             WHERE v.word = ANY (array(SELECT a.word || b.word FROM l a JOIN l b ON b.n = a.n + 1))) v
        ON v.word = a.word || b.word
      JOIN t ON t.word IN (a.word, b.word)),
  found AS (
    SELECT * FROM close
    UNION ALL
    SELECT t.n, v.word, v.df, -greatest(similarity(t.word, v.word), 0.01)
      FROM t CROSS JOIN LATERAL (
        SELECT v.word, v.df FROM pricewatch_location_vocabulary v
         WHERE NOT v.joined AND v.word NOT LIKE '#%'
           AND NOT EXISTS (SELECT 1 FROM close c WHERE c.n = t.n AND c.q > 0)
         ORDER BY v.word <-> t.word, v.word LIMIT 3) v
     WHERE length(t.word) >= 3),
  judged AS (
    SELECT f.*, max(f.q) OVER (PARTITION BY f.n) AS best_q,
           count(*) FILTER (WHERE f.q = 1) OVER (PARTITION BY f.word) AS exact_uses
      FROM found f),
  -- A catalogue word that is one of the merchant words exactly is not also a typo of another.
  kept AS (
    SELECT j.n, j.word, max(j.df) AS df,
           max(CASE WHEN j.q > 0 THEN j.q ELSE -0.5 * j.q END) AS q
      FROM judged j
     WHERE (j.q > 0 AND (j.q = 1 OR j.exact_uses = 0)) OR j.best_q <= 0
     GROUP BY j.n, j.word),
  tokens AS (
    SELECT t.n, t.word, t.raw,
           coalesce(max(k.df) FILTER (WHERE k.word = t.word AND k.df > 0), max(k.df), 0) AS df,
           coalesce(array_agg(k.word ORDER BY k.word) FILTER (WHERE k.word IS NOT NULL), '{}') AS matches,
           coalesce(array_agg(k.q ORDER BY k.word) FILTER (WHERE k.word IS NOT NULL), '{}') AS qualities
      FROM t LEFT JOIN kept k ON k.n = t.n
     GROUP BY t.n, t.word, t.raw),
  total AS (SELECT greatest(coalesce(max(id), 0), 100)::double precision AS n FROM pricewatch_locations),
  -- How many of the name's words are descriptors: they share their weight (see above).
  descriptors AS (
    SELECT count(*)::double precision AS n FROM tokens tk JOIN map_descriptor_words d ON d.word = tk.word)
  SELECT coalesce(array_agg(ROW(tk.n, tk.word,
                                CASE WHEN d.word IS NOT NULL
                                     THEN least(3.0, ln((total.n + 1) / (tk.df + 1))) / sqrt(descriptors.n)
                                     ELSE ln((total.n + 1) / (tk.df + 1)) END,
                                tk.df <= 300, tk.matches, tk.qualities, tk.raw)::map_token
                            ORDER BY tk.n), '{}')
    FROM tokens tk CROSS JOIN total CROSS JOIN descriptors LEFT JOIN map_descriptor_words d ON d.word = tk.word
$$;


CREATE OR REPLACE FUNCTION map_location_words_refresh(_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  _words text[];
BEGIN
  _words := array(SELECT DISTINCT w.word FROM pricewatch_location_words w WHERE w.location_id = ANY (_ids));
  DELETE FROM pricewatch_location_words WHERE location_id = ANY (_ids);
  INSERT INTO pricewatch_location_words (location_id, name_no, word, name_words, joined)
  SELECT DISTINCT ON (n.location_id, n.name_no, w.word) n.location_id, n.name_no, w.word,
         CASE WHEN n.name_no = 2000 THEN 0 ELSE cardinality(n.words) END, w.joined
    FROM (SELECT n.location_id, n.name_no, array(SELECT DISTINCT unnest(map_words(n.name, n.type_id))) AS words,
                 map_words(n.name, n.type_id) AS ordered
            FROM (SELECT p.id AS location_id, 0 AS name_no, p.name, p.location_type_id AS type_id
                    FROM pricewatch_locations p WHERE p.id = ANY (_ids)
                  UNION ALL
                  -- An other name that is the name of another city of its country says where the
                  -- place is, not what it is called ("Manhattan" of JFK, "Tokyo" of Narita): it
                  -- counts as a place around it.
                  SELECT p.id,
                         CASE WHEN p.location_type_id <> 4 AND EXISTS (
                                -- As written: an index probe (location_type_id, name) per other name.
                                SELECT 1 FROM pricewatch_locations c
                                 WHERE c.location_type_id = 4 AND c.name = o.name
                                   AND c.country_id = p.country_id AND c.id IS DISTINCT FROM p.city_id)
                              THEN 2000 ELSE o.n END,
                         o.name,
                         p.location_type_id
                    FROM pricewatch_locations p,
                         unnest(string_to_array(p.other_names, E'\n')) WITH ORDINALITY AS o(name, n)
                   WHERE p.id = ANY (_ids) AND o.n < 1000
                  UNION ALL
                  SELECT k.location_id, 1000 + row_number() OVER (PARTITION BY k.location_id ORDER BY k.id),
                         k.keyword, p.location_type_id
                    FROM location_keywords k JOIN pricewatch_locations p ON p.id = k.location_id
                   WHERE k.location_id = ANY (_ids) AND k.enabled
                  UNION ALL
                  SELECT p.id, 2000, o.name, NULL
                    FROM pricewatch_locations p, unnest(string_to_array(p.nearby_names, E'\n')) AS o(name)
                   WHERE p.id = ANY (_ids)) n) n
   CROSS JOIN LATERAL (
     SELECT unnest(n.words) AS word, false AS joined
     -- Two neighbouring words also as one ("Noi Bai" as "noibai"), for a feed that writes them so.
     UNION ALL
     SELECT n.ordered[i] || n.ordered[i + 1], true FROM generate_series(1, cardinality(n.ordered) - 1) AS i
      WHERE n.name_no < 2000) w
   ORDER BY n.location_id, n.name_no, w.word, w.joined;
  INSERT INTO pricewatch_location_words (location_id, name_no, word, name_words, joined)
  SELECT p.id, -1, '#' || lower(p.iata_code), 1, false FROM pricewatch_locations p
   WHERE p.id = ANY (_ids) AND p.iata_code IS NOT NULL;
  _words := _words || array(SELECT DISTINCT w.word FROM pricewatch_location_words w WHERE w.location_id = ANY (_ids));
  INSERT INTO pricewatch_location_vocabulary AS v (word, df, joined)
  SELECT u.word, c.df, c.joined
    FROM (SELECT DISTINCT unnest(_words) AS word) u
   CROSS JOIN LATERAL (
     SELECT count(DISTINCT w.location_id) FILTER (WHERE w.name_no BETWEEN 0 AND 1999) AS df,
            bool_and(w.joined) AS joined
       FROM pricewatch_location_words w WHERE w.word = u.word) c
   WHERE c.joined IS NOT NULL
  ON CONFLICT (word) DO UPDATE SET df = EXCLUDED.df, joined = EXCLUDED.joined
   WHERE (v.df, v.joined) IS DISTINCT FROM (EXCLUDED.df, EXCLUDED.joined);
  DELETE FROM pricewatch_location_vocabulary v
   WHERE v.word = ANY (_words) AND NOT EXISTS (SELECT 1 FROM pricewatch_location_words w WHERE w.word = v.word);
END $$;

SELECT map_location_words_refresh(array(SELECT id FROM pricewatch_locations));
ANALYZE pricewatch_location_words, pricewatch_location_vocabulary;
