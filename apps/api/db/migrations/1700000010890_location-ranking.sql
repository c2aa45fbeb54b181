-- Up Migration
-- Location map lists that use what the catalogue knows (docs/adr/0013-mapping.md, "Ranking").
--
-- Until now a merchant location was compared with each candidate's own name only, after folding
-- away words such as "city" and "international": "Belfast City" scored 100% against Belfast
-- International, "Merignac" found nothing for Bordeaux–Mérignac, and a name with no candidate above
-- the trigram cut gave an empty list. Now:
-- - a name is a list of words (map_word_list): accents folded, abbreviations expanded ("Intl",
--   "Int'l", "Apt", "Arpt", "Rgnl", "Muni", "St", "Mt" …), words of other languages for the same
--   thing made one ("Aeropuerto", "Flughafen" → airport), and each word reduced to a skeleton that
--   other romanisations and accent transliterations share ("Nuernberg" and "Nürnberg", "Kharkov" and
--   "Harkov"); the words that only restate the kind ("airport" for an airport) are left out;
-- - a candidate is known by its name, its other names (pricewatch_locations.other_names, filled
--   from the reference packages: an airport's encyclopedia title), its keywords, its IATA code, the
--   names of its city and province, and for an airport the places around it
--   (pricewatch_locations.nearby_names); pricewatch_location_words keeps those words, kept up to
--   date by triggers;
-- - each merchant word counts by its rarity in the catalogue (IDF: "Strauss" says more than
--   "International"), the best evidence for it among the candidate's names (its own name counts
--   most, its city's, surroundings' and province's less), tolerating a typo; the score is the share
--   of the merchant name's weight the candidate covers, a little less when the candidate's name has
--   words the merchant's lacks;
-- - the country, when the record has one, limits the candidates; when it has none, or nothing in
--   its country is a likely match, the candidates are found by their words anywhere, and when the
--   words find nothing, by the whole name's trigrams.
-- IATA codes and coordinates count as before when both sides have them.
--
-- The ranking's functions run with JIT off: their plans' estimates pass the JIT cost threshold,
-- and compiling them took 0.5–5 s a call where running them takes milliseconds.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

ALTER TABLE pricewatch_locations
  ADD COLUMN other_names text
    CONSTRAINT pricewatch_locations_other_names_check CHECK (other_names IS NULL OR length(other_names) <= 2000),
  ADD COLUMN nearby_names text
    CONSTRAINT pricewatch_locations_nearby_names_check CHECK (nearby_names IS NULL OR length(nearby_names) <= 2000);
COMMENT ON COLUMN pricewatch_locations.other_names IS
  'Other and former names of the place, one a line; NULL until the reference data has been read';
COMMENT ON COLUMN pricewatch_locations.nearby_names IS
  'For an airport, the places around it that feeds may call it by, nearest first, one a line';

-- Abbreviations and other languages' words for the same thing, as folded words; an expansion may
-- be several words ("afb" → "air force base").
CREATE TABLE map_word_forms (
  word text PRIMARY KEY,
  expansion text NOT NULL
);
INSERT INTO map_word_forms (word, expansion) VALUES
  ('intl', 'international'), ('int', 'international'), ('internacional', 'international'),
  ('internationale', 'international'), ('internazionale', 'international'),
  ('apt', 'airport'), ('arpt', 'airport'), ('airpt', 'airport'), ('aeropuerto', 'airport'),
  ('aeroporto', 'airport'), ('aeroport', 'airport'), ('aerodrome', 'airport'), ('aerodromo', 'airport'),
  ('flughafen', 'airport'), ('lufthavn', 'airport'), ('luchthaven', 'airport'), ('lotnisko', 'airport'),
  ('havalimani', 'airport'), ('airports', 'airport'),
  ('rgnl', 'regional'), ('regl', 'regional'), ('reg', 'regional'),
  ('muni', 'municipal'), ('mun', 'municipal'), ('mncpl', 'municipal'),
  ('st', 'saint'), ('ste', 'saint'), ('sainte', 'saint'), ('sankt', 'saint'),
  ('mt', 'mount'), ('ft', 'fort'), ('natl', 'national'), ('cnty', 'county'), ('cty', 'county'),
  ('fld', 'field'), ('afb', 'air force base'), ('aaf', 'army airfield'),
  ('isl', 'island'), ('lk', 'lake'), ('jct', 'junction'),
  ('centre', 'center'), ('centro', 'center'), ('ctr', 'center'), ('zentrum', 'center'),
  ('stn', 'station'), ('hbf', 'hauptbahnhof'),
  ('sur', 'south'), ('sud', 'south'), ('sul', 'south'), ('norte', 'north'), ('nord', 'north'),
  ('ost', 'east'), ('oeste', 'west'), ('ouest', 'west');

-- The words that only restate a place's type (by location type id), left out of its names.
CREATE FUNCTION map_kind_words(_type smallint) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE _type
    WHEN 5 THEN '{airport}'::text[]
    WHEN 4 THEN '{city,downtown,center,ville,stadtmitte,innenstadt}'::text[]
    WHEN 6 THEN '{station,railway,rail,train,hauptbahnhof,bahnhof,estacion,gare,stazione,central,centrale,centraal}'::text[]
    ELSE '{}'::text[] END
$$;

-- A word as spellings of one name share it: other romanisations and transliterations of accents
-- ("ue" for "ü", "kh"/"h", "sch"/"sh", "ph"/"f", "y"/"i", "w"/"v", "c"/"k", "ou"/"u") and doubled
-- letters made one. Both sides of a comparison go through it, so it need not be a real spelling.
CREATE FUNCTION map_skeleton(_word text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
    replace(replace(replace(replace(replace(
      _word, 'sch', 'sh'), 'ph', 'f'), 'ck', 'k'), 'c', 'k'), 'q', 'k'), 'kh', 'h'), 'th', 't'),
      'gh', 'g'), 'tz', 'ts'), 'dj', 'j'), 'ae', 'a'), 'oe', 'o'), 'ue', 'u'), 'ou', 'u'), 'y', 'i'),
      'w', 'v'), 'x', 'ks'),
    '(.)\1+', '\1', 'g')
