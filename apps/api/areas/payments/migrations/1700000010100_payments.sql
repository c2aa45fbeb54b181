-- Up Migration
-- Payments: the money taken (or given back) for a reservation, as the payment provider reported it.
-- The list view, record view and save procedure are generated from the area's manifest
-- (docs/areas.md); this file holds the table, its rules and the lookups the money areas share.

-- ISO 4217 currencies the console takes money in; `minor_units` is the number of decimals.
CREATE TABLE currencies (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z]{3}$'),
  name text NOT NULL,
  minor_units smallint NOT NULL DEFAULT 2 CHECK (minor_units BETWEEN 0 AND 3)
);
INSERT INTO currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('USD', 'US dollar', 2), ('CHF', 'Swiss franc', 2),
  ('SEK', 'Swedish krona', 2), ('DKK', 'Danish krone', 2), ('NOK', 'Norwegian krone', 2),
  ('PLN', 'Polish złoty', 2), ('CZK', 'Czech koruna', 2), ('HUF', 'Hungarian forint', 2),
  ('RON', 'Romanian leu', 2), ('ISK', 'Icelandic króna', 0), ('TRY', 'Turkish lira', 2),
  ('AUD', 'Australian dollar', 2), ('CAD', 'Canadian dollar', 2), ('NZD', 'New Zealand dollar', 2),
  ('JPY', 'Japanese yen', 0), ('ZAR', 'South African rand', 2), ('AED', 'UAE dirham', 2),
  ('MAD', 'Moroccan dirham', 2), ('MXN', 'Mexican peso', 2);
CREATE VIEW v_dd_currencies AS SELECT code AS value, name AS label FROM currencies;

CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  -- A reservation with payments cannot be deleted: the money records must stay.
  reservation_id bigint NOT NULL REFERENCES reservations (id),
  amount numeric(12, 2) NOT NULL CONSTRAINT payments_amount_check CHECK (amount > 0),
  currency text NOT NULL REFERENCES currencies (code),
  method text NOT NULL CONSTRAINT payments_method_check
    CHECK (method IN ('card', 'paypal', 'bank_transfer', 'voucher')),
  -- Card brand and last four digits belong to a card payment, and only to one.
  card_brand text CONSTRAINT payments_card_brand_check
    CHECK ((card_brand IS NOT NULL) = (method = 'card')
           AND (card_brand IS NULL OR card_brand IN ('visa', 'mastercard', 'maestro', 'amex'))),
  card_last4 text CONSTRAINT payments_card_last4_check
    CHECK ((card_last4 IS NOT NULL) = (method = 'card') AND (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$')),
  kind text NOT NULL CONSTRAINT payments_kind_check CHECK (kind IN ('deposit', 'balance', 'refund')),
  -- A refund is either done (refunded) or failed; a deposit or balance is never "refunded" itself.
  status text NOT NULL CONSTRAINT payments_status_check
    CHECK (status IN ('authorized', 'captured', 'refunded', 'failed')
           AND (kind <> 'refund' OR status IN ('refunded', 'failed'))
           AND (status <> 'refunded' OR kind = 'refund')),
  psp_reference text CONSTRAINT payments_psp_reference_check
    CHECK (psp_reference IS NULL OR length(btrim(psp_reference)) BETWEEN 1 AND 100),
  -- Money that moved has a time it moved.
  paid_at timestamptz CONSTRAINT payments_paid_at_check
    CHECK (paid_at IS NOT NULL OR status IN ('authorized', 'failed')),
  -- The staff member who recorded it (the form's `user` field, hence the check's name); empty for
  -- what the customer paid through the checkout.
  user_email text CONSTRAINT payments_user_check
    CHECK (user_email IS NULL OR user_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
-- The list's default sort is the id; a reservation's payments and the provider's reference are
-- looked up; the provider never gives one reference twice.
CREATE INDEX payments_reservation_idx ON payments (reservation_id);
CREATE INDEX payments_paid_idx ON payments (paid_at);
CREATE INDEX payments_status_idx ON payments (status, kind);
CREATE UNIQUE INDEX payments_psp_reference_key ON payments (psp_reference);
CREATE INDEX payments_psp_reference_trgm ON payments USING gin (psp_reference gin_trgm_ops);
-- Reservation lookups search the number anywhere in it ("00123" finds BM-00012345).
CREATE INDEX reservations_number_trgm ON reservations USING gin (reservation_number gin_trgm_ops);

-- A payment is in its reservation's currency. A check cannot read the reservation, so a trigger
-- refuses the row as that check would (check_violation naming the currency column).
CREATE FUNCTION payments_currency_matches() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  expected text;
BEGIN
  SELECT currency INTO expected FROM reservations WHERE id = NEW.reservation_id;
  IF FOUND AND expected IS DISTINCT FROM NEW.currency THEN
    RAISE EXCEPTION 'The payment must be in the reservation''s currency (%)', expected
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_currency_check', TABLE = 'payments',
            COLUMN = 'currency';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payments_currency_matches BEFORE INSERT OR UPDATE OF reservation_id, currency ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_currency_matches();

-- Reservations picked by number in the payment, case and review forms.
CREATE VIEW v_dd_reservations AS
SELECT id, reservation_number AS name, customer_name AS "customerName", currency FROM reservations;

-- Down Migration
DROP VIEW v_dd_reservations;
DROP TABLE payments CASCADE;
DROP FUNCTION payments_currency_matches();
DROP INDEX reservations_number_trgm;
DROP VIEW v_dd_currencies;
DROP TABLE currencies;
DELETE FROM area_sql WHERE name IN ('v_payments', 'v_payments_record', 'bm_payments_save');
