-- Up Migration
-- Price-watch cars: models, each in one car class.
-- Every rule is a constraint named <table>_<column>_check (or a trigger raising one), so a refused
-- save is a 400 naming the field. Each area's list view, record view and save/delete procedures are
-- generated from its manifest.

CREATE TABLE pricewatch_cars (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  make text NOT NULL CHECK (length(btrim(make)) BETWEEN 1 AND 100),
  model text NOT NULL CHECK (length(btrim(model)) BETWEEN 1 AND 100),
  car_class_id integer NOT NULL REFERENCES pricewatch_car_classes (id),
  doors smallint CHECK (doors IS NULL OR doors BETWEEN 2 AND 6),
  seats smallint CHECK (seats IS NULL OR seats BETWEEN 1 AND 17),
  bags smallint CHECK (bags IS NULL OR bags BETWEEN 0 AND 10),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT pricewatch_cars_name_key UNIQUE (name, car_class_id)
);
CREATE INDEX pricewatch_cars_class_idx ON pricewatch_cars (car_class_id);

-- Down Migration
DROP TABLE pricewatch_cars CASCADE;
