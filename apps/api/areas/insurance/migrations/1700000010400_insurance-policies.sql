-- Up Migration
-- Insurance policies from the partner insurers' feeds, and the `insurance` map kind
-- (docs/adr/0013-mapping.md): a policy onto the customer reservation it covers, by the customer's
-- name and email and by the cover and rental dates, through the generic bm_map_action. Until
-- November 2026 this file also held what the mapping engine and the customer reservations area
-- now hold themselves (src/db/split-migrations.ts).

ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_kind_check,
  ADD CONSTRAINT merchant_map_history_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office', 'reservation', 'customer_reservation', 'insurance'));
-- The demo's record of which reservation each generated policy truly covers (mapping.test.ts and the
-- bench measure the ranking against it).
ALTER TABLE merchant_ground_truth DROP CONSTRAINT merchant_ground_truth_kind_check,
  ADD CONSTRAINT merchant_ground_truth_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office', 'insurance'));

--------------------------------------------------------------------------------------------------
-- A person's name as the comparison sees it: lower case, without accents ("García" is "garcia").
-- Ten times cheaper than map_fold, whose place words names do not have.
CREATE FUNCTION map_person(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, coalesce($1, '')))
$$;
-- What an insurance policy's map list looks a reservation up by: the customer's email (the area's
-- own index on lower(customer_email)), the name (both orders are tried from the policy's side) and
-- the rental's start (its own index on pickup_at).
CREATE INDEX customer_reservations_name_person_trgm ON customer_reservations
  USING gin (map_person(customer_first_name || ' ' || customer_last_name) gin_trgm_ops);

--------------------------------------------------------------------------------------------------
-- Insurance policies as the insurers' feeds deliver them: the customer as the insurer wrote it
-- (spelling, case and accents may differ from the reservation's), the cover, the premium, and the
-- customer reservation it covers once someone maps it.
CREATE TABLE insurance_policies (
  id serial PRIMARY KEY,
  policy_number text NOT NULL CONSTRAINT insurance_policies_policy_number_key UNIQUE
    CONSTRAINT insurance_policies_policy_number_check CHECK (policy_number ~ '^[A-Z0-9][A-Z0-9/-]{3,39}$'),
  insurer text NOT NULL CONSTRAINT insurance_policies_insurer_check CHECK (length(btrim(insurer)) BETWEEN 1 AND 100),
  product text NOT NULL CONSTRAINT insurance_policies_product_check CHECK (product IN
    ('excess_refund', 'full_protection', 'theft_protection', 'personal_accident', 'trip_cancellation',
     'glass_and_tyres')),
  customer_first_name text NOT NULL
    CONSTRAINT insurance_policies_customer_first_name_check CHECK (length(btrim(customer_first_name)) BETWEEN 1 AND 100),
  customer_last_name text NOT NULL
    CONSTRAINT insurance_policies_customer_last_name_check CHECK (length(btrim(customer_last_name)) BETWEEN 1 AND 100),
  customer_email text CONSTRAINT insurance_policies_customer_email_check
    CHECK (customer_email IS NULL OR (length(customer_email) <= 254 AND customer_email ~ '^[^@[:space:]]+@[^@[:space:]]+$')),
  cover_start date NOT NULL,
  cover_end date NOT NULL,
  premium numeric(12,2) NOT NULL CONSTRAINT insurance_policies_premium_check CHECK (premium >= 0),
  currency char(3) NOT NULL CONSTRAINT insurance_policies_currency_check CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'active'
    CONSTRAINT insurance_policies_status_check CHECK (status IN ('active', 'cancelled', 'claimed', 'expired')),
  -- The reservation the policy covers: set only by mapping. A reservation a policy is mapped to
  -- cannot be deleted until the policy is unmapped.
  customer_reservation_id bigint REFERENCES customer_reservations (id),
  map_status text NOT NULL DEFAULT 'unmapped'
    CONSTRAINT insurance_policies_map_status_check CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  map_note text CONSTRAINT insurance_policies_map_note_check CHECK (map_note IS NULL OR length(map_note) <= 1000),
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT insurance_policies_cover_end_check CHECK (cover_end > cover_start),
  CONSTRAINT insurance_policies_customer_reservation_id_check
    CHECK ((map_status = 'mapped') = (customer_reservation_id IS NOT NULL))
);
-- The list opens newest first (the primary key); staff filter by insurer, status, mapping state and
-- cover dates, and look a customer up by last name.
CREATE INDEX insurance_policies_insurer_idx ON insurance_policies (insurer, cover_start);
CREATE INDEX insurance_policies_status_idx ON insurance_policies (status);
CREATE INDEX insurance_policies_map_status_idx ON insurance_policies (map_status);
CREATE INDEX insurance_policies_cover_start_idx ON insurance_policies (cover_start);
CREATE INDEX insurance_policies_last_name_idx ON insurance_policies (lower(customer_last_name));
CREATE INDEX insurance_policies_reservation_idx ON insurance_policies (customer_reservation_id)
  WHERE customer_reservation_id IS NOT NULL;

INSERT INTO map_kinds (kind, merchant_table, pricewatch_table, label, detail_sql, name_sql, mapped_column, audited,
                       target_name_sql, target_enabled_sql, record_label, target_label) VALUES
  -- Any reservation may be the one a policy covers, a cancelled one too (the policy is then cancelled).
  ('insurance', 'insurance_policies', 'customer_reservations', 'insurance policy', NULL,
   $$policy_number || ' · ' || customer_first_name || ' ' || customer_last_name$$, 'customer_reservation_id', true,
   $$reservation_number || ' v' || version || '.' || subversion || ' · ' || customer_first_name || ' ' || customer_last_name$$, 'true',
   'Insurance policy', 'Customer reservation');

--------------------------------------------------------------------------------------------------
-- How likely a policy covers a reservation, 0 to 1: the share of the evidence that agrees.
--   name  ×3  the folded full names (the policy's in both orders: insurers swap first and last);
--   email ×3  when both have one: the same address (any case) 1, else how alike the addresses are,
--             at most 0.5 (a typo, another domain);
--   dates ×2  the cover against the rental: 1 when they start and end on the same days, nothing
--             when they are a fortnight apart in all (travel cover often starts a day early).
CREATE FUNCTION map_insurance_score(policy_name text, policy_swapped text, reservation_name text,
                                    policy_email text, reservation_email text,
                                    cover_start date, cover_end date, pickup date, dropoff date)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (3 * greatest(map_similar(policy_name, reservation_name), map_similar(policy_swapped, reservation_name))
          + CASE WHEN policy_email IS NULL OR reservation_email IS NULL THEN 0
                 WHEN lower(btrim(policy_email)) = lower(btrim(reservation_email)) THEN 3
                 ELSE 1.5 * similarity(lower(policy_email), lower(reservation_email)) END
          + 2 * greatest(0, 1 - (abs(cover_start - pickup) + abs(cover_end - dropoff)) / 14.0))
         / (5 + CASE WHEN policy_email IS NULL OR reservation_email IS NULL THEN 0 ELSE 3 END)
$$;

-- The map list of a policy: customer reservations whose rental starts within ten days of the cover,
-- with the same email, or with a similar name (either order), best first; of the versions of one
-- reservation that score alike, the active customer's row first (a policy covers the booking as it
-- stands).
CREATE FUNCTION map_insurance_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  WITH m AS (SELECT ip.*, map_person(ip.customer_first_name || ' ' || ip.customer_last_name) AS f,
                    map_person(ip.customer_last_name || ' ' || ip.customer_first_name) AS swapped
               FROM insurance_policies ip WHERE ip.id = _id),
  pool AS (
    SELECT r.id FROM customer_reservations r, m
     WHERE r.pickup_at >= (m.cover_start - 10)::timestamptz AND r.pickup_at < (m.cover_start + 11)::timestamptz
    UNION SELECT r.id FROM customer_reservations r, m WHERE lower(r.customer_email) = lower(m.customer_email)
    UNION SELECT r.id FROM customer_reservations r, m
           WHERE map_person(r.customer_first_name || ' ' || r.customer_last_name) % m.f
              OR map_person(r.customer_first_name || ' ' || r.customer_last_name) % m.swapped
    UNION SELECT m.customer_reservation_id FROM m WHERE m.customer_reservation_id IS NOT NULL
  ),
  scored AS (
    SELECT r.*, m.customer_reservation_id IS NOT DISTINCT FROM r.id AS mapped, m.id AS merchant_id,
           map_insurance_score(m.f, m.swapped, map_person(r.customer_first_name || ' ' || r.customer_last_name),
                               m.customer_email, r.customer_email, m.cover_start, m.cover_end,
                               r.pickup_at::date, r.dropoff_at::date) AS score
      FROM pool JOIN customer_reservations r USING (id) CROSS JOIN m
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.is_active_customer DESC, s.id)::integer,
         s.id::integer, s.customer_first_name || ' ' || s.customer_last_name,
         s.reservation_number || ' v' || s.version || '.' || s.subversion,
         concat_ws(' · ', s.customer_email,
                   to_char(s.pickup_at, 'YYYY-MM-DD') || ' → ' || to_char(s.dropoff_at, 'YYYY-MM-DD'),
                   s.supplier, s.status),
         NULL::numeric, round(100 * s.score)::integer, s.mapped, true, s.merchant_id, s.id::integer
    FROM scored s
   ORDER BY s.mapped DESC, s.score DESC, s.is_active_customer DESC, s.id
   LIMIT 200
$$;

CREATE FUNCTION bm_map_insurance(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('insurance', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;

-- Down Migration
DROP FUNCTION bm_map_insurance, map_insurance_candidates, map_insurance_score;
DROP INDEX customer_reservations_name_person_trgm;
-- The insurance area's generated views go with the table; the next start re-creates them if it is back.
DROP TABLE insurance_policies CASCADE;
DROP FUNCTION map_person;
DELETE FROM area_sql WHERE name IN ('v_insurance_policies', 'v_insurance_policies_record');
DELETE FROM map_kinds WHERE kind = 'insurance';
DELETE FROM merchant_map_history WHERE kind = 'insurance';
DELETE FROM merchant_ground_truth WHERE kind = 'insurance';
ALTER TABLE merchant_ground_truth DROP CONSTRAINT merchant_ground_truth_kind_check,
  ADD CONSTRAINT merchant_ground_truth_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office'));
ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_kind_check,
  ADD CONSTRAINT merchant_map_history_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office', 'reservation', 'customer_reservation'));
