-- Up Migration
-- Customer reservations: the new reservation store. A reservation number has several rows, one per
-- version (an amendment) and subversion; exactly one row of a number is the "active customer", the
-- one customer service treats as current. Their history is customer_reservation_logs
-- ("Reservation Summary"). The list view, record view, save and delete are generated from the
-- area's manifest; the set-active-customer procedure and the triggers that keep the history and the
-- one active row are here.

CREATE TABLE customer_reservations (
  id bigserial PRIMARY KEY,
  reservation_number text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  subversion integer NOT NULL DEFAULT 0,
  is_active_customer boolean NOT NULL DEFAULT false,
  customer_first_name text NOT NULL,
  customer_last_name text NOT NULL,
  customer_email text NOT NULL,
  customer_phone text,
  customer_country char(2),
  pickup_location text NOT NULL,
  dropoff_location text NOT NULL,
  pickup_at timestamptz NOT NULL,
  dropoff_at timestamptz NOT NULL,
  supplier text NOT NULL,
  car_class text NOT NULL,
  total_price numeric(12,2) NOT NULL,
  currency char(3) NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT customer_reservations_number_version_key UNIQUE (reservation_number, version, subversion),
  CONSTRAINT customer_reservations_reservation_number_check CHECK (reservation_number ~ '^BM-[0-9]{4}-[0-9]{7}$'),
  CONSTRAINT customer_reservations_version_check CHECK (version BETWEEN 1 AND 999),
  CONSTRAINT customer_reservations_subversion_check CHECK (subversion BETWEEN 0 AND 999),
  CONSTRAINT customer_reservations_customer_first_name_check
    CHECK (length(btrim(customer_first_name)) BETWEEN 1 AND 100),
  CONSTRAINT customer_reservations_customer_last_name_check
    CHECK (length(btrim(customer_last_name)) BETWEEN 1 AND 100),
  CONSTRAINT customer_reservations_customer_email_check
    CHECK (length(customer_email) <= 254 AND customer_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  CONSTRAINT customer_reservations_customer_phone_check
    CHECK (customer_phone IS NULL OR customer_phone ~ '^\+?[0-9 ()/-]{6,30}$'),
  CONSTRAINT customer_reservations_customer_country_check
    CHECK (customer_country IS NULL OR customer_country ~ '^[A-Z]{2}$'),
  CONSTRAINT customer_reservations_pickup_location_check CHECK (length(btrim(pickup_location)) BETWEEN 1 AND 200),
  CONSTRAINT customer_reservations_dropoff_location_check CHECK (length(btrim(dropoff_location)) BETWEEN 1 AND 200),
  CONSTRAINT customer_reservations_dropoff_at_check CHECK (dropoff_at > pickup_at),
  CONSTRAINT customer_reservations_supplier_check CHECK (length(btrim(supplier)) BETWEEN 1 AND 100),
  CONSTRAINT customer_reservations_car_class_check CHECK (length(btrim(car_class)) BETWEEN 1 AND 50),
  CONSTRAINT customer_reservations_total_price_check CHECK (total_price >= 0),
  CONSTRAINT customer_reservations_currency_check CHECK (currency ~ '^[A-Z]{3}$'),
  CONSTRAINT customer_reservations_status_check
    CHECK (status IN ('pending', 'confirmed', 'amended', 'cancelled', 'completed'))
);
-- At most one active row per reservation number; with the row lock the set-active procedure takes,
-- two concurrent calls on one number end with exactly one active row.
CREATE UNIQUE INDEX customer_reservations_active_key
  ON customer_reservations (reservation_number) WHERE is_active_customer;
-- The list's default sort is the id (the primary key); staff filter by number, customer, e-mail and
-- pick-up date.
CREATE INDEX customer_reservations_customer_idx ON customer_reservations (customer_last_name, customer_first_name);
CREATE INDEX customer_reservations_email_idx ON customer_reservations (lower(customer_email));
CREATE INDEX customer_reservations_pickup_idx ON customer_reservations (pickup_at);
CREATE INDEX customer_reservations_status_idx ON customer_reservations (status);

-- The history of each customer reservation. The row it is about may be deleted later; the entry
-- keeps the number, version and subversion it was written for.
CREATE TABLE customer_reservation_logs (
  id bigserial PRIMARY KEY,
  customer_reservation_id bigint REFERENCES customer_reservations (id) ON DELETE SET NULL,
  reservation_number text NOT NULL,
  version integer NOT NULL,
  subversion integer NOT NULL,
  event text NOT NULL,
  detail text,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  CONSTRAINT customer_reservation_logs_event_check CHECK (event IN ('created', 'amended', 'cancelled',
    'completed', 'payment_received', 'confirmation_sent', 'active_customer_set', 'deleted')),
  CONSTRAINT customer_reservation_logs_detail_check CHECK (detail IS NULL OR length(detail) <= 2000)
);
CREATE INDEX customer_reservation_logs_number_idx
  ON customer_reservation_logs (reservation_number, version, subversion, created_at);
CREATE INDEX customer_reservation_logs_reservation_idx ON customer_reservation_logs (customer_reservation_id);
CREATE INDEX customer_reservation_logs_at_idx ON customer_reservation_logs (created_at);

-- The business columns of a row, as an amendment compares them (not the active flag, the audit
-- columns or any column another area adds for its own use, such as mapping).
CREATE FUNCTION customer_reservation_terms(r customer_reservations) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'reservation_number', r.reservation_number, 'version', r.version, 'subversion', r.subversion,
    'customer_first_name', r.customer_first_name, 'customer_last_name', r.customer_last_name,
    'customer_email', r.customer_email, 'customer_phone', r.customer_phone,
    'customer_country', r.customer_country, 'pickup_location', r.pickup_location,
    'dropoff_location', r.dropoff_location, 'pickup_at', r.pickup_at, 'dropoff_at', r.dropoff_at,
    'supplier', r.supplier, 'car_class', r.car_class, 'total_price', r.total_price,
    'currency', r.currency, 'status', r.status)
