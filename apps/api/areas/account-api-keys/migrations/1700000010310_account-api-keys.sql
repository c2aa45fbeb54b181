-- Up Migration
-- Account API keys: the keys partner accounts call the public API with. The server makes each key
-- and answers it once; only its SHA-256 (hex) is kept here, so the public API finds a caller's key
-- by hashing what it was sent, and a copy of this table gives no one a key. The list view, record
-- view and save/delete procedures are generated from the area's manifest.

CREATE TABLE account_api_keys (
  id serial PRIMARY KEY,
  -- The partner account the key belongs to.
  account_name text NOT NULL CHECK (length(btrim(account_name)) BETWEEN 1 AND 200),
  description text CHECK (description IS NULL OR length(description) <= 1000),
  key_hash text NOT NULL CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  -- Written by the public API when the key authenticates a call; never by the console.
  last_used_at timestamptz,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  -- The public API's lookup of a presented key, and no two accounts sharing one.
  CONSTRAINT account_api_keys_key_hash_key UNIQUE (key_hash),
  CONSTRAINT account_api_keys_expires_at_check CHECK (expires_at IS NULL OR expires_at > created_at)
);
-- The list sorts by account; staff look for keys about to expire and keys left unused.
CREATE INDEX account_api_keys_account_idx ON account_api_keys (account_name, id);
CREATE INDEX account_api_keys_expires_idx ON account_api_keys (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX account_api_keys_last_used_idx ON account_api_keys (last_used_at);

-- Down Migration
-- The generated views go with the table; the next start re-creates them if the table is back.
DROP TABLE account_api_keys CASCADE;
DELETE FROM area_sql WHERE name IN ('v_account_api_keys', 'v_account_api_keys_record',
  'bm_account_api_keys_save', 'bm_account_api_keys_delete');
