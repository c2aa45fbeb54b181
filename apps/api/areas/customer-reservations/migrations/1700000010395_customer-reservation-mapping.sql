-- Up Migration
-- A customer reservation's pick-up place, mapped onto a price-watch location as a reservation's is
-- (docs/adr/0013-mapping.md): the `customer_reservation` map kind, through the generic
-- bm_map_action. Until November 2026 this was part of the insurance area's first migration
-- (src/db/split-migrations.ts).

ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_kind_check,
  ADD CONSTRAINT merchant_map_history_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office', 'reservation', 'customer_reservation'));

ALTER TABLE customer_reservations
  ADD COLUMN pickup_pricewatch_id integer REFERENCES pricewatch_locations (id),
  ADD COLUMN map_status text NOT NULL DEFAULT 'unmapped'
    CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  ADD COLUMN map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
  ADD CONSTRAINT customer_reservations_pickup_pricewatch_id_check
    CHECK ((map_status = 'mapped') = (pickup_pricewatch_id IS NOT NULL));
CREATE INDEX customer_reservations_pickup_pricewatch_idx ON customer_reservations (pickup_pricewatch_id)
  WHERE pickup_pricewatch_id IS NOT NULL;

INSERT INTO map_kinds (kind, merchant_table, pricewatch_table, label, detail_sql, name_sql, mapped_column, audited,
                       target_name_sql, target_enabled_sql, record_label, target_label) VALUES
  ('customer_reservation', 'customer_reservations', 'pricewatch_locations', 'customer reservation', NULL,
   $$reservation_number || ' · ' || pickup_location$$, 'pickup_pricewatch_id', true,
   'name', 'enabled', 'Customer reservation', 'Price-watch location');

CREATE FUNCTION map_customer_reservation_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  SELECT c.* FROM customer_reservations r,
         LATERAL map_pickup_candidates(r.id::integer, r.pickup_location, r.pickup_pricewatch_id) c
   WHERE r.id = _id
$$;

CREATE FUNCTION bm_map_customer_reservation(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('customer_reservation', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;

-- Down Migration
DROP FUNCTION bm_map_customer_reservation, map_customer_reservation_candidates;
DELETE FROM map_kinds WHERE kind = 'customer_reservation';
DELETE FROM merchant_map_history WHERE kind = 'customer_reservation';
ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_kind_check,
  ADD CONSTRAINT merchant_map_history_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office', 'reservation'));
DROP INDEX customer_reservations_pickup_pricewatch_idx;
ALTER TABLE customer_reservations DROP COLUMN pickup_pricewatch_id, DROP COLUMN map_status, DROP COLUMN map_note;
