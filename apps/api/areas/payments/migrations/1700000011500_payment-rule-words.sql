-- Up Migration
-- Paid at's rule in words (issue 41, docs/adr/0027-business-rules-in-forms.md). The rule is declared
-- in the area's manifest (Paid at required when the status is Captured or Refunded): the form marks
-- the field required and the save refuses it first. The table's payments_paid_at_check stays as the
-- last line of defence, for writes that do not come through the form's check (an edit sending the
-- status alone, a procedure, psql); this trigger, which runs before the check, says it in the
-- manifest's words (HINT 'business rule': the write path answers the message as it is, naming
-- paidAt).

-- Money that moved has a time it moved (payments_paid_at_check): said in words before the check.
CREATE FUNCTION payments_paid_at_given() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.paid_at IS NULL AND NEW.status IN ('captured', 'refunded') THEN
    RAISE EXCEPTION 'Paid at is required when the status is Captured or Refunded'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_paid_at_check', TABLE = 'payments',
            COLUMN = 'paid_at', HINT = 'business rule';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payments_paid_at_given BEFORE INSERT OR UPDATE OF status, paid_at ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_paid_at_given();

-- Down Migration
DROP TRIGGER payments_paid_at_given ON payments;
DROP FUNCTION payments_paid_at_given();
