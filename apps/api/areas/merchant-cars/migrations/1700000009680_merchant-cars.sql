-- Up Migration
-- Merchant cars: each feed's models, with its class code and seats when it sends them.
SELECT pg_temp.bm_create_merchant_table('merchant_cars', 'pricewatch_cars', $$
  car_class_code text CHECK (car_class_code IS NULL OR length(car_class_code) <= 10),
  seats smallint CHECK (seats IS NULL OR seats BETWEEN 1 AND 17),
$$);

-- Down Migration
DROP TABLE merchant_cars CASCADE;
