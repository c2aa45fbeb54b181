-- Up Migration
-- Location ranking checked on a second independent airport list (issue 39; docs/adr/0013-mapping.md,
-- "Ranking"; bench/data/travelhackingtool-airports.tsv beside openflights-airports.tsv). Its misses,
-- and one empty list in the first list's noisy pass, showed what the first list had hidden:
-- - Descriptor words share their weight. Each descriptor ("International", "Air", "Force",
--   "Base", "County", "Regional") weighs at most 3 so that it cannot outweigh a place's own name,
--   but a name of several ("Pease Air Force Base", "Jefferson County Regional") gave them 9 together,
--   more than the one word that says which place it is: every air force base came before Pease.
--   Now the descriptors of a name weigh their usual weight divided by the square root of how many
--   the name has (one keeps 3, three 1.7 each): they still tell two airports of a city apart.
-- - A mangled word whose only trigram neighbours are no typo of it (quality 0: "Ueromiyeh" and
--   "Uromi") kept those as its only matches, which found nothing, and its record had an empty
--   list. The three nearest catalogue words are now taken whenever no word matches it as a typo.
-- - A record whose words and whole name resemble nothing keeps an empty list: "no match" is an answer
--   the mapper acts on (blacklist, disable), and a list of unrelated places at 0% would hide it.
-- - An airport's other names come partly from OurAirports keywords, which also tag the cities it
--   serves ("Manhattan" of JFK, LaGuardia, Newark and Teterboro; "Tokyo" of Narita): taken for
--   its own names, they put the New York airports before Manhattan Regional for "Manhattan
--   Municipal Airport" and Narita before Haneda for "Tokyo Int'l". An other name that is the name of
--   another city of its country now counts as a place around it (pricewatch_location_words'
--   name_no 2000), and those places' words are refreshed.
-- - Candidates that cover the name equally ("Logan International Airport": Boston's, and Billings
--   Logan International, which has it among its other names) were ordered by id; now the one
--   whose own name is the record's word for word comes first (a thousandth off the others' score).
-- map_tokens, map_location_ranked and map_location_words_refresh are 1700000010890_location-ranking.sql's
-- otherwise.
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

CREATE OR REPLACE FUNCTION map_location_ranked(_id integer)
RETURNS TABLE (id integer, mapped boolean, score double precision, gap double precision, own double precision,
  named double precision, exact double precision, extra double precision, no_country boolean, fallback boolean, code_agrees boolean, code_differs boolean, km double precision,
  evidence text)
LANGUAGE plpgsql STABLE ROWS 200 SET jit = off SET pg_trgm.similarity_threshold = 0.1 AS $$
#variable_conflict use_column
DECLARE
  m merchant_locations;
  _type smallint;
  _country integer;
  _tokens map_token[];
  _pool integer[];
  _scores map_scored[];
  _best double precision;
  _words text[];
