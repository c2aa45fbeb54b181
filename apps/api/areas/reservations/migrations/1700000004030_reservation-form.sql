-- Up Migration
-- The reservation's record view (reservations are read-only in the form), and the suppliers
-- lookup its filters use.
-- Until November 2026 this was part of 1700000004000_forms; a database that ran that file counts this one as
-- run (src/db/split-migrations.ts).

CREATE VIEW v_reservation_record AS SELECT *, 1 AS "rowVersion" FROM v_reservations;

CREATE VIEW v_dd_suppliers AS
SELECT DISTINCT supplier AS value, supplier AS label FROM reservations;

-- Down Migration
DROP VIEW v_dd_suppliers;
DROP VIEW v_reservation_record;
