-- Up Migration
-- Merchant offices: each feed's desks, at its own supplier and location records.
SELECT pg_temp.bm_create_merchant_table('merchant_offices', 'pricewatch_offices', $$
  merchant_supplier_id integer NOT NULL REFERENCES merchant_suppliers (id),
  merchant_location_id integer REFERENCES merchant_locations (id),
  office_kind text CHECK (office_kind IS NULL OR length(office_kind) <= 40),
  address text CHECK (address IS NULL OR length(address) <= 300),
  iata_code text CHECK (iata_code IS NULL OR iata_code ~ '^[A-Z]{3}$'),
  latitude numeric(9, 6) CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude numeric(9, 6) CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
$$);
CREATE INDEX merchant_offices_supplier_idx ON merchant_offices (merchant_supplier_id);
CREATE INDEX merchant_offices_location_idx ON merchant_offices (merchant_location_id);

-- Down Migration
DROP TABLE merchant_offices CASCADE;
