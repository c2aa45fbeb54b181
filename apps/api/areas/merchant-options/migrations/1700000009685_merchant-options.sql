-- Up Migration
-- Merchant options: each feed's extras.
SELECT pg_temp.bm_create_merchant_table('merchant_options', 'pricewatch_options', '');

-- Down Migration
DROP TABLE merchant_options CASCADE;
