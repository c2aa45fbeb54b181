-- Up Migration
-- Payments by status and kind, kept by triggers (docs/adr/0034-api-log-rollup.md, "Counts by
-- state"). The reservation desk's "Payments by status" counts every payment: 1.82 million rows read
-- for one donut on the bench's million-reservation database (1,170 ms). `payment_counts` holds one
-- row per status and kind with its payments; the list engine answers a count of the payments, whole
-- or by status or kind, with conditions on those only, from it (src/criteria/rollup-sql.ts).
--
-- Statement triggers with transition tables keep it exact: an insert adds its rows, a delete takes
-- them away, an update moves only the payments whose status or kind changed, a truncate empties
-- it. One statement touches each (status, kind) once, in key order; concurrent writers of the same
-- status queue on its row until they commit, as the API log's writers do on their hour.

CREATE TABLE payment_counts (
  status text NOT NULL,
  kind text NOT NULL,
  payments bigint NOT NULL,
  PRIMARY KEY (status, kind)
);

CREATE FUNCTION payment_counts_roll_up() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_counts AS c (status, kind, payments)
    SELECT status, kind, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (status, kind) DO UPDATE SET payments = c.payments + excluded.payments;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE payment_counts c SET payments = c.payments - d.payments
      FROM (SELECT status, kind, count(*) AS payments FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
     WHERE c.status = d.status AND c.kind = d.kind;
  ELSE
    INSERT INTO payment_counts AS c (status, kind, payments)
    SELECT status, kind, sum(delta) FROM (
      SELECT o.status, o.kind, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (n.status, n.kind) IS DISTINCT FROM (o.status, o.kind)
      UNION ALL
      SELECT n.status, n.kind, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (n.status, n.kind) IS DISTINCT FROM (o.status, o.kind)) d
     GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (status, kind) DO UPDATE SET payments = c.payments + excluded.payments;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION payment_counts_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE payment_counts;
  RETURN NULL;
END $$;

-- No payment is written while the counts are filled from the rows already there (reads go on).
LOCK TABLE payments IN SHARE ROW EXCLUSIVE MODE;

CREATE TRIGGER payment_counts_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_roll_up();
CREATE TRIGGER payment_counts_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_roll_up();
CREATE TRIGGER payment_counts_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_roll_up();
CREATE TRIGGER payment_counts_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_truncate();

INSERT INTO payment_counts (status, kind, payments) SELECT status, kind, count(*) FROM payments GROUP BY 1, 2;

-- Down Migration
DROP TRIGGER payment_counts_truncate ON payments;
DROP TRIGGER payment_counts_delete ON payments;
DROP TRIGGER payment_counts_update ON payments;
DROP TRIGGER payment_counts_insert ON payments;
DROP FUNCTION payment_counts_truncate();
DROP FUNCTION payment_counts_roll_up();
DROP TABLE payment_counts;