BEGIN
  SELECT * INTO m FROM merchant_locations ml WHERE ml.id = _id;
  IF NOT FOUND THEN RETURN; END IF;
  _type := map_location_type(m.location_kind);
  _country := (SELECT c.id FROM pricewatch_locations c WHERE c.location_type_id = 2 AND c.code = m.country_code);
  _tokens := map_tokens(m.name, _type);
  _words := map_words(m.name, _type);
  _pool := array(
    SELECT p.id FROM pricewatch_locations p
     WHERE p.country_id = _country AND p.location_type_id = _type AND p.enabled
    UNION SELECT p.id FROM pricewatch_locations p WHERE p.id = _country AND p.location_type_id = _type AND p.enabled
    UNION SELECT p.id FROM pricewatch_locations p WHERE p.iata_code = m.iata_code AND p.enabled
    UNION SELECT m.mapped_id WHERE m.mapped_id IS NOT NULL);
  _scores := array(SELECT ROW(s.id, s.score, s.own, s.named, s.exact, s.extra, false, s.evidence)::map_scored
                     FROM map_location_name_scores(_tokens, _pool) s);
  _best := (SELECT max(s.score) FROM unnest(_scores) s);
  IF _country IS NULL OR coalesce(_best, 0) < 0.5 THEN
    _scores := _scores || array(
      SELECT ROW(s.id, CASE WHEN _country IS NULL THEN s.score ELSE 0.5 * s.score END, s.own, s.named, s.exact,
                 s.extra, _country IS NOT NULL,
                 s.evidence)::map_scored
        FROM map_location_name_scores(_tokens, array(
               SELECT w.id FROM map_location_word_pool(_tokens, _type) w(id)
                 JOIN pricewatch_locations p ON p.id = w.id
                WHERE p.enabled AND w.id <> ALL (_pool))) s
       WHERE _country IS NULL OR s.score >= 0.5);
  END IF;
  -- Nothing found by its words: the places of its type whose whole names are most alike.
  IF cardinality(_scores) = 0 THEN
    _scores := array(
      SELECT ROW(p.id, 0.3 * similarity(map_fold(p.name), map_fold(m.name)), 0, 0, 0, 1, _country IS NOT NULL
                   AND p.country_id IS DISTINCT FROM _country, 'name: alike')::map_scored
        FROM pricewatch_locations p
       WHERE p.location_type_id = _type AND p.enabled AND map_fold(p.name) % map_fold(m.name)
       ORDER BY similarity(map_fold(p.name), map_fold(m.name)) DESC, p.id
       LIMIT 50);
  END IF;
  RETURN QUERY
  WITH scored AS (
    SELECT p.id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, s.own, s.named, s.exact, s.extra, s.fallback,
           s.evidence,
           x.km,
           m.iata_code IS NOT NULL AND p.iata_code IS NOT NULL AND m.iata_code = p.iata_code AS code_agrees,
           m.iata_code IS NOT NULL AND p.iata_code IS NOT NULL AND m.iata_code <> p.iata_code AS code_differs,
           -- Among equals, the place whose own name is the record's word for word comes first.
           map_location_rank_score(s.score, m.iata_code, p.iata_code, x.km)
             - CASE WHEN s.score >= 0.9 AND map_words(p.name, _type) = _words THEN 0 ELSE 0.001 END AS score
      FROM unnest(_scores) s JOIN pricewatch_locations p ON p.id = s.id
      CROSS JOIN LATERAL (SELECT map_km(m.latitude, m.longitude, p.latitude, p.longitude) AS km) x),
  top AS (
    SELECT sc.*, row_number() OVER (ORDER BY sc.mapped DESC, sc.score DESC, sc.id) AS n,
           row_number() OVER (ORDER BY sc.score DESC, sc.id) AS by_score
      FROM scored sc),
  kept AS (SELECT * FROM top WHERE n <= 200),
  firsts AS (SELECT max(score) FILTER (WHERE by_score = 1) AS s1, max(score) FILTER (WHERE by_score = 2) AS s2 FROM top)
  SELECT k.id, k.mapped, k.score,
         CASE WHEN k.by_score = 1 THEN k.score - coalesce(f.s2, 0) ELSE k.score - f.s1 END,
         k.own, k.named, k.exact, k.extra, _country IS NULL, k.fallback, k.code_agrees, k.code_differs, k.km,
         concat_ws(' · ', k.evidence,
                   CASE WHEN k.code_agrees THEN 'code ' || m.iata_code END,
                   CASE WHEN k.km IS NOT NULL THEN round(k.km::numeric, 1) || ' km' END)
    FROM kept k CROSS JOIN firsts f
   ORDER BY k.n;
END $$;

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

-- Only the places with such an other name have other words (a refresh of all takes a minute).
SELECT map_location_words_refresh(array(
  SELECT DISTINCT p.id FROM pricewatch_locations p, unnest(string_to_array(p.other_names, E'\n')) AS o(name)
   WHERE p.location_type_id <> 4 AND EXISTS (
           SELECT 1 FROM pricewatch_locations c
            WHERE c.location_type_id = 4 AND c.name = o.name
              AND c.country_id = p.country_id AND c.id IS DISTINCT FROM p.city_id)));

-- Down Migration
-- map_tokens, map_location_ranked and map_location_words_refresh as 1700000010890_location-ranking.sql
-- made them, and the words of the places whose other names it moved refreshed with it.
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
         WHERE NOT v.joined AND v.word NOT LIKE '#%' AND NOT EXISTS (SELECT 1 FROM close c WHERE c.n = t.n)
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
  total AS (SELECT greatest(coalesce(max(id), 0), 100)::double precision AS n FROM pricewatch_locations)
  SELECT coalesce(array_agg(ROW(tk.n, tk.word,
                                CASE WHEN d.word IS NOT NULL THEN least(3.0, ln((total.n + 1) / (tk.df + 1)))
                                     ELSE ln((total.n + 1) / (tk.df + 1)) END,
                                tk.df <= 300, tk.matches, tk.qualities, tk.raw)::map_token
                            ORDER BY tk.n), '{}')
    FROM tokens tk CROSS JOIN total LEFT JOIN map_descriptor_words d ON d.word = tk.word
$$;

CREATE OR REPLACE FUNCTION map_location_ranked(_id integer)
RETURNS TABLE (id integer, mapped boolean, score double precision, gap double precision, own double precision,
  named double precision, exact double precision, extra double precision, no_country boolean, fallback boolean, code_agrees boolean, code_differs boolean, km double precision,
  evidence text)
LANGUAGE plpgsql STABLE ROWS 200 SET jit = off SET pg_trgm.similarity_threshold = 0.1 AS $$
#variable_conflict use_column
DECLARE
  m merchant_locations;
  _type smallint;
  _country integer;
  _tokens map_token[];
  _pool integer[];
  _scores map_scored[];
  _best double precision;
