-- Up Migration
-- Safe retries (docs/adr/0031-idempotency-keys.md): a write sent with an `Idempotency-Key` header
-- keeps its answer here for a day, per account and key, so the same request sent again (a retry
-- after a 503 or a dropped connection, on any instance) gets the first answer and is not done twice.
--
-- - fingerprint: SHA-256 of the method, the address and the body; the same key with another
--   request is refused (422).
-- - The row is inserted by the write's own transaction before its work, and its answer (status,
--   content type, body) stored by that transaction before it commits: a committed write always has
--   its answer, and a second request with the key waits on the row until the first commits (then
--   it is answered from the row) or rolls back (then it does the work itself). `status` is NULL
--   only inside that transaction.
-- - Rows older than 24 hours are ignored, replaced by a new request with their key, and deleted a
--   batch at a time by every keyed request (created_at's index).

CREATE TABLE idempotency_keys (
  account text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  request text NOT NULL,
  status integer,
  content_type text,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, key)
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);

-- Down Migration
DROP TABLE idempotency_keys;
