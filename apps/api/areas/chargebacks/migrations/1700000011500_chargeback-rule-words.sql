-- Up Migration
-- The chargeback rules in words (issue 41, docs/adr/0027-business-rules-in-forms.md). The rules are
-- declared in the area's manifest: the form offers only the reason codes of the payment's card
-- scheme and holds the amount to at most the payment's, and the save checks both first. The
-- trigger stays as the last line of defence, for writes that do not come through the form's check
-- (an edit that does not send the payment, a procedure, psql), and now refuses in the manifest's
-- words: each RAISE carries HINT 'business rule', and the write path (src/records/write-path.ts)
-- answers such a refusal's message as it is, in the 400 naming the column's field, instead of
-- "A value is not acceptable".

-- The card scheme a brand's chargebacks follow (Maestro is Mastercard's): the chargeback form's
-- reason codes are filtered by it, and the trigger below judges by it.
CREATE FUNCTION card_scheme(brand text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE brand
           WHEN 'visa' THEN 'Visa'
           WHEN 'mastercard' THEN 'Mastercard'
           WHEN 'maestro' THEN 'Mastercard'
           WHEN 'amex' THEN 'American Express'
         END
$$;

-- The chargeback form's payment lookup also names the card's scheme (the `card-payments` lookup,
-- read by id as the form's `payment`).
CREATE OR REPLACE VIEW v_dd_card_payments AS
SELECT id, psp_reference AS name, amount, currency, card_brand AS "cardBrand", card_scheme(card_brand) AS scheme
  FROM payments
 WHERE method = 'card' AND status = 'captured' AND psp_reference IS NOT NULL;

-- The same rules as before (a captured card payment; a reason code of its card's scheme; no more
-- taken back than the payment was), each refused in words. The amount of one chargeback above the
-- payment's is told apart from the sum of the payment's chargebacks above it.
CREATE OR REPLACE FUNCTION chargebacks_fit_payment() RETURNS trigger LANGUAGE plpgsql AS $$
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
            COLUMN = 'payment_id', HINT = 'business rule';
  END IF;
  scheme_of_card := coalesce(card_scheme(paid.card_brand), 'Mastercard');
  SELECT scheme INTO scheme_of_reason FROM chargeback_reasons WHERE code = NEW.reason_code;
  IF FOUND AND scheme_of_reason <> scheme_of_card THEN
    RAISE EXCEPTION 'The reason code % is not a % reason code', NEW.reason_code, scheme_of_card
      USING ERRCODE = 'check_violation', CONSTRAINT = 'chargebacks_reason_code_check', TABLE = 'chargebacks',
            COLUMN = 'reason_code', HINT = 'business rule';
  END IF;
  IF NEW.amount > paid.amount THEN
    RAISE EXCEPTION 'The amount is at most the payment''s amount (% %)', paid.amount, paid.currency
      USING ERRCODE = 'check_violation', CONSTRAINT = 'chargebacks_amount_check', TABLE = 'chargebacks',
            COLUMN = 'amount', HINT = 'business rule';
  END IF;
  SELECT coalesce(sum(amount), 0) INTO others FROM chargebacks WHERE payment_id = NEW.payment_id AND id <> NEW.id;
  IF others + NEW.amount > paid.amount THEN
    RAISE EXCEPTION 'The payment''s chargebacks take back at most its amount (% %): % % of it is already charged back',
      paid.amount, paid.currency, others, paid.currency
      USING ERRCODE = 'check_violation', CONSTRAINT = 'chargebacks_amount_check', TABLE = 'chargebacks',
            COLUMN = 'amount', HINT = 'business rule';
  END IF;
  RETURN NEW;
END $$;

-- Down Migration
CREATE OR REPLACE FUNCTION chargebacks_fit_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid payments%ROWTYPE;
  others numeric;
  scheme_of_reason text;
  scheme_of_card text;
BEGIN
  SELECT * INTO paid FROM payments WHERE id = NEW.payment_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  IF paid.method <> 'card' OR paid.status <> 'captured' THEN
    RAISE EXCEPTION 'A chargeback is about a captured card payment'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'chargebacks_payment_id_check', TABLE = 'chargebacks',
            COLUMN = 'payment_id';
  END IF;
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
DROP VIEW v_dd_card_payments;
CREATE VIEW v_dd_card_payments AS
SELECT id, psp_reference AS name, amount, currency, card_brand AS "cardBrand"
  FROM payments
 WHERE method = 'card' AND status = 'captured' AND psp_reference IS NOT NULL;
DROP FUNCTION card_scheme(text);
