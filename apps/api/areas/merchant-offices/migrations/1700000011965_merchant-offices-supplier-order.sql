-- Up Migration
-- A merchant supplier's view lists its offices newest first (its related list: WHERE
-- merchant_supplier_id = $1 ORDER BY id DESC LIMIT 21). With the index on the supplier alone, the
-- planner walked the primary key backwards, hoping to meet the supplier's offices soon. Offices are
-- imported supplier by supplier, though, so for a supplier whose offices have low ids that walk read
-- most of the table: 66 ms p50 over random suppliers at 133,000 offices (the bench at 100,000
-- reservations), 275 ms for a supplier without offices. With the id after the supplier, the page is
-- the supplier's first 21 index entries (0.1 ms). The new index starts with the supplier, so it
-- serves everything the old one did, and replaces it.
CREATE INDEX merchant_offices_supplier_id_idx ON merchant_offices (merchant_supplier_id, id);
DROP INDEX merchant_offices_supplier_idx;

-- Down Migration
CREATE INDEX merchant_offices_supplier_idx ON merchant_offices (merchant_supplier_id);
DROP INDEX merchant_offices_supplier_id_idx;
