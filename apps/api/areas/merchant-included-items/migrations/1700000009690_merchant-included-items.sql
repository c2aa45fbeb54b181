-- Up Migration
-- Merchant included items: what each feed says its rates include.
SELECT pg_temp.bm_create_merchant_table('merchant_included_items', 'pricewatch_included_items', '');

-- Down Migration
DROP TABLE merchant_included_items CASCADE;