$$;

-- A new row: the first row of a number becomes its active customer (a number always has one), and
-- its history starts with "created", written as of the row's own creation.
CREATE FUNCTION customer_reservations_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.is_active_customer AND NOT EXISTS (
    SELECT 1 FROM customer_reservations
     WHERE reservation_number = NEW.reservation_number AND is_active_customer
  ) THEN
    NEW.is_active_customer := true;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER customer_reservations_before_insert BEFORE INSERT ON customer_reservations
  FOR EACH ROW EXECUTE FUNCTION customer_reservations_before_insert();

CREATE FUNCTION customer_reservations_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_reservation_logs (customer_reservation_id, reservation_number, version,
    subversion, event, detail, created_at, created_by)
  VALUES (NEW.id, NEW.reservation_number, NEW.version, NEW.subversion, 'created',
    format('%s %s, %s to %s, %s %s', NEW.supplier, NEW.car_class, NEW.pickup_location,
      NEW.dropoff_location, NEW.total_price, NEW.currency),
    NEW.created_at, coalesce(NEW.created_by, 'system'));
  RETURN NULL;
END $$;
CREATE TRIGGER customer_reservations_after_insert AFTER INSERT ON customer_reservations
  FOR EACH ROW EXECUTE FUNCTION customer_reservations_after_insert();

-- A change of the terms is "amended" (or "cancelled"/"completed" when that is the new status),
-- naming the columns that changed; the active flag alone is logged by whoever sets it.
CREATE FUNCTION customer_reservations_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  _old jsonb := customer_reservation_terms(OLD);
  _new jsonb := customer_reservation_terms(NEW);
  _changed text;
BEGIN
  IF _old = _new THEN RETURN NULL; END IF;
  SELECT string_agg(n.key, ', ' ORDER BY n.key) INTO _changed
    FROM jsonb_each(_new) n WHERE n.value IS DISTINCT FROM _old -> n.key;
  INSERT INTO customer_reservation_logs (customer_reservation_id, reservation_number, version,
    subversion, event, detail, created_at, created_by)
  VALUES (NEW.id, NEW.reservation_number, NEW.version, NEW.subversion,
    CASE WHEN NEW.status <> OLD.status AND NEW.status IN ('cancelled', 'completed') THEN NEW.status
         ELSE 'amended' END,
    'Changed: ' || _changed, NEW.updated_at, coalesce(NEW.updated_by, 'system'));
  RETURN NULL;
END $$;
CREATE TRIGGER customer_reservations_after_update AFTER UPDATE ON customer_reservations
  FOR EACH ROW EXECUTE FUNCTION customer_reservations_after_update();