BEGIN
  SELECT * INTO m FROM merchant_locations ml WHERE ml.id = _id;
  IF NOT FOUND THEN RETURN; END IF;
  _type := map_location_type(m.location_kind);
  _country := (SELECT c.id FROM pricewatch_locations c WHERE c.location_type_id = 2 AND c.code = m.country_code);
  _tokens := map_tokens(m.name, _type);
  _pool := array(
    SELECT p.id FROM pricewatch_locations p
     WHERE p.country_id = _country AND p.location_type_id = _type AND p.enabled
    UNION SELECT p.id FROM pricewatch_locations p WHERE p.id = _country AND p.location_type_id = _type AND p.enabled
    UNION SELECT p.id FROM pricewatch_locations p WHERE p.iata_code = m.iata_code AND p.enabled
    UNION SELECT m.mapped_id WHERE m.mapped_id IS NOT NULL);
  _scores := array(SELECT ROW(s.id, s.score, s.own, s.named, s.exact, s.extra, false, s.evidence)::map_scored
                     FROM map_location_name_scores(_tokens, _pool) s);
  _best := (SELECT max(s.score) FROM unnest(_scores) s);
  IF _country IS NULL OR coalesce(_best, 0) < 0.5 THEN
    _scores := _scores || array(
      SELECT ROW(s.id, CASE WHEN _country IS NULL THEN s.score ELSE 0.5 * s.score END, s.own, s.named, s.exact,
                 s.extra, _country IS NOT NULL,
                 s.evidence)::map_scored
        FROM map_location_name_scores(_tokens, array(
               SELECT w.id FROM map_location_word_pool(_tokens, _type) w(id)
                 JOIN pricewatch_locations p ON p.id = w.id
                WHERE p.enabled AND w.id <> ALL (_pool))) s
       WHERE _country IS NULL OR s.score >= 0.5);
  END IF;
  -- Nothing found by its words: the places of its type whose whole names are most alike.
  IF cardinality(_scores) = 0 THEN
    _scores := array(
      SELECT ROW(p.id, 0.3 * similarity(map_fold(p.name), map_fold(m.name)), 0, 0, 0, 1, _country IS NOT NULL
                   AND p.country_id IS DISTINCT FROM _country, 'name: alike')::map_scored
        FROM pricewatch_locations p
       WHERE p.location_type_id = _type AND p.enabled AND map_fold(p.name) % map_fold(m.name)
       ORDER BY similarity(map_fold(p.name), map_fold(m.name)) DESC, p.id
       LIMIT 50);
  END IF;
  RETURN QUERY
  WITH scored AS (
    SELECT p.id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, s.own, s.named, s.exact, s.extra, s.fallback,
           s.evidence,
           x.km,
           m.iata_code IS NOT NULL AND p.iata_code IS NOT NULL AND m.iata_code = p.iata_code AS code_agrees,
           m.iata_code IS NOT NULL AND p.iata_code IS NOT NULL AND m.iata_code <> p.iata_code AS code_differs,
           map_location_rank_score(s.score, m.iata_code, p.iata_code, x.km) AS score
      FROM unnest(_scores) s JOIN pricewatch_locations p ON p.id = s.id
      CROSS JOIN LATERAL (SELECT map_km(m.latitude, m.longitude, p.latitude, p.longitude) AS km) x),
  top AS (
    SELECT sc.*, row_number() OVER (ORDER BY sc.mapped DESC, sc.score DESC, sc.id) AS n,
           row_number() OVER (ORDER BY sc.score DESC, sc.id) AS by_score
      FROM scored sc),
  kept AS (SELECT * FROM top WHERE n <= 200),
  firsts AS (SELECT max(score) FILTER (WHERE by_score = 1) AS s1, max(score) FILTER (WHERE by_score = 2) AS s2 FROM top)
  SELECT k.id, k.mapped, k.score,
         CASE WHEN k.by_score = 1 THEN k.score - coalesce(f.s2, 0) ELSE k.score - f.s1 END,
         k.own, k.named, k.exact, k.extra, _country IS NULL, k.fallback, k.code_agrees, k.code_differs, k.km,
         concat_ws(' · ', k.evidence,
                   CASE WHEN k.code_agrees THEN 'code ' || m.iata_code END,
                   CASE WHEN k.km IS NOT NULL THEN round(k.km::numeric, 1) || ' km' END)
    FROM kept k CROSS JOIN firsts f
   ORDER BY k.n;
END $$;

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
                  SELECT p.id, o.n, o.name, p.location_type_id
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

-- Only the places with such an other name have other words (a refresh of all takes a minute).
SELECT map_location_words_refresh(array(
  SELECT DISTINCT p.id FROM pricewatch_locations p, unnest(string_to_array(p.other_names, E'\n')) AS o(name)
   WHERE p.location_type_id <> 4 AND EXISTS (
           SELECT 1 FROM pricewatch_locations c
            WHERE c.location_type_id = 4 AND c.name = o.name
              AND c.country_id = p.country_id AND c.id IS DISTINCT FROM p.city_id)));