$$;

-- A name as the ranker compares it: its words in the order of n, each folded (lower case, no accents,
-- apostrophes closed up: "Int'l" → "intl") and expanded (raw), and its skeleton (word); articles
-- and prepositions left out, and the words that restate the type `_type` (NULL: keep them).
CREATE FUNCTION map_word_list(_name text, _type smallint)
RETURNS TABLE (n bigint, raw text, word text) LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 8 AS $$
  SELECT w.n * 10 + e.n, e.word, map_skeleton(e.word)
    FROM regexp_split_to_table(
           regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, coalesce(_name, ''))),
                          '[''‘’ʻʼ`´]', '', 'g'),
           '[^a-z0-9]+') WITH ORDINALITY AS w(word, n)
   CROSS JOIN LATERAL regexp_split_to_table(
           coalesce((SELECT f.expansion FROM public.map_word_forms f WHERE f.word = w.word), w.word), ' ')
           WITH ORDINALITY AS e(word, n)
   WHERE e.word <> ''
     AND e.word <> ALL ('{a,an,the,of,and,or,at,on,in,en,na,am,im,bei,aan,de,di,del,della,des,du,da,do,dos,das,la,le,les,el,los,las,l,d,al,y,e,et,und,von,der,die,similar,rent,car,rental}'::text[])
     AND (_type IS NULL OR e.word <> ALL (public.map_kind_words(_type)))
$$;

CREATE FUNCTION map_words(_name text, _type smallint) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(word ORDER BY n), '{}') FROM map_word_list(_name, _type)
$$;

