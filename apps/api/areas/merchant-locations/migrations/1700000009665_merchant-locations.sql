-- Up Migration
-- Merchant locations: the places as each feed sends them (kind, country, codes and coordinates when it has them).
SELECT pg_temp.bm_create_merchant_table('merchant_locations', 'pricewatch_locations', $$
  location_kind text NOT NULL CHECK (location_kind IN ('Region', 'Country', 'City', 'Airport', 'Train station')),
  country_code text CHECK (country_code IS NULL OR country_code ~ '^[A-Z]{2}$'),
  iata_code text CHECK (iata_code IS NULL OR iata_code ~ '^[A-Z]{3}$'),
  latitude numeric(9, 6) CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude numeric(9, 6) CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
$$);

-- Down Migration
DROP TABLE merchant_locations CASCADE;
