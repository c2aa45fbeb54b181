-- Up Migration
-- Chargebacks: a cardholder's bank taking a card payment back, which staff answer before the
-- scheme's deadline. The list view, record view and save/delete procedures are generated from the
-- area's manifest (docs/areas.md).

-- The card schemes' dispute reason codes (Visa Claims Resolution, Mastercard, American Express).
CREATE TABLE chargeback_reasons (
  code text PRIMARY KEY,
  scheme text NOT NULL CHECK (scheme IN ('Visa', 'Mastercard', 'American Express')),
  description text NOT NULL
);
INSERT INTO chargeback_reasons (code, scheme, description) VALUES
  ('10.4', 'Visa', 'Other Fraud – Card-Absent Environment'),
  ('10.5', 'Visa', 'Visa Fraud Monitoring Program'),
  ('11.3', 'Visa', 'No Authorization'),
  ('12.5', 'Visa', 'Incorrect Amount'),
  ('12.6.1', 'Visa', 'Duplicate Processing'),
  ('13.1', 'Visa', 'Merchandise/Services Not Received'),
  ('13.3', 'Visa', 'Not as Described or Defective Merchandise/Services'),
  ('13.6', 'Visa', 'Credit Not Processed'),
  ('13.7', 'Visa', 'Cancelled Merchandise/Services'),
  ('4808', 'Mastercard', 'Authorization-Related Chargeback'),
  ('4834', 'Mastercard', 'Point-of-Interaction Error'),
  ('4837', 'Mastercard', 'No Cardholder Authorization'),
  ('4853', 'Mastercard', 'Cardholder Dispute'),
  ('4855', 'Mastercard', 'Goods or Services Not Provided'),
  ('4860', 'Mastercard', 'Credit Not Processed'),
  ('4863', 'Mastercard', 'Cardholder Does Not Recognize – Potential Fraud'),
  ('4870', 'Mastercard', 'Chip Liability Shift'),
  ('C02', 'American Express', 'Credit Not Processed'),
  ('C08', 'American Express', 'Goods/Services Not Received or Only Partially Received'),
  ('C18', 'American Express', '"No Show" or CARDeposit Cancelled'),
  ('C28', 'American Express', 'Cancelled Recurring Billing'),
  ('F24', 'American Express', 'No Card Member Authorization'),
  ('F29', 'American Express', 'Card Not Present'),
  ('P22', 'American Express', 'Non-Matching Card Number');
CREATE VIEW v_dd_chargeback_reasons AS
SELECT code AS value, scheme || ' ' || code || ' · ' || description AS label, scheme FROM chargeback_reasons;

-- Captured card payments, the only ones a chargeback can be about, picked by the provider's reference.
CREATE VIEW v_dd_card_payments AS
SELECT id, psp_reference AS name, amount, currency, card_brand AS "cardBrand"
  FROM payments
 WHERE method = 'card' AND status = 'captured' AND psp_reference IS NOT NULL;

CREATE TABLE chargebacks (
  id serial PRIMARY KEY,
  payment_id bigint NOT NULL REFERENCES payments (id),
  amount numeric(12, 2) NOT NULL CONSTRAINT chargebacks_amount_check CHECK (amount > 0),
  reason_code text NOT NULL REFERENCES chargeback_reasons (code),
  status text NOT NULL CONSTRAINT chargebacks_status_check
    CHECK (status IN ('open', 'under_review', 'won', 'lost', 'accepted')),
  opened_at date NOT NULL,
  respond_by date NOT NULL,
  -- The acquirer's case number.
  case_reference text CONSTRAINT chargebacks_case_reference_check
    CHECK (case_reference IS NULL OR length(btrim(case_reference)) BETWEEN 1 AND 60),
  notes text CONSTRAINT chargebacks_notes_check CHECK (notes IS NULL OR length(notes) <= 4000),
  -- The staff member handling it: the form's `user` field. Required by the check rather than NOT NULL
  -- so that a missing one is refused under the check's name, which names the field `user`.
  user_email text CONSTRAINT chargebacks_user_check
    CHECK (user_email IS NOT NULL AND user_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT chargebacks_respond_by_check CHECK (respond_by >= opened_at)
);
CREATE INDEX chargebacks_payment_idx ON chargebacks (payment_id);
CREATE INDEX chargebacks_status_respond_idx ON chargebacks (status, respond_by);
CREATE INDEX chargebacks_opened_idx ON chargebacks (opened_at);

-- What a check cannot see, as checks would refuse it: the payment is a captured card payment, the
-- reason code is its card's scheme's, and the chargebacks of one payment take back no more than it
-- was. The payment row is locked so two chargebacks saved at once cannot both pass the sum.
CREATE FUNCTION chargebacks_fit_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid payments%ROWTYPE;
  others numeric;
  scheme_of_reason text;
  scheme_of_card text;
BEGIN
  SELECT * INTO paid FROM payments WHERE id = NEW.payment_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NEW; -- the foreign key refuses it
  END IF;
  IF paid.method <> 'card' OR paid.status <> 'captured' THEN
    RAISE EXCEPTION 'A chargeback is about a captured card payment'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'chargebacks_payment_id_check', TABLE = 'chargebacks',
            COLUMN = 'payment_id';
  END IF;
  -- Maestro is Mastercard's scheme.
  scheme_of_card := CASE paid.card_brand WHEN 'visa' THEN 'Visa' WHEN 'amex' THEN 'American Express'
                    ELSE 'Mastercard' END;
  SELECT scheme INTO scheme_of_reason FROM chargeback_reasons WHERE code = NEW.reason_code;
  IF FOUND AND scheme_of_reason <> scheme_of_card THEN
    RAISE EXCEPTION 'Reason code % is not one of the card''s scheme', NEW.reason_code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'chargebacks_reason_code_check', TABLE = 'chargebacks',
            COLUMN = 'reason_code';
  END IF;
  SELECT coalesce(sum(amount), 0) INTO others FROM chargebacks WHERE payment_id = NEW.payment_id AND id <> NEW.id;
  IF others + NEW.amount > paid.amount THEN
    RAISE EXCEPTION 'Chargebacks of % exceed the payment of %', others + NEW.amount, paid.amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'chargebacks_amount_check', TABLE = 'chargebacks',
            COLUMN = 'amount';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER chargebacks_fit_payment BEFORE INSERT OR UPDATE OF payment_id, amount, reason_code ON chargebacks
  FOR EACH ROW EXECUTE FUNCTION chargebacks_fit_payment();

-- A payment's amount may not fall below what was charged back from it.
CREATE FUNCTION payments_cover_chargebacks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount < (SELECT coalesce(sum(amount), 0) FROM chargebacks WHERE payment_id = NEW.id) THEN
    RAISE EXCEPTION 'The payment''s chargebacks take back more than %', NEW.amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_amount_check', TABLE = 'payments',
            COLUMN = 'amount';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payments_cover_chargebacks BEFORE UPDATE OF amount ON payments
  FOR EACH ROW WHEN (NEW.amount < OLD.amount) EXECUTE FUNCTION payments_cover_chargebacks();

-- Down Migration
DROP TRIGGER payments_cover_chargebacks ON payments;
DROP FUNCTION payments_cover_chargebacks();
DROP TABLE chargebacks CASCADE;
DROP FUNCTION chargebacks_fit_payment();
DROP VIEW v_dd_card_payments, v_dd_chargeback_reasons;
DROP TABLE chargeback_reasons;
DELETE FROM area_sql WHERE name IN ('v_chargebacks', 'v_chargebacks_record', 'bm_chargebacks_save',
  'bm_chargebacks_delete');