-- A deleted row is logged; when it was the active customer, the latest remaining version of its
-- number becomes active, so a number with rows always has exactly one.
CREATE FUNCTION customer_reservations_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  _next customer_reservations%ROWTYPE;
BEGIN
  INSERT INTO customer_reservation_logs (customer_reservation_id, reservation_number, version,
    subversion, event, detail, created_by)
  VALUES (NULL, OLD.reservation_number, OLD.version, OLD.subversion, 'deleted',
    format('Version %s.%s deleted', OLD.version, OLD.subversion), 'system');
  IF OLD.is_active_customer THEN
    SELECT * INTO _next FROM customer_reservations
     WHERE reservation_number = OLD.reservation_number
     ORDER BY version DESC, subversion DESC LIMIT 1 FOR UPDATE;
    IF FOUND THEN
      UPDATE customer_reservations SET is_active_customer = true, row_version = row_version + 1
       WHERE id = _next.id;
      INSERT INTO customer_reservation_logs (customer_reservation_id, reservation_number, version,
        subversion, event, detail, created_by)
      VALUES (_next.id, _next.reservation_number, _next.version, _next.subversion, 'active_customer_set',
        format('Version %s.%s is the active customer: the active version %s.%s was deleted',
          _next.version, _next.subversion, OLD.version, OLD.subversion), 'system');
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER customer_reservations_after_delete AFTER DELETE ON customer_reservations
  FOR EACH ROW EXECUTE FUNCTION customer_reservations_after_delete();

-- Makes one row the active customer of its reservation number: `vals` names it by `id`, or by
-- `reservationNumber`, `version` and `subversion`. Every row of the number is locked first (in id
-- order, so concurrent calls queue rather than deadlock), the others are made inactive before the
-- row is made active (the partial unique index checks each row at once), each changed row's
-- row_version goes up, and the change is logged as done by `actor`.
CREATE FUNCTION bm_customer_reservations_set_active(vals jsonb, actor text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  _target customer_reservations%ROWTYPE;
  _number text;
  _previous text;
BEGIN
  IF vals ? 'id' THEN
    SELECT reservation_number INTO _number FROM customer_reservations WHERE id = (vals ->> 'id')::bigint;
  ELSE
    _number := vals ->> 'reservationNumber';
  END IF;
  IF _number IS NULL THEN
    RETURN jsonb_build_object('isSuccess', false, 'notFound', true,
      'message', 'The customer reservation does not exist');
  END IF;
  PERFORM 1 FROM customer_reservations WHERE reservation_number = _number ORDER BY id FOR UPDATE;
  IF vals ? 'id' THEN
    SELECT * INTO _target FROM customer_reservations
     WHERE id = (vals ->> 'id')::bigint AND reservation_number = _number;
  ELSE
    SELECT * INTO _target FROM customer_reservations
     WHERE reservation_number = _number AND version = (vals ->> 'version')::integer
       AND subversion = (vals ->> 'subversion')::integer;
  END IF;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'notFound', true,
      'message', 'The customer reservation does not exist');
  END IF;
  IF _target.is_active_customer THEN
    RETURN jsonb_build_object('isSuccess', true, 'id', _target.id, 'message',
      format('Version %s.%s of %s is already the active customer', _target.version, _target.subversion,
        _number));
  END IF;
  SELECT format('%s.%s', version, subversion) INTO _previous FROM customer_reservations
   WHERE reservation_number = _number AND is_active_customer;
  UPDATE customer_reservations
     SET is_active_customer = false, row_version = row_version + 1, updated_at = now(), updated_by = actor
   WHERE reservation_number = _number AND is_active_customer;
  UPDATE customer_reservations
     SET is_active_customer = true, row_version = row_version + 1, updated_at = now(), updated_by = actor
   WHERE id = _target.id;
  INSERT INTO customer_reservation_logs (customer_reservation_id, reservation_number, version,
    subversion, event, detail, created_by)
  VALUES (_target.id, _number, _target.version, _target.subversion, 'active_customer_set',
    format('Version %s.%s is the active customer', _target.version, _target.subversion)
      || coalesce(format(' instead of version %s', _previous), ''), actor);
  RETURN jsonb_build_object('isSuccess', true, 'id', _target.id, 'message',
    format('Version %s.%s of %s is now the active customer', _target.version, _target.subversion, _number));
END $$;

-- Down Migration
-- The generated views and procedures go with the tables; the next start re-creates them if the
-- tables are back.
DROP FUNCTION bm_customer_reservations_set_active(jsonb, text);
DROP FUNCTION customer_reservation_terms(customer_reservations);
DROP TABLE customer_reservation_logs CASCADE;
DROP TABLE customer_reservations CASCADE;
DROP FUNCTION customer_reservations_before_insert();
DROP FUNCTION customer_reservations_after_insert();
DROP FUNCTION customer_reservations_after_update();
DROP FUNCTION customer_reservations_after_delete();
DELETE FROM area_sql WHERE name IN ('v_customer_reservations', 'v_customer_reservations_record',
  'bm_customer_reservations_save', 'bm_customer_reservations_delete', 'v_customer_reservation_logs',
  'v_customer_reservation_logs_record');
