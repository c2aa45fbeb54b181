-- Up Migration
-- Reviews: what customers wrote about their rental after it, in their language, one per
-- reservation. Staff moderate them (publish or reject) and may reply. Nobody creates or deletes a
-- review in the console. The list view, record view and save procedure are generated from the
-- area's manifest (docs/areas.md).

CREATE TABLE reviews (
  id serial PRIMARY KEY,
  -- A review goes with its reservation.
  reservation_id bigint NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  supplier text NOT NULL CONSTRAINT reviews_supplier_check CHECK (length(btrim(supplier)) BETWEEN 1 AND 100),
  rating smallint NOT NULL CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5),
  title text NOT NULL CONSTRAINT reviews_title_check CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  review_text text NOT NULL CONSTRAINT reviews_review_text_check CHECK (length(btrim(review_text)) BETWEEN 1 AND 4000),
  language_code text NOT NULL REFERENCES languages (code),
  status text NOT NULL DEFAULT 'pending' CONSTRAINT reviews_status_check
    CHECK (status IN ('pending', 'published', 'rejected')),
  -- Our answer, shown under the review once it is published.
  reply text CONSTRAINT reviews_reply_check CHECK (reply IS NULL OR length(reply) <= 2000),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT reviews_reservation_id_key UNIQUE (reservation_id)
);
-- The moderation queue (pending first, newest first) and the supplier's reviews.
CREATE INDEX reviews_status_submitted_idx ON reviews (status, submitted_at);
CREATE INDEX reviews_submitted_idx ON reviews (submitted_at);
CREATE INDEX reviews_supplier_idx ON reviews (supplier, rating);

-- Down Migration
DROP TABLE reviews CASCADE;
DELETE FROM area_sql WHERE name IN ('v_reviews', 'v_reviews_record', 'bm_reviews_save');
