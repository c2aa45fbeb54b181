-- Up Migration
-- Pages (SEO content) and reservations (the large table), their list views and delete procedures.
-- List views expose camelCase column names: they are the catalogue's mapKeys.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE pages (
  id serial PRIMARY KEY,
  name text NOT NULL,
  url text NOT NULL UNIQUE,
  title text NOT NULL DEFAULT '',
  language_code text NOT NULL DEFAULT 'en',
  meta_description text NOT NULL DEFAULT '',
  content_html text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  is_active boolean NOT NULL DEFAULT true,
  priority integer NOT NULL DEFAULT 0,
  published_at timestamptz,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE INDEX pages_name_trgm ON pages USING gin (name gin_trgm_ops);
CREATE INDEX pages_status_idx ON pages (status);
CREATE INDEX pages_updated_idx ON pages (updated_at);

CREATE VIEW v_pages AS
SELECT id, name, url, title, language_code AS "languageCode", status, is_active AS "isActive", priority,
       published_at AS "publishedAt", updated_at AS "updatedAt", updated_by AS "updatedBy"
  FROM pages;

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

-- Delete procedures: (values jsonb, actor text) → {isSuccess, id, message}.
CREATE FUNCTION bm_page_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target integer := (vals ->> 'id')::integer;
BEGIN
  DELETE FROM pages WHERE id = target;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The page does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Page deleted');
END $$;

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

-- Presets as records (/api/presets): defaults and group presets; personal and state presets stay private.
CREATE VIEW v_presets AS
SELECT p.id, p.name, p.right_name AS "rightName", p.preset_group_id AS "presetGroupId", g.name AS "presetGroupName",
       p.version, p.parent_id AS "parentId", p.created_by AS "createdBy", p.updated_at AS "updatedAt"
  FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id
 WHERE p.owner_email IS NULL;

CREATE FUNCTION bm_preset_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target integer := (vals ->> 'id')::integer;
  found_name text;
  found_group integer;
BEGIN
  SELECT name, preset_group_id INTO found_name, found_group FROM presets WHERE id = target AND owner_email IS NULL;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The preset does not exist');
  END IF;
  IF found_name = 'default' AND found_group = 1 THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The default preset cannot be deleted');
  END IF;
  DELETE FROM presets WHERE id = target;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Preset deleted');
END $$;

-- Down Migration
DROP FUNCTION bm_preset_delete(jsonb, text), bm_reservation_delete(jsonb, text), bm_page_delete(jsonb, text);
DROP VIEW v_presets, v_reservations, v_pages;
DROP TABLE reservations, pages;
