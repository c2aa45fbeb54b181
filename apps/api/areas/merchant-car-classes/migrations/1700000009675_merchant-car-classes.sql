-- Up Migration
-- Merchant car classes: each feed's own car classes.
SELECT pg_temp.bm_create_merchant_table('merchant_car_classes', 'pricewatch_car_classes', '');

-- Down Migration
DROP TABLE merchant_car_classes CASCADE;