-- How well a merchant word matches a catalogue word (both skeletons), 0 to 1: equal 1; one edit
-- (a letter missing, added or mistyped) 0.8 in words of seven letters or more (below a city's
-- name as written, 0.85: "Mangalore" is not "Bangalore"), 0.7 in five or
-- six, 0.6 in four; two neighbouring letters swapped 0.75 (0.6 in four letters); two other edits
-- 0.7 in words of eight or more, 0.6 in seven. Shorter words must be equal: one letter changes a
-- short word into another name ("Perth", "Port").
-- Whether b is a with two neighbouring letters swapped.
CREATE FUNCTION map_swapped(a text, b text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF length(a) <> length(b) THEN RETURN false; END IF;
  FOR i IN 1 .. length(a) - 1 LOOP
    IF substr(a, i, 1) <> substr(b, i, 1) THEN
      RETURN substr(a, i, 1) = substr(b, i + 1, 1) AND substr(a, i + 1, 1) = substr(b, i, 1)
         AND substr(a, i + 2) = substr(b, i + 2);
    END IF;
  END LOOP;
  RETURN false;
END $$;

CREATE FUNCTION map_word_match(a text, b text) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN a = b THEN 1.0
    WHEN least(length(a), length(b)) < 4 OR abs(length(a) - length(b)) > 2 THEN 0.0
    ELSE CASE public.levenshtein_less_equal(a, b, 2)
      WHEN 1 THEN CASE WHEN least(length(a), length(b)) >= 7 THEN 0.8
                       WHEN least(length(a), length(b)) >= 5 THEN 0.7 ELSE 0.6 END
      WHEN 2 THEN CASE
        WHEN public.map_swapped(a, b) THEN CASE WHEN length(a) >= 5 THEN 0.75 ELSE 0.6 END
        WHEN least(length(a), length(b)) >= 8 THEN 0.7
        WHEN least(length(a), length(b)) = 7 THEN 0.6
        ELSE 0.0 END
      ELSE 0.0 END
  END
$$;

-- Words that say what kind of place it is rather than which ("International", "Field", "Air
-- Base"): however rare in the catalogue, each weighs at most 3 (IDF), a little more
-- than "International" does, so a rare descriptor cannot outweigh the place's own name ("Boise Air
-- Terminal" is Boise Airport before Yakima Air Terminal) while it still tells two airports of one
-- city apart ("Belfast City").
CREATE TABLE map_descriptor_words (word text PRIMARY KEY);
INSERT INTO map_descriptor_words
SELECT DISTINCT map_skeleton(w) FROM unnest('{international,regional,municipal,national,county,field,air,base,
  force,army,airfield,airstrip,airpark,terminal,heliport,memorial,executive,metropolitan,domestic,city,island,
  lake,port,harbour,harbor,bay,river,valley,mount,north,south,east,west,new,old,central}'::text[]) AS w;

-- The words of each price-watch location's names, with the number of words of the name they are
-- in: name_no 0 its name, 1 on its other names (one a line), 1001 on its enabled keywords (one
-- each), 2000 the places around it, -1 its IATA code (as "#muc": a code is compared as written,
-- only with a three-letter word). Kept by the triggers below.
CREATE TABLE pricewatch_location_words (
  location_id integer NOT NULL REFERENCES pricewatch_locations (id) ON DELETE CASCADE,
  name_no smallint NOT NULL,
  word text NOT NULL,
  name_words smallint NOT NULL,
  -- Two neighbouring words of the name written as one ("noibai" of "Noi Bai").
  joined boolean NOT NULL,
  PRIMARY KEY (location_id, name_no, word)
);
CREATE INDEX pricewatch_location_words_word_idx ON pricewatch_location_words (word, location_id);
-- Every word once, with the number of places that have it in a name (their own, other names or
-- keywords: not codes or surroundings), for IDF and for finding a mistyped word's catalogue word.
CREATE TABLE pricewatch_location_vocabulary (
  word text PRIMARY KEY,
  df integer NOT NULL,
  -- Only ever two words written as one: found as it is, never as a typo's target.
  joined boolean NOT NULL
);
-- Typos are looked for among single words (not codes, not words written together): by trigram
-- similarity (GIN, written through so a bulk load leaves no pending list to scan) and by nearness
-- (GiST, for the nearest words of one too far for a typo).
CREATE INDEX pricewatch_location_vocabulary_trgm ON pricewatch_location_vocabulary
  USING gin (word gin_trgm_ops) WITH (fastupdate = off) WHERE NOT joined AND word NOT LIKE '#%';
CREATE INDEX pricewatch_location_vocabulary_near ON pricewatch_location_vocabulary
  USING gist (word gist_trgm_ops) WHERE NOT joined AND word NOT LIKE '#%';
CREATE INDEX pricewatch_locations_city_idx ON pricewatch_locations (city_id, location_type_id);

CREATE FUNCTION map_location_words_refresh(_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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

-- Words follow a place's names, codes and type, and its keywords; one refresh per statement.
CREATE FUNCTION pricewatch_location_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_location_words_refresh(array(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
CREATE TRIGGER pricewatch_location_words_inserted AFTER INSERT ON pricewatch_locations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pricewatch_location_words_inserted();

CREATE FUNCTION pricewatch_location_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_location_words_refresh(array(
    SELECT n.id FROM new_rows n JOIN old_rows o USING (id)
     WHERE (o.name, o.other_names, o.nearby_names, o.iata_code, o.location_type_id)
           IS DISTINCT FROM (n.name, n.other_names, n.nearby_names, n.iata_code, n.location_type_id)));
  RETURN NULL;
END $$;
CREATE TRIGGER pricewatch_location_words_updated AFTER UPDATE ON pricewatch_locations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pricewatch_location_words_updated();

CREATE FUNCTION location_keywords_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM map_location_words_refresh(array(SELECT DISTINCT location_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM map_location_words_refresh(array(SELECT DISTINCT location_id FROM old_rows));
  ELSE
    PERFORM map_location_words_refresh(array(SELECT location_id FROM new_rows UNION SELECT location_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER location_keywords_words_inserted AFTER INSERT ON location_keywords
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION location_keywords_words_changed();
CREATE TRIGGER location_keywords_words_updated AFTER UPDATE ON location_keywords
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION location_keywords_words_changed();
CREATE TRIGGER location_keywords_words_deleted AFTER DELETE ON location_keywords
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION location_keywords_words_changed();

SELECT map_location_words_refresh(array(SELECT id FROM pricewatch_locations));
ANALYZE pricewatch_location_words, pricewatch_location_vocabulary;

-- A merchant name's words: each with its weight, IDF over the catalogue's names (a word no name
-- has takes the count of the catalogue word it is a typo of), whether it is rare enough to find
-- candidates by (at most 300 places), and the catalogue's words it matches with how well.
CREATE TYPE map_token AS (i integer, word text, idf double precision, rare boolean, matches text[],
  qualities double precision[], raw text);
-- A candidate's name score, the share of it found in its own names (own, other names, keywords,
-- code), the share of its best-covered name's words that the merchant name has, the share of the
-- name found as written (not as a typo), the IDF share of its best-fitting name that the merchant
-- name lacks and its places do not explain, whether it was
-- found outside the record's country, and what matched, in words.
CREATE TYPE map_scored AS (id integer, score double precision, own double precision, named double precision,
  exact double precision, extra double precision, fallback boolean, evidence text);

CREATE FUNCTION map_tokens(_name text, _type smallint) RETURNS map_token[] LANGUAGE sql STABLE
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

-- How well each candidate's names cover a merchant name's words, 0 to 1. A merchant word's best
-- evidence: the candidate's name (×1), its other names and keywords (×0.95), its IATA code (×0.9),
-- its city's names (×0.85), the places around it (×0.7), its province's names (×0.5), each times
-- how well the words match. Coverage is the IDF-weighted share of the merchant words so found; the
-- candidate loses up to 15% for the words of its best-covered name the merchant name lacks (named:
-- the share of that name's words the merchant name has; exact: the IDF share of the merchant words
-- found as written, not as a typo). `own`
-- is the coverage by its own names alone (name, other names, keywords, code): a place whose city
-- or surroundings alone carry the words is often another airport of that city. `evidence` names
-- the merchant words found and where ("name: strauss, munich · city: munich"; "~" a typo).
CREATE FUNCTION map_location_name_scores(_tokens map_token[], _ids integer[])
RETURNS TABLE (id integer, score double precision, own double precision, named double precision,
  exact double precision, extra double precision, evidence text)
LANGUAGE sql STABLE SET jit = off AS $$
  WITH tokens AS (SELECT * FROM unnest(_tokens)),
  total AS (SELECT sum(idf) AS idf FROM tokens),
  matches AS (SELECT t.i, m.word, m.q FROM tokens t, unnest(t.matches, t.qualities) AS m(word, q)),
  hits AS (SELECT w.* FROM pricewatch_location_words w WHERE w.word = ANY (array(SELECT DISTINCT word FROM matches))),
  pool AS (SELECT p.id, p.city_id, p.province_id FROM pricewatch_locations p WHERE p.id = ANY (_ids)),
  ev AS (
    SELECT p.id, h.name_no, h.name_words, h.word,
           CASE WHEN h.name_no = 0 THEN 1.0 WHEN h.name_no = -1 THEN 0.9 WHEN h.name_no = 2000 THEN 0.7
                ELSE 0.95 END AS weight
      FROM pool p JOIN hits h ON h.location_id = p.id
    UNION ALL
    SELECT p.id, -2, 0, h.word, 0.85 FROM pool p JOIN hits h ON h.location_id = p.city_id
     WHERE h.name_no BETWEEN 0 AND 1999
    UNION ALL
    SELECT p.id, -3, 0, h.word, 0.5 FROM pool p JOIN hits h ON h.location_id = p.province_id
     WHERE h.name_no BETWEEN 0 AND 1999),
  best AS (
    SELECT DISTINCT ON (e.id, m.i) e.id, m.i, m.q * e.weight AS q, m.q AS word_q,
           CASE WHEN e.name_no BETWEEN 0 AND 1999 THEN 'name' WHEN e.name_no = -1 THEN 'code'
                WHEN e.name_no = -2 THEN 'city' WHEN e.name_no = 2000 THEN 'near' ELSE 'region' END AS source
      FROM ev e JOIN matches m USING (word)
     ORDER BY e.id, m.i, m.q * e.weight DESC, e.name_no),
  own AS (
    SELECT o.id, sum(t.idf * o.q) / (SELECT idf FROM total) AS c
      FROM (SELECT e.id, m.i, max(m.q * e.weight) AS q FROM ev e JOIN matches m USING (word)
             WHERE e.name_no BETWEEN -1 AND 1999 GROUP BY e.id, m.i) o
      JOIN tokens t USING (i) GROUP BY o.id),
  coverage AS (
    SELECT b.id, sum(t.idf * b.q) / (SELECT idf FROM total) AS c,
           sum(t.idf) FILTER (WHERE b.word_q = 1) / (SELECT idf FROM total) AS exact,
           concat_ws(' · ',
             'name: ' || string_agg(t.raw || CASE WHEN b.word_q < 1 THEN '~' ELSE '' END, ', ' ORDER BY t.i)
                           FILTER (WHERE b.source = 'name'),
             'city: ' || string_agg(t.raw, ', ' ORDER BY t.i) FILTER (WHERE b.source = 'city'),
             'near: ' || string_agg(t.raw, ', ' ORDER BY t.i) FILTER (WHERE b.source = 'near'),
             'region: ' || string_agg(t.raw, ', ' ORDER BY t.i) FILTER (WHERE b.source = 'region'),
             'code ' || string_agg(upper(t.raw), ', ' ORDER BY t.i) FILTER (WHERE b.source = 'code')) AS evidence
      FROM best b JOIN tokens t USING (i) GROUP BY b.id),
  -- Of the 20 best covered, the words of each own name that the merchant name lacks and that are
  -- not the names of its city, province or surroundings ("Wellcamp" of "Toowoomba Wellcamp
  -- Airport" for "Toowoomba"; not "London" of "London Heathrow Airport" for "Heathrow"), as an IDF
  -- share of that name; the best-fitting name's share counts. A place with another distinctive
  -- word in every name is more likely another place of the same town.
  leaders AS (SELECT c.id FROM coverage c ORDER BY c.c DESC, c.id LIMIT 20),
  places AS (SELECT greatest(coalesce(max(id), 0), 100)::double precision + 1 AS n FROM pricewatch_locations),
  extra AS (
    SELECT x.id, min(x.extra) AS extra
      FROM (SELECT w.location_id AS id, w.name_no,
                   coalesce(sum(i.idf) FILTER (WHERE NOT EXISTS (SELECT 1 FROM ev e WHERE e.id = w.location_id AND e.word = w.word)
                                                AND NOT EXISTS (SELECT 1 FROM pricewatch_location_words pw
                                                                 WHERE pw.location_id IN (p.city_id, p.province_id)
                                                                   AND pw.name_no BETWEEN 0 AND 1999 AND pw.word = w.word)
                                                AND NOT EXISTS (SELECT 1 FROM pricewatch_location_words pw
                                                                 WHERE pw.location_id = w.location_id AND pw.name_no = 2000
                                                                   AND pw.word = w.word)), 0)
                   / nullif(sum(i.idf), 0) AS extra
              FROM leaders l JOIN pool p ON p.id = l.id
              JOIN pricewatch_location_words w ON w.location_id = l.id AND w.name_no BETWEEN 0 AND 1999 AND NOT w.joined
              JOIN pricewatch_location_vocabulary v ON v.word = w.word
              LEFT JOIN map_descriptor_words d ON d.word = w.word
              CROSS JOIN LATERAL (SELECT CASE WHEN d.word IS NULL THEN ln((SELECT n FROM places) / (v.df + 1))
                                              ELSE least(3.0, ln((SELECT n FROM places) / (v.df + 1))) END AS idf) i
             GROUP BY w.location_id, w.name_no) x
     GROUP BY x.id),
  named AS (
    SELECT e.id, max(least(1.0, e.covered::double precision / e.name_words)) AS p
      FROM (SELECT e.id, e.name_no, max(e.name_words) AS name_words, count(DISTINCT e.word) AS covered
              FROM ev e WHERE e.name_no BETWEEN 0 AND 1999 GROUP BY e.id, e.name_no) e
     GROUP BY e.id)
  -- One row a candidate, gathered by a hashed GROUP BY: joining the parts, the planner took the
  -- CTEs for a handful of rows and compared every pair (hundreds of candidates in a large country).
  SELECT u.id, coalesce(max(u.c), 0) * (0.85 + 0.15 * coalesce(max(u.p), 0)), coalesce(max(u.o), 0),
         coalesce(max(u.p), 0), coalesce(max(u.exact), 0), coalesce(min(u.extra), 1), nullif(max(u.evidence), '')
    FROM (SELECT p.id, NULL::double precision AS c, NULL::double precision AS o, NULL::double precision AS p,
                 NULL::double precision AS exact, NULL::double precision AS extra, NULL::text AS evidence
            FROM pool p
          UNION ALL SELECT c.id, c.c, NULL, NULL, c.exact, NULL, c.evidence FROM coverage c
          UNION ALL SELECT n.id, NULL, NULL, n.p, NULL, NULL, NULL FROM named n
          UNION ALL SELECT o.id, NULL, o.c, NULL, NULL, NULL, NULL FROM own o
          UNION ALL SELECT x.id, NULL, NULL, NULL, NULL, x.extra, NULL FROM extra x) u
   GROUP BY u.id
$$;

-- Locations of type `_type` that have one of the tokens' rarer words (or a word one typo from it),
-- or whose city, province or surroundings do: the candidates of a record with no country.
CREATE FUNCTION map_location_word_pool(_tokens map_token[], _type smallint) RETURNS SETOF integer
LANGUAGE sql STABLE AS $$
  WITH found AS (
    SELECT DISTINCT w.location_id, w.name_no = 2000 AS nearby
      FROM pricewatch_location_words w
     WHERE w.word = ANY (array(SELECT DISTINCT m.word FROM unnest(_tokens) t, unnest(t.matches) AS m(word) WHERE t.rare)))
  SELECT l.id FROM found f JOIN pricewatch_locations l ON l.id = f.location_id WHERE l.location_type_id = _type
  UNION
  SELECT l.id FROM found f JOIN pricewatch_locations c ON c.id = f.location_id AND c.location_type_id = 4
    JOIN pricewatch_locations l ON l.city_id = c.id AND l.location_type_id = _type
   WHERE NOT f.nearby
  UNION
  SELECT l.id FROM found f JOIN pricewatch_locations c ON c.id = f.location_id AND c.location_type_id = 3
    JOIN pricewatch_locations l ON l.province_id = c.id AND l.location_type_id = _type
   WHERE NOT f.nearby
$$;

-- The share of the evidence available for a pair that agrees: the name (×3), the IATA code (×3)
-- and the distance (×1) when both sides have them.
CREATE FUNCTION map_location_rank_score(name_score double precision, iata_a text, iata_b text, km double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (3 * name_score
          + CASE WHEN iata_a IS NOT NULL AND iata_b IS NOT NULL THEN 3 * (iata_a = iata_b)::int ELSE 0 END
          + CASE WHEN km IS NULL THEN 0 ELSE greatest(0, 1 - km / 100) END)
         / (3 + CASE WHEN iata_a IS NOT NULL AND iata_b IS NOT NULL THEN 3 ELSE 0 END
              + CASE WHEN km IS NULL THEN 0 ELSE 1 END)
$$;

-- A merchant location's candidates, scored, with what the confidence (1700000010900_map-evidence.sql)
-- is computed from: at most 200 price-watch locations of its type by score, and its current mapping.
-- With a country: that country's places (the country itself for a country), and, when none of them
-- has half the name's weight, places found by their words anywhere that have at least half of it,
-- scored at half their name's match (the country is rarely wrong; a border airport listed under its
-- neighbour is the case this finds). Without a country: places found by their words. Places of the
-- record's IATA code are always candidates. When its words find nothing at all, the places of its
-- type whose whole names are most alike by trigrams, so that the list is not empty.
-- Per candidate: score (the share of the evidence that agrees, map_location_rank_score), gap (its
-- score less the best other candidate's: positive only for the first), own (the name's coverage
-- by the candidate's own names), named (the share of its name's words the merchant name has), exact
-- (the share of the name found as written), extra (the share of its name the merchant's lacks and
-- its places do not explain), whether the record has no country, whether the candidate is out
-- of the record's country, whether both IATA codes are known and agree or differ, the distance,
-- and the evidence in words.
CREATE FUNCTION map_location_ranked(_id integer)
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

-- Down Migration
DROP FUNCTION map_location_ranked, map_location_rank_score, map_location_word_pool, map_location_name_scores, map_tokens;
DROP TYPE map_token, map_scored;
DROP TRIGGER location_keywords_words_inserted ON location_keywords;
DROP TRIGGER location_keywords_words_updated ON location_keywords;
DROP TRIGGER location_keywords_words_deleted ON location_keywords;
DROP TRIGGER pricewatch_location_words_inserted ON pricewatch_locations;
DROP TRIGGER pricewatch_location_words_updated ON pricewatch_locations;
DROP FUNCTION location_keywords_words_changed, pricewatch_location_words_updated, pricewatch_location_words_inserted,
  map_location_words_refresh;
DROP TABLE pricewatch_location_vocabulary, pricewatch_location_words;
DROP INDEX pricewatch_locations_city_idx;
DROP FUNCTION map_word_match, map_swapped, map_words, map_word_list, map_skeleton, map_kind_words;
DROP TABLE map_word_forms, map_descriptor_words;
ALTER TABLE pricewatch_locations DROP COLUMN other_names, DROP COLUMN nearby_names;
