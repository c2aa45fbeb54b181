-- Up Migration
-- Merchant suppliers: the rental companies as each feed names them.
SELECT pg_temp.bm_create_merchant_table('merchant_suppliers', 'pricewatch_suppliers', '');

-- Down Migration
DROP TABLE merchant_suppliers CASCADE;
