-- Up Migration
-- Reservations (the large table): the table, its indexes, its list view and delete procedure.
-- Until November 2026 this was part of 1700000002000_pages-and-reservations; a database that ran that file counts this one as
-- run (src/db/split-migrations.ts).

CREATE TABLE reservations (
  id bigserial PRIMARY KEY,
  reservation_number text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  subversion integer NOT NULL DEFAULT 0,
  customer_name text NOT NULL,
  customer_email text NOT NULL,
  pickup_location text NOT NULL,
  dropoff_location text NOT NULL,
  pickup_date timestamptz NOT NULL,
  dropoff_date timestamptz NOT NULL,
  supplier text NOT NULL,
  car_class text NOT NULL,
  total_price numeric(12, 2) NOT NULL,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled')),
  is_active_customer boolean NOT NULL DEFAULT false,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reservations_number_key ON reservations (reservation_number, version, subversion);
CREATE INDEX reservations_created_idx ON reservations (created_at);
CREATE INDEX reservations_pickup_idx ON reservations (pickup_date);
CREATE INDEX reservations_status_created_idx ON reservations (status, created_at);
CREATE INDEX reservations_supplier_idx ON reservations (supplier);
CREATE INDEX reservations_price_idx ON reservations (total_price);
CREATE INDEX reservations_email_idx ON reservations (customer_email);
CREATE INDEX reservations_customer_trgm ON reservations USING gin (customer_name gin_trgm_ops);
CREATE INDEX reservations_pickup_location_trgm ON reservations USING gin (pickup_location gin_trgm_ops);

CREATE VIEW v_reservations AS
SELECT id, reservation_number AS "reservationNumber", version, subversion, customer_name AS "customerName",
       customer_email AS "customerEmail", pickup_location AS "pickupLocation",
       dropoff_location AS "dropoffLocation", pickup_date AS "pickupDate", dropoff_date AS "dropoffDate",
       supplier, car_class AS "carClass", total_price AS "totalPrice", currency, status,
       is_active_customer AS "isActiveCustomer", (status = 'completed') AS "isLocked",
       created_at AS "createdAt"
  FROM reservations;

CREATE FUNCTION bm_reservation_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
BEGIN
  DELETE FROM reservations WHERE id = target;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The reservation does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Reservation deleted');
END $$;

-- Down Migration
DROP FUNCTION bm_reservation_delete(jsonb, text);
DROP VIEW v_reservations;
DROP TABLE reservations;
