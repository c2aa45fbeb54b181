-- Up Migration
-- Prepaid credits: money a customer holds with us (a cancellation fee kept as credit, a goodwill
-- gesture, an overpayment) to spend on a later booking before it expires. The list view, record
-- view and save/delete procedures are generated from the area's manifest (docs/areas.md).

CREATE TABLE prepaid_credits (
  id serial PRIMARY KEY,
  customer_email text NOT NULL CONSTRAINT prepaid_credits_customer_email_check
    CHECK (customer_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' AND length(customer_email) <= 200),
  amount numeric(12, 2) NOT NULL CONSTRAINT prepaid_credits_amount_check CHECK (amount > 0),
  -- What is left to spend: never below zero, never more than was given.
  remaining numeric(12, 2) NOT NULL CONSTRAINT prepaid_credits_remaining_check
    CHECK (remaining >= 0 AND remaining <= amount),
  currency text NOT NULL REFERENCES currencies (code),
  expires_at date NOT NULL,
  -- The payment the credit comes from, when it comes from one (a kept fee, an overpayment).
  source_payment_id bigint REFERENCES payments (id),
  reason text NOT NULL CONSTRAINT prepaid_credits_reason_check CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
  -- The staff member who granted it: the form's `user` field. Required by the check rather than NOT
  -- NULL so that a missing one is refused under the check's name, which names the field `user`.
  user_email text CONSTRAINT prepaid_credits_user_check
    CHECK (user_email IS NOT NULL AND user_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE INDEX prepaid_credits_email_idx ON prepaid_credits (customer_email);
CREATE INDEX prepaid_credits_expires_idx ON prepaid_credits (expires_at) WHERE remaining > 0;
CREATE INDEX prepaid_credits_source_payment_idx ON prepaid_credits (source_payment_id);

-- A credit from a payment is in that payment's currency (refused as a check on the currency would be).
CREATE FUNCTION prepaid_credits_currency_matches() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  expected text;
BEGIN
  IF NEW.source_payment_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT currency INTO expected FROM payments WHERE id = NEW.source_payment_id;
  IF FOUND AND expected <> NEW.currency THEN
    RAISE EXCEPTION 'The credit must be in its payment''s currency (%)', expected
      USING ERRCODE = 'check_violation', CONSTRAINT = 'prepaid_credits_currency_check',
            TABLE = 'prepaid_credits', COLUMN = 'currency';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER prepaid_credits_currency_matches
  BEFORE INSERT OR UPDATE OF source_payment_id, currency ON prepaid_credits
  FOR EACH ROW EXECUTE FUNCTION prepaid_credits_currency_matches();

-- Captured and refunded payments a credit may come from, picked by the provider's reference.
CREATE VIEW v_dd_payments AS
SELECT id, psp_reference AS name, amount, currency FROM payments
 WHERE status IN ('captured', 'refunded') AND psp_reference IS NOT NULL;

-- Down Migration
DROP VIEW v_dd_payments;
DROP TABLE prepaid_credits CASCADE;
DROP FUNCTION prepaid_credits_currency_matches();
DELETE FROM area_sql WHERE name IN ('v_prepaid_credits', 'v_prepaid_credits_record', 'bm_prepaid_credits_save',
  'bm_prepaid_credits_delete');
